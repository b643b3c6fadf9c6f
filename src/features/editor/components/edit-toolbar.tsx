import { Trans, useLingui } from '@lingui/react/macro';
import { useEditorStore } from '../store.ts';

export interface ToolbarActions {
  split: () => void;
  merge: () => void;
  insert: () => void;
  remove: () => void;
}

/** Split at the playhead, merge with next, insert, delete (on the selected cue), undo and redo. */
export function EditToolbar({ split, merge, insert, remove }: ToolbarActions) {
  const { t } = useLingui();
  const hasActive = useEditorStore((s) => s.activeId !== null);
  const canUndo = useEditorStore((s) => Boolean(s.history?.past.length));
  const canRedo = useEditorStore((s) => Boolean(s.history?.future.length));
  const undo = useEditorStore((s) => s.undo);
  const redo = useEditorStore((s) => s.redo);
  return (
    <div className="edit-toolbar" role="toolbar" aria-label={t`Edit subtitles`}>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={!hasActive}
        onClick={split}
        aria-keyshortcuts="Alt+S"
      >
        <Trans>Split at playhead</Trans>
      </button>
      <button type="button" className="btn btn-outline btn-sm" disabled={!hasActive} onClick={merge}>
        <Trans>Merge with next</Trans>
      </button>
      <button type="button" className="btn btn-outline btn-sm" onClick={insert}>
        <Trans>Insert</Trans>
      </button>
      <button type="button" className="btn btn-outline btn-sm" disabled={!hasActive} onClick={remove}>
        <Trans>Delete</Trans>
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={!canUndo}
        onClick={undo}
        aria-keyshortcuts="Control+Z"
      >
        <Trans>Undo</Trans>
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={!canRedo}
        onClick={redo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        <Trans>Redo</Trans>
      </button>
    </div>
  );
}
