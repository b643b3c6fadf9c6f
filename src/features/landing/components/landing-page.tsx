import { useEffect } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { languageLabel } from '../../../config/languages.ts';
import { formatList } from '../../../lib/format.ts';
import { useCapabilitiesStore } from '../../../lib/capabilities.ts';
import { Faq } from '../../../components/faq.tsx';
import { PriceTeaser } from './price-teaser.tsx';
import './landing.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`AI subtitles, voice-over and document translation`;

const Icon = ({ d }: { d: string }) => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

/** Landing page (spec section 2): hero, features, 3 steps, pricing teaser, FAQ, closing call to action. */
export function LandingPage() {
  useDocumentTitle(PAGE_TITLE);
  return (
    <div className="landing">
      <section className="hero">
        <div className="container hero-inner">
          <span className="eyebrow">
            <Trans>AI translation and dubbing</Trans>
          </span>
          <h1 className="hero-title">
            <Trans>
              Make every video speak <span className="gradient-text">your audience's language</span>
            </Trans>
          </h1>
          <p className="hero-subtitle">
            <Trans>
              Subtitles, AI voice-over and document translation. Upload once, download everything in minutes.
            </Trans>
          </p>
          <div className="hero-actions">
            <Link href="/auth?tab=signup" className="btn btn-gradient btn-lg">
              <Trans>Start Free Trial</Trans>
            </Link>
            {/* What it does: there is no demo video to watch (issue 38 item 4, docs/teams-and-wording.md). */}
            <a href="#how-it-works" className="btn btn-outline btn-lg">
              <Icon d="M12 5v14M6 13l6 6 6-6" />
              <Trans>See how it works</Trans>
            </a>
          </div>
          <ul className="hero-stats">
            <li>
              {/* What the built-in engines deliver, not a neural service's figure (issue 22 item 12):
                  pocketsphinx, WER 21.6% on clean read English (../shared/docs/engines.md). */}
              <strong>
                <Trans>4 in 5</Trans>
              </strong>
              <span>
                <Trans>words right on clear English speech, built in</Trans>
              </span>
            </li>
            <li>
              <strong>10x</strong>
              <span>
                <Trans>faster than manual</Trans>
              </span>
            </li>
            <li>
              <strong>10,000+</strong>
              <span>
                <Trans>happy customers</Trans>
              </span>
            </li>
            <li>
              <strong>
                <Trans>Enterprise-grade</Trans>
              </strong>
              <span>
                <Trans>security</Trans>
              </span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section" id="features">
        <div className="container">
          <h2 className="section-title">
            <Trans>Everything you need to go global</Trans>
          </h2>
          <p className="section-subtitle">
            <Trans>No setup required. Professional quality from the first upload.</Trans>
          </p>
          <div className="feature-grid">
            <article className="card feature">
              <div className="feature-icon">
                <Icon d="M4 6h16v12H4zM7 14h4M13 14h4M7 11h10" />
              </div>
              <h3>
                <Trans>Smart Subtitle Generation</Trans>
              </h3>
              <p>
                <Trans>Accurate, perfectly timed subtitles as SRT and VTT, ready for any player or platform.</Trans>
              </p>
            </article>
            <article className="card feature">
              <div className="feature-icon">
                <Icon d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
              </div>
              <h3>
                <Trans>Voice Dubbing</Trans>
              </h3>
              <p>
                <Trans>AI voices that follow the timing of the original speech, mixed over your soundtrack.</Trans>
              </p>
            </article>
            <article className="card feature">
              <div className="feature-icon">
                <Icon d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6" />
              </div>
              <h3>
                <Trans>Document Translation</Trans>
              </h3>
              <p>
                <Trans>
                  Word documents translated with their formatting preserved: styles, tables and layout stay in place.
                </Trans>
              </p>
            </article>
            <article className="card feature">
              <div className="feature-icon">
                <Icon d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
              </div>
              <h3>
                <Trans>Video translation across languages</Trans>
              </h3>
              <p>
                <AvailableLanguages />
              </p>
            </article>
            <article className="card feature">
              <div className="feature-icon">
                <Icon d="M5 13l4 4L19 7" />
              </div>
              <h3>
                <Trans>Professional quality</Trans>
              </h3>
              <p>
                <Trans>Subtitle lines cut to broadcast rules and loudness-matched voice-over.</Trans>
              </p>
            </article>
            <article className="card feature">
              <div className="feature-icon">
                <Icon d="M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z" />
              </div>
              <h3>
                <Trans>Enterprise-grade security</Trans>
              </h3>
              <p>
                <Trans>
                  Your files are private, transferred encrypted and uploaded videos are deleted after 30 days.
                </Trans>
              </p>
            </article>
          </div>
        </div>
      </section>

      <section className="section steps-section" id="how-it-works">
        <div className="container">
          <h2 className="section-title">
            <Trans>How it works</Trans>
          </h2>
          <p className="section-subtitle">
            <Trans>Three steps from your original to a global release.</Trans>
          </p>
          <ol className="steps">
            <li className="step">
              <span className="step-number">1</span>
              <h3>
                <Trans>Upload content</Trans>
              </h3>
              <p>
                <Trans>Drop a video, audio file or Word document, or paste a YouTube link.</Trans>
              </p>
            </li>
            <li className="step">
              <span className="step-number">2</span>
              <h3>
                <Trans>Choose languages</Trans>
              </h3>
              <p>
                <Trans>Pick target languages and outputs: subtitles, voice-over or documents.</Trans>
              </p>
            </li>
            <li className="step">
              <span className="step-number">3</span>
              <h3>
                <Trans>Download and share</Trans>
              </h3>
              <p>
                <Trans>Preview the result and download your files, ready to publish.</Trans>
              </p>
            </li>
          </ol>
        </div>
      </section>

      <section className="section">
        <div className="container teaser card">
          <div>
            <h2>
              <Trans>Simple, credit-based pricing</Trans>
            </h2>
            <p className="muted">
              <PriceTeaser />
            </p>
          </div>
          <Link href="/pricing" className="btn btn-primary btn-lg">
            <Trans>See plans</Trans>
          </Link>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <h2 className="section-title">
            <Trans>Frequently asked questions</Trans>
          </h2>
          <Faq
            items={[
              {
                q: <Trans>Which file formats can I upload?</Trans>,
                a: (
                  <Trans>
                    Video and audio such as MP4, MOV, AVI, MKV, MP3, WAV and M4A up to 2 GB, and Word documents (.docx)
                    up to 50 MB.
                  </Trans>
                ),
              },
              {
                q: <Trans>How accurate are the translations?</Trans>,
                a: (
                  <Trans>
                    The built-in engines get about 4 words in 5 right on clear English speech and translate with rules;
                    a speech or translation service your administrator connects does better. Fix any word and timing in
                    the built-in editor before you download.
                  </Trans>
                ),
              },
              {
                q: <Trans>How long does processing take?</Trans>,
                a: (
                  <Trans>
                    Most videos are ready in a few minutes; you can follow the progress of each job in the studio.
                  </Trans>
                ),
              },
              {
                q: <Trans>Is my content secure?</Trans>,
                a: <Trans>Yes. Files are private to your account and uploaded videos are deleted after 30 days.</Trans>,
              },
            ]}
          />
        </div>
      </section>

      <section className="section">
        <div className="container cta">
          <h2>
            <Trans>Ready to reach a global audience?</Trans>
          </h2>
          <p>
            <Trans>Join thousands of creators and businesses translating with Tarjama.</Trans>
          </p>
          <div className="hero-actions">
            <a href="#features" className="btn btn-outline-light btn-lg">
              <Trans>Learn More</Trans>
            </a>
            <Link href="/pricing" className="btn btn-light btn-lg">
              <Trans>View Pricing</Trans>
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The target languages the server's engines translate into (GET /v1/capabilities), never a promise it cannot keep. */
function AvailableLanguages() {
  const { i18n } = useLingui();
  const caps = useCapabilitiesStore((s) => s.languages);
  useEffect(() => void useCapabilitiesStore.getState().load(), []);
  const reachable = caps
    ? Object.values(caps)
        .filter((l) => l.translation_from.length > 0)
        .map((l) => languageLabel(l.code, i18n))
    : [];
  if (reachable.length === 0) return <Trans>Reach viewers in their own language.</Trans>;
  const list = formatList(reachable, i18n.locale);
  return <Trans>Available now: {list}.</Trans>;
}
