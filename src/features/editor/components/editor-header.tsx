import { useState } from 'react';
import { starterOf } from '../../../lib/team-starter.ts';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JobResponse } from '../../../../contract/jobs.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { languageLabel } from '../../../config/languages.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { translateAgain } from '../api/editor.api.ts';
import { saveNow } from '../autosave.ts';
import { useEditorStore } from '../store.ts';
import { useSyncStore } from '../sync.ts';
import { RedubDialog } from './redub-dialog.tsx';
import { SaveStatus } from './save-status.tsx';

/** Title, save state, the language shown and the timing track, and the Translate again / Re-dub buttons. */
export function EditorHeader({ job, targets }: { job: JobResponse; targets: readonly string[] }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const target = useEditorStore((s) => s.target);
  const timingTrack = useEditorStore((s) => s.timingTrack);
  const save = useEditorStore((s) => s.save);
  const sourceLanguage = useEditorStore((s) => s.history?.present.sourceLanguage ?? '');
  const [dialog, setDialog] = useState<'translate' | 'redub' | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = save === 'saved';
  const targetName = languageLabel(target, i18n);
  const hasVoice = job.services_requested.includes('voice_over');

  const runTranslate = async () => {
    setBusy(true);
    try {
      const answer = await translateAgain(job.id, [target]);
      useEditorStore.getState().load(job.id, answer);
      useSyncStore.getState().saved(answer);
      useEditorStore.getState().setTarget(target);
      toast({ title: t`${targetName} translated again`, variant: 'success' });
      setDialog(null);
    } catch (e) {
      toast({ title: describeError(errorInfoOf(e), i18n), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <header className="editor-header">
      <div className="editor-title-row">
        <Link href="/studio" className="btn btn-ghost btn-sm editor-back">
          <Trans>Back to jobs</Trans>
        </Link>
        <h1 className="editor-title" title={job.original_filename}>
          <Trans>Edit: {job.original_filename || job.id}</Trans>
        </h1>
        {job.started_by ? (
          <span className="muted small" data-testid="job-started-by">
            <Trans>
              Started by <bdi>{starterOf(job.started_by)}</bdi>
            </Trans>
          </span>
        ) : null}
        <SaveStatus onRetry={() => useEditorStore.getState().setSave('pending')} />
      </div>
      <div className="editor-controls">
        {targets.length > 1 ? (
          <label className="row">
            <span className="label">
              <Trans>Translation</Trans>
            </span>
            <select
              className="select editor-select"
              value={target}
              data-testid="editor-language"
              onChange={(e) => useEditorStore.getState().setTarget(e.target.value)}
            >
              {targets.map((l) => (
                <option key={l} value={l}>
                  {languageLabel(l, i18n)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="row">
          <span className="label">
            <Trans>Timeline</Trans>
          </span>
          <select
            className="select editor-select"
            value={timingTrack === 'source' ? 'source' : 'target'}
            data-testid="editor-timing"
            onChange={(e) => useEditorStore.getState().setTimingTrack(e.target.value === 'source' ? 'source' : target)}
          >
            <option value="target">{targetName}</option>
            <option value="source">{languageLabel(sourceLanguage, i18n)}</option>
          </select>
        </label>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!saved}
          title={saved ? undefined : t`Wait until your edits are saved`}
          onClick={() => setDialog('translate')}
        >
          <Trans>Translate again</Trans>
        </button>
        {hasVoice ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={!saved}
            title={saved ? undefined : t`Wait until your edits are saved`}
            data-testid="redub"
            onClick={() => void saveNow().then(() => setDialog('redub'))}
          >
            <Trans>Re-dub</Trans>
          </button>
        ) : null}
      </div>
      {dialog === 'translate' ? (
        <Dialog
          open
          role="alertdialog"
          onClose={() => setDialog(null)}
          title={<Trans>Translate {targetName} again?</Trans>}
          description={
            <Trans>
              The {targetName} text is replaced by a new machine translation of the current source text. Undo cannot
              bring it back, but earlier revisions are kept.
            </Trans>
          }
          footer={
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setDialog(null)}>
                <Trans>Cancel</Trans>
              </button>
              <BusyButton type="button" className="btn btn-primary" busy={busy} onClick={() => void runTranslate()}>
                <Trans>Translate again</Trans>
              </BusyButton>
            </>
          }
        />
      ) : null}
      {dialog === 'redub' ? (
        <RedubDialog
          jobId={job.id}
          language={target}
          languageName={targetName}
          onClose={() => setDialog(null)}
          onStarted={() => {
            toast({ title: t`Re-dub started. The job is processing again.`, variant: 'success' });
            navigate('/studio');
          }}
        />
      ) : null}
    </header>
  );
}
