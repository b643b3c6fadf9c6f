import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { getUploadWorker, type UploadView } from '../../../lib/worker.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { Icon } from '../../../components/icon.tsx';

/**
 * One upload as the worker reports it: 'Uploading... N%' with the real byte percentage, paused (waiting for the
 * network), needs the file again (after a restart, when it was too big to keep), failed, or ready.
 */
export function UploadProgress({
  upload,
  onRemove,
  focusOnMount = false,
}: {
  upload: UploadView;
  onRemove: () => void;
  /** Moves the focus here when it appears (the user just chose the file). */
  focusOnMount?: boolean;
}) {
  const { t, i18n } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) box.current?.focus();
  }, [focusOnMount]);
  const size = formatBytes(upload.sizeBytes, i18n.locale);
  const sent = formatBytes(upload.bytesSent, i18n.locale);
  const percent = upload.percent;

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    try {
      await getUploadWorker().resumeUpload(upload.id, file);
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Unknown error occurred`),
        variant: 'destructive',
      });
    }
  };

  return (
    <div
      ref={box}
      tabIndex={-1}
      className={`upload-item upload-${upload.status}`}
      data-testid="upload-item"
      data-status={upload.status}
      aria-label={t`Chosen file: ${upload.filename}`}
      role="group"
    >
      <div className="upload-file-icon" aria-hidden="true">
        <Icon size={22}>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5" />
        </Icon>
      </div>
      <div className="upload-main">
        <p className="upload-name" title={upload.filename}>
          {upload.filename}
        </p>
        {upload.status === 'completed' ? (
          <p className="upload-meta ready">
            <Trans>{size} • Ready to process</Trans>
          </p>
        ) : upload.status === 'failed' ? (
          <p className="upload-meta error" role="alert">
            {upload.error ? describeError(upload.error, i18n, t`Failed to upload file`) : t`Failed to upload file`}
          </p>
        ) : upload.needsFile ? (
          <p className="upload-meta warn">
            <Trans>Paused at {percent}%. Pick the same file again to resume.</Trans>
          </p>
        ) : upload.status === 'paused' ? (
          <p className="upload-meta warn" data-testid="upload-paused">
            <Trans>
              Waiting for the connection... {percent}% ({sent} of {size})
            </Trans>
          </p>
        ) : (
          <p className="upload-meta" data-testid="upload-percent">
            <Trans>Uploading... {percent}%</Trans>{' '}
            <span className="muted">
              ({sent} / {size})
            </span>
          </p>
        )}
        {upload.status !== 'completed' && upload.status !== 'failed' ? (
          <ProgressBar
            value={percent}
            tone={upload.status === 'paused' || upload.needsFile ? 'warning' : 'primary'}
            label={t`Upload progress`}
          />
        ) : null}
      </div>
      <div className="upload-actions">
        {upload.needsFile ? (
          <>
            <input
              ref={picker}
              type="file"
              hidden
              onChange={(e) => void onPick(e.target.files?.[0])}
              data-testid="resume-file-input"
            />
            <button type="button" className="btn btn-outline btn-sm" onClick={() => picker.current?.click()}>
              <Trans>Choose file</Trans>
            </button>
          </>
        ) : null}
        {upload.status === 'failed' ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => void getUploadWorker().resumeUpload(upload.id)}
          >
            <Trans>Try again</Trans>
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          <Trans>Remove</Trans>
        </button>
      </div>
    </div>
  );
}
