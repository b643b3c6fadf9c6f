import { useEffect } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { planTitle } from '../../../config/constants.ts';
import { formatCredits, formatNumber } from '../../../lib/format.ts';
import { creditsLabel } from '../../../lib/price-text.ts';
import { allowanceOf, usePlansStore } from '../../../lib/plans-store.ts';
import type { UserResponse as User } from '../../../../contract/auth.ts';

/** Percentage of the plan's allowance remaining: balance / allowance * 100 clamped to 0-100 (spec section 9). */
export function remainingPercent(balance: number, allowance: number): number {
  return allowance > 0 ? Math.max(0, Math.min(100, (balance / allowance) * 100)) : 0;
}

/** Account Status card: plan badge, credits, remaining bar and 'Manage Subscription' (spec section 2). */
export function AccountStatusCard({ user, oneDecimal }: { user: User | null; oneDecimal: boolean }) {
  const { t, i18n } = useLingui();
  const plan = user?.current_plan || 'Free';
  const balance = user?.credit_balance ?? 0;
  const cards = usePlansStore((s) => s.plans?.plans);
  useEffect(() => void usePlansStore.getState().load(), []);
  // The allowance is the server's (GET /v1/plans); the bar waits for it.
  const allowance = allowanceOf(plan, cards);
  const percent = allowance === null ? 0 : remainingPercent(balance, allowance);
  const percentText = formatNumber(percent, i18n.locale, {
    minimumFractionDigits: oneDecimal ? 1 : 0,
    maximumFractionDigits: oneDecimal ? 1 : 0,
  });
  const allowanceText = allowance === null ? '' : creditsLabel(allowance, i18n);
  return (
    <section className="card" aria-labelledby="account-status">
      <div className="card-header row">
        <h2 className="card-title grow" id="account-status">
          <Trans>Account Status</Trans>
        </h2>
        <span className="badge badge-primary plan-badge" data-testid="plan-badge" data-plan={plan}>
          {planTitle(plan, i18n)}
        </span>
      </div>
      <div className="card-body stack">
        <div className="credits-figure">
          <span className="credits-number" data-testid="credit-balance">
            {formatCredits(balance, i18n.locale)}
          </span>
          <span className="muted">
            <Trans>credits available</Trans>
          </span>
        </div>
        {allowance !== null ? (
          <>
            <ProgressBar
              value={percent}
              tone={percent < 15 ? 'warning' : 'primary'}
              label={t`Credits remaining`}
              valueText={`${percentText}%`}
            />
            <p className="muted small">
              {plan.toLowerCase() === 'free' ? (
                <Trans>
                  {percentText}% of your free credits ({allowanceText}) remaining. They are given once.
                </Trans>
              ) : (
                <Trans>
                  {percentText}% of your monthly allowance ({allowanceText}) remaining
                </Trans>
              )}
            </p>
          </>
        ) : null}
        <Link href="/subscription" className="btn btn-outline btn-block">
          <Trans>Manage Subscription</Trans>
        </Link>
      </div>
    </section>
  );
}
