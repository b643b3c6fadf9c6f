import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RevisionOrigin, RevisionsResponse } from '../../../../contract/tracks.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { getRevisions, restoreRevision } from '../api/revisions.api.ts';
import { dropDraft, readOpened, rememberOpened, saveNow } from '../autosave.ts';
import { useEditorStore } from '../store.ts';
import { useSyncStore } from '../sync.ts';

/** What made a revision (contract REVISION_ORIGINS). */
const ORIGIN_LABELS: Record<RevisionOrigin, MessageDescriptor> = {
  pipeline: msg`Made by the job`,
  edit: msg`Your edit`,
  translate_again: msg`Translated again`,
  restore: msg`Restored`,
};

type Revision = RevisionsResponse['revisions'][number];

/**
 * The revisions of the job's tracks, newest first, each with its time and what made it; Restore (after asking)
 * makes an earlier one the latest again as a new revision (POST .../restore) and reloads the editor with it.
 * Unsaved edits are saved first, so the revision they make is in the list too.
 */
export function RevisionsDialog({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [list, setList] = useState<Revision[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    saveNow()
      .then(() => getRevisions(jobId))
      .then(
        (answer) => live && setList(answer.revisions),
        (e: unknown) => live && setError(describeError(errorInfoOf(e), i18n)),
      );
    return () => {
      live = false;
    };
  }, [jobId, i18n]);

  const restore = async (n: number) => {
    setBusy(true);
    try {
      const tracks = await restoreRevision(jobId, n);
      const s = useEditorStore.getState();
      const { target, timingTrack } = s;
      s.load(jobId, tracks);
      useSyncStore.getState().saved(tracks);
      if (tracks.targets[target]) useEditorStore.getState().setTarget(target);
      if (timingTrack === 'source') useEditorStore.getState().setTimingTrack('source');
      await dropDraft(jobId);
      const opened = await readOpened(jobId);
      if (opened) await rememberOpened(jobId, { ...opened, tracks });
      const number = formatNumber(n, i18n.locale);
      toast({ title: t`Revision ${number} restored`, variant: 'success' });
      onClose();
    } catch (e) {
      setError(describeError(errorInfoOf(e), i18n));
      setAsking(null);
    } finally {
      setBusy(false);
    }
  };

  if (asking !== null) {
    const number = formatNumber(asking, i18n.locale);
    return (
      <Dialog
        open
        role="alertdialog"
        onClose={() => setAsking(null)}
        title={<Trans>Restore revision {number}?</Trans>}
        description={
          <Trans>
            Its subtitles replace the current ones in every language. The current version stays in the list, so you can
            restore it later.
          </Trans>
        }
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(null)}>
              <Trans>Cancel</Trans>
            </button>
            <BusyButton
              type="button"
              className="btn btn-primary"
              busy={busy}
              data-testid="restore-confirm"
              onClick={() => void restore(asking)}
            >
              <Trans>Restore</Trans>
            </BusyButton>
          </>
        }
      />
    );
  }
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={<Trans>Revisions</Trans>}
      footer={
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      }
    >
      {!list && !error ? <Spinner /> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {list ? (
        <ol className="revision-list" data-testid="revision-list">
          {list.map((r, i) => {
            const number = formatNumber(r.revision, i18n.locale);
            return (
              <li key={r.revision} className="revision-row" data-testid="revision-row" data-revision={r.revision}>
                <span className="revision-name">
                  <strong>
                    <Trans>Revision {number}</Trans>
                  </strong>{' '}
                  <span className="muted">{i18n._(ORIGIN_LABELS[r.origin])}</span>
                </span>
                <time className="small muted" dateTime={r.created_at}>
                  {formatDate(r.created_at, i18n.locale)}
                </time>
                {i === 0 ? (
                  <span className="small">
                    <Trans>Current</Trans>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    data-testid="revision-restore"
                    aria-label={t`Restore revision ${number}`}
                    onClick={() => setAsking(r.revision)}
                  >
                    <Trans>Restore</Trans>
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
    </Dialog>
  );
}
