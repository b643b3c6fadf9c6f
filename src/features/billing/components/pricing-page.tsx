import { useEffect } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Faq } from '../../../components/faq.tsx';
import { rateLabel } from '../../../lib/price-text.ts';
import { usePlansStore } from '../../../lib/plans-store.ts';
import { Spinner } from '../../../components/spinner.tsx';
import type { UserResponse as User } from '../../../../contract/auth.ts';
import { useCheckout } from './use-checkout.ts';
import { PlanCardView } from './plan-card.tsx';
import { TeamBillingNote } from './team-billing-note.tsx';
import './billing.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Pricing`;

/**
 * /pricing: plan cards from the API with the 'Current Plan' badge, FAQ and closing call to action.
 * The page holds still while it loads (issue 15 item 22, CLS < 0.1): plans and rates come from one store in one
 * render (drawn at once from the copy kept on the device on later visits); until the first answer, a placeholder
 * at least a screen tall stands where the cards go and nothing is drawn under it, so the cards, the rates
 * sentence and the FAQ appear together instead of pushing what was already on the screen.
 */
export function PricingPage({ user }: { user: User | null }) {
  useDocumentTitle(PAGE_TITLE);
  const { t, i18n } = useLingui();
  const answer = usePlansStore((s) => s.plans);
  const error = usePlansStore((s) => s.failed);
  useEffect(() => void usePlansStore.getState().load(), []);
  const plans = answer?.plans ?? null;
  const rates = answer?.rates ?? null;
  const subtitle = rates ? rateLabel(rates.subtitle, i18n) : '';
  const voice = rates ? rateLabel(rates.voice_over, i18n) : '';
  const cloned = rates ? rateLabel(rates.voice_clone, i18n) : '';
  const document = rates ? rateLabel(rates.document, i18n) : '';
  const { choose, busyPlan } = useCheckout(Boolean(user));
  const current = (user?.current_plan || 'Free').toLowerCase();

  return (
    <div className="page pricing">
      <div className="container">
        <header className="pricing-header">
          <h1>
            <Trans>Choose the plan that fits your content</Trans>
          </h1>
          <p data-testid="pricing-rates">
            <Trans>Paid plans renew their credits every month; the Free credits are given once.</Trans>{' '}
            {rates ? (
              <Trans>
                Subtitles cost {subtitle}, voice dubbing {voice} ({cloned} in the speakers' own voices), documents{' '}
                {document}, per target language.
              </Trans>
            ) : null}
          </p>
        </header>
        {user?.billing_managed_by ? <TeamBillingNote owner={user.billing_managed_by} /> : null}
        {/* The plan cards' titles are h3: this keeps the outline h1 -> h2 -> h3 (issue 15 item 22). */}
        <h2 className="visually-hidden">
          <Trans>Plans</Trans>
        </h2>
        {error ? (
          <p className="muted center-text" role="alert">
            <Trans>Plans could not be loaded. Check your connection and try again.</Trans>
          </p>
        ) : !plans ? (
          // Own keys: the cards replace this node; a node React reused and moved would count as a layout shift.
          <div key="placeholder" className="plan-grid-placeholder">
            <Spinner size="lg" label={t`Loading plans`} />
          </div>
        ) : (
          <div key="plans" className="plan-grid">
            {plans.map((plan) => (
              <PlanCardView
                key={plan.planName}
                plan={plan}
                current={Boolean(user) && plan.planName.toLowerCase() === current}
                busy={busyPlan === plan.planName}
                onChoose={(p) => void choose(p)}
                readOnly={Boolean(user?.billing_managed_by)}
              />
            ))}
          </div>
        )}
        {plans || error ? (
          <>
            <section className="section">
              <h2 className="section-title">
                <Trans>Frequently asked questions</Trans>
              </h2>
              <Faq
                items={[
                  {
                    q: <Trans>What is a credit?</Trans>,
                    a: rates ? (
                      <Trans>
                        Credits pay for processing, per target language: subtitles {subtitle}, voice dubbing {voice},
                        voice dubbing in the speakers' own voices {cloned}, documents {document}.
                      </Trans>
                    ) : (
                      <Trans>
                        Credits pay for processing, per minute of media or words of a document and target language.
                      </Trans>
                    ),
                  },
                  {
                    q: <Trans>Which formats do you support?</Trans>,
                    a: (
                      <Trans>
                        Upload MP4, MOV, AVI, MKV, MP3, WAV, M4A or DOCX. You get SRT and VTT subtitles, MP3 voice-over
                        and translated DOCX files.
                      </Trans>
                    ),
                  },
                  {
                    q: <Trans>How accurate is it?</Trans>,
                    a: (
                      <Trans>
                        The built-in engines get about 4 words in 5 right on clear English speech; a connected speech or
                        translation service does better. Quality depends on the audio and the language pair.
                      </Trans>
                    ),
                  },
                  {
                    q: <Trans>Can I edit the results?</Trans>,
                    a: (
                      <Trans>
                        Yes: open a finished job in the built-in editor to fix words and timings, then download again.
                        Translated documents open in Word.
                      </Trans>
                    ),
                  },
                  {
                    q: <Trans>How long does processing take?</Trans>,
                    a: <Trans>A few minutes for most files; paid plans get a faster queue.</Trans>,
                  },
                  {
                    q: <Trans>What happens when my credits run out?</Trans>,
                    a: (
                      <Trans>
                        Jobs that need more credits than you have are not started. Upgrade your plan, or on a paid plan
                        wait for the monthly renewal.
                      </Trans>
                    ),
                  },
                  {
                    q: <Trans>Is my content secure?</Trans>,
                    a: <Trans>Files are private to your account and uploaded videos are deleted after 30 days.</Trans>,
                  },
                  {
                    q: <Trans>Can I cancel at any time?</Trans>,
                    a: <Trans>Yes. You keep access until the end of the current billing period.</Trans>,
                  },
                ]}
              />
            </section>
            <section className="cta-plain card">
              <h2>
                <Trans>Still deciding?</Trans>
              </h2>
              <p className="muted">
                <Trans>Start with the free plan and upgrade when you need more.</Trans>
              </p>
              <Link href="/" className="btn btn-primary">
                <Trans>Back to home</Trans>
              </Link>
            </section>
          </>
        ) : null}
      </div>
    </div>
  );
}
