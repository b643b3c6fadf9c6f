import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { cancelSubscription } from '../api/billing.api.ts';
import { formatDay } from '../../../lib/format.ts';

interface CancelSubscriptionCardProps {
  /** Called after the cancellation with the day the plan ends (ISO 8601). */
  onCanceled: (planEndsAt: string) => void;
  /** The day a plan already cancelled ends (ISO 8601): the card shows that instead of a Cancel button. */
  endsAt?: string | null;
  /** The confirmation dialog, when the page opens it too ("Downgrade to Free"); the card's own state otherwise. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Cancel Subscription (the spec shows no action: it asks for confirmation, then cancels at period end). Once
 * cancelled it says until when the plan lasts, with nothing left to press (issue 22 item 9).
 */
export function CancelSubscriptionCard({ onCanceled, endsAt, open: shown, onOpenChange }: CancelSubscriptionCardProps) {
  const { t, i18n } = useLingui();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = shown ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await cancelSubscription();
      // The day as the page writes it (formatDay): the toast said "January 1, 2027" beside "1 Jan 2027" (issue 38).
      const end = answer.current_period_end ? formatDay(answer.current_period_end, i18n.locale) : '';
      toast({
        title: t`Subscription canceled`,
        description: end ? t`You keep access until ${end}.` : t`You keep access until the end of the billing period.`,
        variant: 'success',
      });
      setOpen(false);
      onCanceled(answer.current_period_end);
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`An unexpected error occurred.`),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  if (endsAt) {
    const end = formatDay(endsAt, i18n.locale);
    return (
      <section className="card" id="cancel-subscription" tabIndex={-1} data-testid="subscription-cancelled">
        <div className="card-header">
          <h2 className="card-title">
            <Trans>Subscription cancelled</Trans>
          </h2>
          <p className="card-description">
            <Trans>
              Nothing more will be billed. You keep your plan and credits until {end}; then the account moves to Free.
            </Trans>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="card danger-card" id="cancel-subscription" tabIndex={-1}>
      <div className="card-header">
        <h2 className="card-title">
          <Trans>Cancel Subscription</Trans>
        </h2>
        <p className="card-description">
          <Trans>
            Cancel your subscription to stop future billing. You'll retain access until your current billing period
            ends.
          </Trans>
        </p>
      </div>
      <div className="card-body">
        <button type="button" className="btn btn-outline danger-outline" onClick={() => setOpen(true)}>
          <Trans>Cancel Subscription</Trans>
        </button>
      </div>
      <Dialog
        open={open}
        role="alertdialog"
        onClose={() => !busy && setOpen(false)}
        title={<Trans>Cancel your subscription?</Trans>}
        description={
          <Trans>Future billing stops. You keep your plan and credits until the current billing period ends.</Trans>
        }
        footer={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)} disabled={busy}>
              <Trans>Keep subscription</Trans>
            </button>
            <button type="button" className="btn btn-destructive" onClick={() => void confirm()} disabled={busy}>
              {busy ? <Trans>Canceling...</Trans> : <Trans>Cancel Subscription</Trans>}
            </button>
          </>
        }
      />
    </section>
  );
}
