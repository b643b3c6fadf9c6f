import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanCard as Plan } from '../../../../contract/billing.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { copyOf, MOST_POPULAR, PAYG } from '../plans.ts';
import { translate } from '../../../lib/i18n.ts';

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  busy: boolean;
  onChoose: (plan: Plan) => void;
  /** Button text override (subscription page: 'Upgrade to {plan}' / 'Downgrade to Free'). */
  actionLabel?: string;
  /** The button shows but cannot be pressed (Free after a cancellation: the move is already planned). */
  disabled?: boolean;
  /** No button at all: someone else manages this account's billing (a team member; issue 38 item 4). */
  readOnly?: boolean;
}

/** One plan: price, credits, features; the current plan shows a 'Current Plan' badge instead of a button. */
export function PlanCardView({ plan, current, busy, onChoose, actionLabel, disabled, readOnly }: PlanCardProps) {
  const { i18n } = useLingui();
  const copy = copyOf(plan.planName || plan.name);
  const price = plan.price;
  // The API words the rate as '$0.05/credit'; the sentence around it already says 'per extra credit'.
  const payg = plan.payAsYouGo ? plan.payAsYouGo.replace(/\s*\/\s*credit$/i, '') : null;
  return (
    <article
      className={`card plan${plan.popular ? ' popular' : ''}${current ? ' current' : ''}`}
      data-testid="plan-card"
      data-plan={plan.planName}
    >
      {plan.popular ? <span className="plan-ribbon">{i18n._(MOST_POPULAR)}</span> : null}
      <h3 className="plan-name">
        {copy ? i18n._(copy.title) : plan.name}
        {current && actionLabel ? (
          <span className="badge badge-green plan-current-tag">
            <Trans>Current</Trans>
          </span>
        ) : null}
      </h3>
      <p className="plan-description">{copy ? i18n._(copy.description) : plan.description}</p>
      <p className="plan-price">
        <span className="amount" dir="ltr">
          {price}
        </span>
        <span className="period">{copy ? i18n._(copy.period) : plan.period}</span>
      </p>
      {payg ? <p className="plan-payg">{translate(PAYG, { rate: payg })}</p> : <p className="plan-payg">&nbsp;</p>}
      {current ? (
        <div className="plan-current" data-testid="current-plan-badge">
          <Trans>Current Plan</Trans>
        </div>
      ) : readOnly ? null : (
        <BusyButton
          busy={busy}
          disabled={disabled}
          type="button"
          className={`btn btn-block ${plan.popular ? 'btn-gradient' : 'btn-outline'}`}
          onClick={() => onChoose(plan)}
        >
          {actionLabel ?? (copy ? i18n._(copy.button) : plan.buttonText)}
        </BusyButton>
      )}
      <ul className="plan-features">
        {(copy ? copy.features.map((f) => i18n._(f)) : plan.features).map((f) => (
          <li key={f}>
            <span className="tick" aria-hidden="true">
              ✓
            </span>
            {f}
          </li>
        ))}
        {(copy ? copy.limitations.map((f) => i18n._(f)) : plan.limitations).map((f) => (
          <li key={f} className="limitation">
            <span className="tick" aria-hidden="true">
              –
            </span>
            {f}
          </li>
        ))}
      </ul>
    </article>
  );
}
