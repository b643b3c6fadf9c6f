import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RedubEstimateResponse } from '../../../../contract/tracks.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { formatDuration } from '../../../lib/format.ts';
import { creditsLabel } from '../../../lib/price-text.ts';
import { estimateRedub, redub } from '../api/editor.api.ts';

interface RedubDialogProps {
  jobId: string;
  language: string;
  languageName: string;
  onClose: () => void;
  /** The re-dub started (the job is processing again). */
  onStarted: () => void;
}

/** Re-dub: shows what would be voiced again and its price (POST redub/estimate) before the user confirms. */
export function RedubDialog({ jobId, language, languageName, onClose, onStarted }: RedubDialogProps) {
  const { i18n } = useLingui();
  const [estimate, setEstimate] = useState<RedubEstimateResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    estimateRedub(jobId, [language]).then(
      (answer) => live && setEstimate(answer),
      (e: unknown) => live && setError(describeError(errorInfoOf(e), i18n)),
    );
    return () => {
      live = false;
    };
  }, [jobId, language, i18n]);
  const start = async () => {
    setBusy(true);
    try {
      await redub(jobId, [language]);
      onStarted();
    } catch (e) {
      setError(describeError(errorInfoOf(e), i18n));
      setBusy(false);
    }
  };
  const stats = estimate?.languages[language];
  // '1 credit', '2 credits' and Arabic's plural forms (issue 22 item 12: the dialog said "1 credits").
  const credits = estimate ? creditsLabel(estimate.credits, i18n) : '';
  const balance = estimate ? creditsLabel(estimate.balance, i18n) : '';
  const changed = stats?.segments_changed ?? 0;
  const total = stats?.segments_total ?? 0;
  const seconds = estimate ? formatDuration(estimate.seconds, i18n.locale) : '';
  return (
    <Dialog
      open
      onClose={onClose}
      title={<Trans>Re-dub {languageName}</Trans>}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <BusyButton
            type="button"
            className="btn btn-primary"
            busy={busy}
            disabled={!estimate || changed === 0 || estimate.credits > estimate.balance}
            onClick={() => void start()}
            data-testid="redub-confirm"
          >
            <Trans>Re-dub for {credits}</Trans>
          </BusyButton>
        </>
      }
    >
      <div className="stack" data-testid="redub-estimate">
        {!estimate && !error ? <Spinner /> : null}
        {estimate ? (
          <>
            <p>
              <Trans>
                {changed} of {total} segments changed ({seconds}). Only these are voiced again; the others are kept.
              </Trans>
            </p>
            <p>
              <strong>
                <Trans>Price: {credits}</Trans>
              </strong>{' '}
              <span className="muted">
                <Trans>Balance: {balance}</Trans>
              </span>
            </p>
            {estimate.credits > estimate.balance ? (
              <p className="field-error">
                <Trans>Not enough credits for this re-dub.</Trans>
              </p>
            ) : null}
          </>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
