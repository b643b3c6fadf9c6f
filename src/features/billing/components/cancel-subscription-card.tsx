import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { cancelSubscription } from '../api/billing.api.ts';

/** Cancel Subscription (the spec shows no action: it asks for confirmation, then cancels at period end). */
export function CancelSubscriptionCard({ onCanceled }: { onCanceled: () => void }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await cancelSubscription();
      const end = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(
        new Date(answer.current_period_end),
      );
      toast({
        title: t`Subscription canceled`,
        description: end ? t`You keep access until ${end}.` : t`You keep access until the end of the billing period.`,
        variant: 'success',
      });
      setOpen(false);
      onCanceled();
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
