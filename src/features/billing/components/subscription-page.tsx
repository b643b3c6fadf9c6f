import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { formatCredits, formatDay } from '../../../lib/format.ts';
import type { UserResponse as User } from '../../../../contract/auth.ts';
import type { BillingHistoryResponse as BillingHistory, PlanCard } from '../../../../contract/billing.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { createPortalSession, fetchBillingHistory, fetchPlans, goTo } from '../api/billing.api.ts';
import { copyOf } from '../plans.ts';
import { PlanCardView } from './plan-card.tsx';
import { useCheckout } from './use-checkout.ts';
import { BillingHistoryList } from './billing-history-list.tsx';
import { CancelSubscriptionCard } from './cancel-subscription-card.tsx';
import { CreditPacksCard } from './credit-packs-card.tsx';
import { TeamBillingNote } from './team-billing-note.tsx';
import './billing.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Subscription`;

/** /subscription: current plan, available plans, billing history, portal and cancellation (spec section 2). */
export function SubscriptionPage({ user, refreshUser }: { user: User | null; refreshUser: () => void }) {
  useDocumentTitle(PAGE_TITLE);
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [plans, setPlans] = useState<PlanCard[] | null>(null);
  const [history, setHistory] = useState<BillingHistory | null>(null);
  const [loadingHistory, setLoadingHistory] = useState(true);
  const plan = user?.current_plan || 'Free';
  // A team member's plan and credits are the team's: only its owner changes them (issue 38 item 4).
  const managedBy = user?.billing_managed_by ?? null;
  const isFree = plan.toLowerCase() === 'free';

  useEffect(() => {
    fetchPlans().then(setPlans, () => setPlans([]));
  }, []);
  useEffect(() => {
    if (!user) return;
    fetchBillingHistory()
      .then(setHistory, () =>
        toast({ title: t`Error`, description: t`Failed to fetch billing history`, variant: 'destructive' }),
      )
      .finally(() => setLoadingHistory(false));
  }, [user, t]);

  const openPortal = async () => {
    toast({ title: t`Redirecting...` });
    try {
      goTo(await createPortalSession(), navigate);
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Could not open billing portal.`),
        variant: 'destructive',
      });
    }
  };
  // Plan changes go through the same checkout as /pricing (the portal only shows invoices and cancellation);
  // moving to Free is the cancellation: "Downgrade to Free" asks for it (issue 22 item 9).
  const { choose, busyPlan } = useCheckout(Boolean(user));
  const [cancelOpen, setCancelOpen] = useState(false);
  const endsAt = isFree ? null : (history?.plan_ends_at ?? null);
  const changePlan = (p: PlanCard) => {
    if (p.planName.toLowerCase() === 'free') {
      setCancelOpen(true);
      return;
    }
    void choose(p);
  };
  const onCanceled = (planEndsAt: string) => {
    setHistory((h) => ({ invoices: h?.invoices ?? [], next_billing_date: null, plan_ends_at: planEndsAt }));
    refreshUser();
  };

  const nextBilling =
    isFree || !history?.next_billing_date ? t`N/A` : formatDay(history.next_billing_date, i18n.locale);
  const currentPlanIndex = plans?.findIndex((p) => p.planName.toLowerCase() === plan.toLowerCase()) ?? -1;
  const planTitle = (p: PlanCard) => (copyOf(p.planName) ? i18n._(copyOf(p.planName)!.title) : p.name);
  const planLabel = copyOf(plan) ? i18n._(copyOf(plan)!.title) : plan;
  const endDay = endsAt ? formatDay(endsAt, i18n.locale) : '';

  return (
    <div className="page">
      <div className="container stack">
        <header className="page-header">
          <h1>
            <Trans>Subscription Management</Trans>
          </h1>
          <p>
            <Trans>Manage your plan and billing information</Trans>
          </p>
        </header>
        <section className="card">
          <div className="card-header">
            <h2 className="card-title">
              <Trans>Current Plan</Trans>
            </h2>
          </div>
          <div className="card-body current-plan-grid">
            <div>
              <p className="muted small">
                <Trans>Plan</Trans>
              </p>
              <span className="badge badge-primary" data-testid="subscription-plan" data-plan={plan}>
                {planLabel}
              </span>
            </div>
            <div>
              <p className="muted small">
                <Trans>Credits Remaining</Trans>
              </p>
              <strong className="big">{formatCredits(user?.credit_balance, i18n.locale)}</strong>
            </div>
            <div>
              <p className="muted small">
                <Trans>Next Billing</Trans>
              </p>
              <strong className="big" dir="ltr">
                {nextBilling}
              </strong>
            </div>
          </div>
          {endsAt ? (
            <p className="card-body muted" data-testid="subscription-ends">
              <Trans>
                Cancelled: {planLabel} ends on {endDay}. Your account then moves to Free.
              </Trans>
            </p>
          ) : null}
        </section>
        {managedBy ? <TeamBillingNote owner={managedBy} /> : null}
        <section>
          <h2>
            <Trans>Available Plans</Trans>
          </h2>
          {!plans ? (
            <Spinner />
          ) : (
            <div className="plan-grid">
              {plans.map((p, index) => (
                <PlanCardView
                  key={p.planName}
                  plan={p}
                  current={index === currentPlanIndex}
                  busy={busyPlan === p.planName}
                  onChoose={changePlan}
                  readOnly={managedBy !== null}
                  disabled={p.planName.toLowerCase() === 'free' && Boolean(endsAt)}
                  actionLabel={
                    p.planName.toLowerCase() === 'free'
                      ? endsAt
                        ? t`Free from ${endDay}`
                        : t`Downgrade to Free`
                      : index < currentPlanIndex
                        ? t`Change to ${planTitle(p)}`
                        : t`Upgrade to ${planTitle(p)}`
                  }
                />
              ))}
            </div>
          )}
        </section>
        {!isFree && !managedBy ? (
          <>
            <section className="card">
              <div className="card-header row">
                <h2 className="card-title grow">
                  <Trans>Billing History</Trans>
                </h2>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => void openPortal()}>
                  <Trans>Manage Billing Portal</Trans>
                </button>
              </div>
              <div className="card-body">
                <BillingHistoryList invoices={history?.invoices ?? null} loading={loadingHistory} />
              </div>
            </section>
            {payAsYouGoCents(plans, plan) !== null ? (
              <CreditPacksCard centsPerCredit={payAsYouGoCents(plans, plan)!} />
            ) : null}
            <CancelSubscriptionCard
              onCanceled={onCanceled}
              endsAt={endsAt}
              open={cancelOpen}
              onOpenChange={setCancelOpen}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The pay-as-you-go rate of `planName` in cents per credit, from its card's '$0.10/credit'; null when none. */
function payAsYouGoCents(plans: PlanCard[] | null, planName: string): number | null {
  const card = plans?.find((p) => p.planName.toLowerCase() === planName.toLowerCase());
  const m = card?.payAsYouGo?.match(/^\$(\d+(?:\.\d+)?)\/credit$/);
  return m ? Math.round(Number(m[1]) * 100) : null;
}
