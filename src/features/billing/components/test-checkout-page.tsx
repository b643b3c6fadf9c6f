import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { CREDIT_PACK_SESSION, type TestCheckoutSessionResponse as TestSession } from '../../../../contract/billing.ts';
import { errorInfoOf, type ErrorInfo } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { formatCredits } from '../../../lib/format.ts';
import { CHECKOUT_PLAN_KEY, confirmTestCheckout, describeTestSession, goTo } from '../api/billing.api.ts';
import { copyOf } from '../plans.ts';
import { TestModeBanner } from './test-mode-banner.tsx';
import './billing.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Test checkout`;

/** /billing/test-checkout?session_id=...: the test-mode stand-in for a payment page (no payment is taken). */
export function TestCheckoutPage() {
  useDocumentTitle(PAGE_TITLE);
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const sessionId = new URLSearchParams(useSearch()).get('session_id') ?? '';
  const [session, setSession] = useState<TestSession | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    describeTestSession(sessionId).then(setSession, (e: unknown) => setError(errorInfoOf(e)));
  }, [sessionId]);

  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await confirmTestCheckout(sessionId);
      sessionStorage.removeItem(CHECKOUT_PLAN_KEY);
      goTo(answer.url || '/studio?subscription_success=true', navigate);
    } catch (e) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(e), i18n, t`An unexpected error occurred.`),
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  const plan = session?.plan;
  const copy = plan ? copyOf(plan.planName) : undefined;
  // A credit pack is bought once (issue 38 item 4: its page said "Confirm your plan" and "credits per month").
  const pack = plan?.planName === CREDIT_PACK_SESSION;
  return (
    <div className="page">
      <div className="container narrow stack">
        <TestModeBanner />
        <section className="card checkout-card">
          <div className="card-header">
            <h1 className="card-title">
              {pack ? <Trans>Confirm your credit pack</Trans> : <Trans>Confirm your plan</Trans>}
            </h1>
            <p className="card-description">
              {pack ? (
                <Trans>This checkout runs in test mode: confirming adds the credits once, without any charge.</Trans>
              ) : (
                <Trans>
                  This checkout runs in test mode: confirming applies the plan and its credits without any charge.
                </Trans>
              )}
            </p>
          </div>
          <div className="card-body stack">
            {error ? (
              <p className="field-error" role="alert">
                {describeError(error, i18n, t`This checkout session is invalid or has expired.`)}
              </p>
            ) : !plan ? (
              <Spinner />
            ) : (
              <div className="checkout-summary" data-testid="checkout-summary">
                <span>
                  <strong>
                    {pack ? (
                      <Trans>Pack of {formatCredits(plan.credits, i18n.locale)} credits</Trans>
                    ) : copy ? (
                      i18n._(copy.title)
                    ) : (
                      plan.name
                    )}
                  </strong>
                  <br />
                  <small className="muted">
                    {pack ? (
                      <Trans>One-time payment. The credits do not expire with your monthly credits.</Trans>
                    ) : (
                      <Trans>{formatCredits(plan.credits, i18n.locale)} credits per month</Trans>
                    )}
                  </small>
                </span>
                <strong dir="ltr">${plan.amount.toFixed(2)}</strong>
              </div>
            )}
            <div className="row">
              <BusyButton
                busy={busy}
                type="button"
                className="btn btn-primary"
                onClick={() => void confirm()}
                disabled={!plan}
              >
                <Trans>Confirm</Trans>
              </BusyButton>
              <Link href="/pricing" className="btn btn-outline">
                <Trans>Cancel</Trans>
              </Link>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
