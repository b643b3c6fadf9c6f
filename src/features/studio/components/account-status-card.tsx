import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { allowanceOf, PLAN_TITLES } from '../../../config/constants.ts';
import { formatCredits } from '../../../lib/format.ts';
import type { User } from '../../../lib/api-types.ts';

/** Percentage of the plan's allowance remaining: balance / allowance * 100 clamped to 0-100 (spec section 9). */
export function remainingPercent(balance: number, plan: string | null | undefined): number {
  return Math.max(0, Math.min(100, (balance / allowanceOf(plan)) * 100));
}

/** Account Status card: plan badge, credits, remaining bar and 'Manage Subscription' (spec section 2). */
export function AccountStatusCard({ user, oneDecimal }: { user: User | null; oneDecimal: boolean }) {
  const { i18n } = useLingui();
  const plan = user?.current_plan || 'Free';
  const balance = user?.credit_balance ?? 0;
  const percent = remainingPercent(balance, plan);
  const percentText = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: oneDecimal ? 1 : 0, maximumFractionDigits: oneDecimal ? 1 : 0 }).format(percent);
  return (
    <section className="card" aria-labelledby="account-status">
      <div className="card-header row">
        <h2 className="card-title grow" id="account-status"><Trans>Account Status</Trans></h2>
        <span className="badge badge-primary plan-badge" data-testid="plan-badge" data-plan={plan}>{PLAN_TITLES[plan.toLowerCase()] ? i18n._(PLAN_TITLES[plan.toLowerCase()]) : plan}</span>
      </div>
      <div className="card-body stack">
        <div className="credits-figure">
          <span className="credits-number" data-testid="credit-balance">{formatCredits(balance, i18n.locale)}</span>
          <span className="muted"><Trans>credits available</Trans></span>
        </div>
        <ProgressBar value={percent} tone={percent < 15 ? 'warning' : 'primary'} />
        <p className="muted small"><Trans>{percentText}% of your monthly allowance ({allowanceOf(plan)} credits) remaining</Trans></p>
        <Link href="/subscription" className="btn btn-outline btn-block"><Trans>Manage Subscription</Trans></Link>
      </div>
    </section>
  );
}
