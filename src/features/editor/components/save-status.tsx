import { Trans, useLingui } from '@lingui/react/macro';
import { describeError } from '../../../lib/error-text.ts';
import { isAppErrorCode } from '../../../lib/api-error.ts';
import { useEditorStore } from '../store.ts';

/** "Saved" / "Saving…" / "Not saved: offline" and the other save states, announced politely. */
export function SaveStatus({ onRetry }: { onRetry: () => void }) {
  const { i18n } = useLingui();
  const save = useEditorStore((s) => s.save);
  const code = useEditorStore((s) => s.saveError);
  return (
    <p
      className={`save-status save-${save}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={save}
    >
      {save === 'saved' ? <Trans>Saved</Trans> : null}
      {save === 'pending' || save === 'saving' ? <Trans>Saving…</Trans> : null}
      {save === 'offline' ? <Trans>Not saved: offline. Your edits are kept on this device.</Trans> : null}
      {save === 'invalid' ? <Trans>Not saved: a subtitle has no text.</Trans> : null}
      {save === 'conflict' ? <Trans>Not saved: the job changed elsewhere.</Trans> : null}
      {save === 'error' ? (
        <>
          <Trans>Not saved:</Trans>{' '}
          {describeError({ code: isAppErrorCode(code) ? code : 'UNKNOWN', status: 0, details: {} }, i18n)}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </>
      ) : null}
    </p>
  );
}
