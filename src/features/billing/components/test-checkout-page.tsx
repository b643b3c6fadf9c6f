import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CHECKOUT_PLAN_KEY, confirmTestCheckout, goTo } from '../api/billing.api.ts';
import { copyOf } from '../plans.ts';
import { TestModeBanner } from './test-mode-banner.tsx';
import './billing.css';

/** /billing/test-checkout?session_id=...: the test-mode stand-in for a payment page. */
export function TestCheckoutPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const sessionId = new URLSearchParams(useSearch()).get('session_id') ?? '';
  const [busy, setBusy] = useState(false);
  let plan: { name?: string; planName?: string; price?: string | number; period?: string } = {};
  try {
    plan = JSON.parse(sessionStorage.getItem(CHECKOUT_PLAN_KEY) ?? '{}');
  } catch {
    plan = {};
  }
  const copy = plan.planName ? copyOf(plan.planName) : undefined;
  const price = typeof plan.price === 'number' ? `$${plan.price}` : (plan.price ?? '');

  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await confirmTestCheckout(sessionId);
      sessionStorage.removeItem(CHECKOUT_PLAN_KEY);
      goTo(answer.url || '/studio?subscription_success=true', navigate);
    } catch (error) {
      toast({ title: t`Error`, description: error instanceof ApiError ? error.message : t`An unexpected error occurred.`, variant: 'destructive' });
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <div className="container narrow stack">
        <TestModeBanner />
        <section className="card checkout-card">
          <div className="card-header">
            <h1 className="card-title"><Trans>Confirm your plan</Trans></h1>
            <p className="card-description"><Trans>This checkout runs in test mode: confirming applies the plan and its credits without any charge.</Trans></p>
          </div>
          <div className="card-body stack">
            <div className="checkout-summary">
              <span>{copy ? i18n._(copy.title) : plan.name || t`Selected plan`}</span>
              <strong dir="ltr">{price}{copy ? ` ${i18n._(copy.period)}` : plan.period ? ` ${plan.period}` : ''}</strong>
            </div>
            <p className="muted small" dir="ltr">{sessionId}</p>
            <div className="row">
              <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={busy || !sessionId}>
                {busy ? <Spinner size="sm" /> : null}
                <Trans>Confirm</Trans>
              </button>
              <Link href="/pricing" className="btn btn-outline"><Trans>Cancel</Trans></Link>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
