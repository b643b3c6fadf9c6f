import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { Logo } from '../../components/logo.tsx';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-inner">
        <div className="row">
          <Logo size={24} />
          <strong>Tarjama</strong>
          <span className="muted">
            <Trans>AI subtitles, voice-over and document translation.</Trans>
          </span>
        </div>
        <nav className="row footer-links">
          <Link href="/pricing">
            <Trans>Pricing</Trans>
          </Link>
          <Link href="/studio">
            <Trans>Studio</Trans>
          </Link>
          <span className="muted">© 2026 Tarjama</span>
        </nav>
      </div>
    </footer>
  );
}
