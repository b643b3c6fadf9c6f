import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Logo } from '../../components/logo.tsx';
import { toast } from '../../components/toast/toast-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Icon } from '../../components/icon.tsx';

/** Navigation bar (spec section 2): links, language switcher, account menu or Sign In, mobile menu. */
export function Navbar() {
  const { t } = useLingui();
  const [location, navigate] = useLocation();
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const signOut = useSessionStore((s) => s.signOut);
  const [menuOpen, setMenuOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  // Menus close when the route changes (state adjusted while rendering, not in an effect).
  const [menusLocation, setMenusLocation] = useState(location);
  if (menusLocation !== location) {
    setMenusLocation(location);
    setMenuOpen(false);
    setMobileOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: MouseEvent) => !menuRef.current?.contains(e.target as Node) && setMenuOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [menuOpen]);

  const onSignOut = async () => {
    await signOut();
    toast({ title: t`Successfully signed out`, variant: 'success' });
    navigate('/');
  };

  const links = [
    { href: '/', label: t`Home` },
    { href: '/pricing', label: t`Pricing` },
    { href: '/studio', label: t`Studio` },
    ...(signedIn ? [{ href: '/subscription', label: t`Subscription` }] : []),
  ];
  const accountName = user?.full_name || user?.email || '';

  return (
    <header className="navbar">
      <div className="container navbar-inner">
        <Link href="/" className="brand" aria-label={t`Tarjama home`}>
          <Logo />
          <span className="brand-name">Tarjama</span>
        </Link>
        <nav className="nav-links" aria-label={t`Main`}>
          {links.map((link) => (
            <Link key={link.href} href={link.href} className={`nav-link${location === link.href ? ' active' : ''}`}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="nav-actions">
          <LanguageSwitcher />
          {signedIn && user ? (
            <div className="account-menu" ref={menuRef}>
              <button
                type="button"
                className="btn btn-outline btn-sm account-trigger"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen((o) => !o)}
                data-testid="account-menu"
              >
                <span className="avatar" aria-hidden="true">
                  {accountName.slice(0, 1).toUpperCase()}
                </span>
                <span className="account-name">{accountName}</span>
              </button>
              {menuOpen ? (
                <div className="menu" role="menu">
                  <p className="menu-heading">
                    <Trans>My Account</Trans>
                  </p>
                  <Link href="/settings" className="menu-item" role="menuitem">
                    <Trans>Settings</Trans>
                  </Link>
                  <Link href="/subscription" className="menu-item" role="menuitem">
                    <Trans>Subscription</Trans>
                  </Link>
                  <hr className="menu-separator" />
                  <button type="button" className="menu-item" role="menuitem" onClick={() => void onSignOut()}>
                    <Trans>Sign Out</Trans>
                  </button>
                </div>
              ) : null}
            </div>
          ) : (
            <Link href="/auth" className="btn btn-primary btn-sm nav-signin">
              <Trans>Sign In</Trans>
            </Link>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-sm mobile-toggle"
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            onClick={() => setMobileOpen((o) => !o)}
          >
            <Icon size={20}>
              <path d="M4 7h16M4 12h16M4 17h16" />
            </Icon>
            <span className="visually-hidden">
              <Trans>Navigation</Trans>
            </span>
          </button>
        </div>
      </div>
      {mobileOpen ? (
        <nav id="mobile-nav" className="mobile-nav container" aria-label={t`Navigation`}>
          {links.map((link) => (
            <Link key={link.href} href={link.href} className="mobile-link">
              {link.label}
            </Link>
          ))}
          {signedIn ? (
            <>
              <Link href="/settings" className="mobile-link">
                <Trans>Settings</Trans>
              </Link>
              <button type="button" className="mobile-link" onClick={() => void onSignOut()}>
                <Trans>Sign Out</Trans>
              </button>
            </>
          ) : (
            <Link href="/auth" className="mobile-link">
              <Trans>Sign In</Trans>
            </Link>
          )}
        </nav>
      ) : null}
    </header>
  );
}
