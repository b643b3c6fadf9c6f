import { Trans, useLingui } from '@lingui/react/macro';
import { useProTools } from '../pro-store.ts';
import { useEditorStore } from '../store.ts';
import type { ProActions } from '../use-pro-actions.ts';
import { RevisionsDialog } from './revisions-dialog.tsx';
import { ShiftDialog } from './shift-dialog.tsx';

/**
 * The subtitler's tools under the edit toolbar: set the selected cue's start or end at the playhead, shift every
 * time after a point, find and replace, and the revisions list; with the dialogs they open.
 */
export function ProToolbar({ jobId, actions }: { jobId: string; actions: ProActions }) {
  const { t } = useLingui();
  const dialog = useProTools((s) => s.dialog);
  const setDialog = useProTools((s) => s.setDialog);
  const openFind = useProTools((s) => s.openFind);
  const time = useEditorStore((s) => s.time);
  const close = () => setDialog(null);
  return (
    <>
      <div className="edit-toolbar pro-toolbar" role="toolbar" aria-label={t`Timing and search`}>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={actions.setStartAtPlayhead}
          aria-keyshortcuts="Alt+BracketLeft"
          data-testid="set-start"
        >
          <Trans>Start at playhead</Trans>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={actions.setEndAtPlayhead}
          aria-keyshortcuts="Alt+BracketRight"
          data-testid="set-end"
        >
          <Trans>End at playhead</Trans>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setDialog('shift')}
          aria-keyshortcuts="Alt+T"
          data-testid="open-shift"
        >
          <Trans>Shift times…</Trans>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={openFind}
          aria-keyshortcuts="Control+F"
          data-testid="open-find"
        >
          <Trans>Find and replace</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setDialog('revisions')}
          data-testid="open-revisions"
        >
          <Trans>Revisions</Trans>
        </button>
      </div>
      {dialog === 'shift' ? <ShiftDialog from={time} onClose={close} onShift={actions.shift} /> : null}
      {dialog === 'revisions' ? <RevisionsDialog jobId={jobId} onClose={close} /> : null}
    </>
  );
}
