import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JobResponse } from '../../../../contract/jobs.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { useAutosave } from '../autosave.ts';
import { openEditor } from '../open-editor.ts';
import { cueAt, languageOf } from '../model.ts';
import { selectDoc, useEditorStore } from '../store.ts';
import { useEditorActions } from '../use-editor-actions.ts';
import { useEditorKeys } from '../use-editor-keys.ts';
import { useProActions } from '../use-pro-actions.ts';
import { useProKeys } from '../use-pro-keys.ts';
import { useProTools } from '../pro-store.ts';
import { cueWarnings } from '../warnings.ts';
import { CaptionOverlay } from './caption-overlay.tsx';
import { CueList } from './cue-list.tsx';
import { EditorHeader } from './editor-header.tsx';
import { EditToolbar } from './edit-toolbar.tsx';
import { FindReplacePanel } from './find-replace-panel.tsx';
import { MediaPanel } from './media-panel.tsx';
import { SpeakerPanel } from './speaker-panel.tsx';
import { ProToolbar } from './pro-toolbar.tsx';
import { ShortcutList } from './shortcut-list.tsx';
import './editor.css';
import './editor-pro.css';

const AUDIO_FILE = /\.(mp3|wav|m4a|aac|ogg|oga|opus|flac|weba)$/i;

/**
 * /jobs/:id/edit: the editor of a finished media job. The cue list (source beside one target language), the
 * player with the waveform and one region per cue, live rule warnings, autosave with undo, and Translate again /
 * Re-dub. At 375 px the list comes first and the player follows.
 */
export function EditorPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { i18n } = useLingui();
  const [job, setJob] = useState<JobResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mediaRef = useRef<HTMLVideoElement>(null);
  const doc = useEditorStore(selectDoc);
  const timingTrack = useEditorStore((s) => s.timingTrack);
  const target = useEditorStore((s) => s.target);
  const time = useEditorStore((s) => s.time);
  const save = useEditorStore((s) => s.save);
  const actions = useEditorActions(mediaRef);
  useAutosave();
  useEditorKeys(actions);
  const proActions = useProActions();
  useProKeys(proActions);
  const findOpen = useProTools((s) => s.findOpen);

  const open = useCallback(
    (discardDraft: boolean) => {
      openEditor(id, discardDraft).then(setJob, (e: unknown) => setError(describeError(errorInfoOf(e), i18n)));
    },
    [id, i18n],
  );
  useEffect(() => open(false), [open]);

  // The selection follows playback.
  const timingCues = useMemo(() => doc?.tracks[timingTrack] ?? [], [doc, timingTrack]);
  useEffect(() => {
    const media = mediaRef.current;
    if (!media || media.paused) return;
    const playing = cueAt(timingCues, time);
    if (playing && playing.id !== useEditorStore.getState().activeId) useEditorStore.getState().setActive(playing.id);
  }, [time, timingCues]);

  const timingLanguage = timingTrack === 'source' ? (doc?.sourceLanguage ?? '') : timingTrack;
  const warned = useMemo(
    () => new Set(Object.keys(cueWarnings(timingCues, timingLanguage))),
    [timingCues, timingLanguage],
  );

  if (error) {
    return (
      <div className="page container editor-page">
        <p className="field-error" role="alert" data-testid="editor-error">
          {error}
        </p>
        <Link href="/studio" className="btn btn-outline">
          <Trans>Back to jobs</Trans>
        </Link>
      </div>
    );
  }
  if (!job || !doc) {
    return (
      <div className="center-screen">
        <Spinner size="lg" />
      </div>
    );
  }
  const targets = Object.keys(doc.tracks).filter((k) => k !== 'source');
  // The caption over the video is the translation shown beside the source (the source when there is none).
  const captionTrack = target && doc.tracks[target] ? target : 'source';
  return (
    <div className="page editor-page" data-testid="editor-page">
      <div className="container editor-container">
        <EditorHeader job={job} targets={targets} />
        {save === 'conflict' ? (
          <div className="editor-conflict" role="alert" data-testid="editor-conflict">
            <p>
              <Trans>This job was changed elsewhere since you opened it. Reload it to see the latest version.</Trans>
            </p>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => {
                setError(null);
                open(true);
              }}
            >
              <Trans>Reload</Trans>
            </button>
          </div>
        ) : null}
        <div className="editor-layout">
          <div className="editor-list-column">
            <EditToolbar split={actions.split} merge={actions.merge} insert={actions.insert} remove={actions.remove} />
            <SpeakerPanel job={job} />
            <ProToolbar jobId={job.id} actions={proActions} />
            {findOpen ? <FindReplacePanel doc={doc} seek={actions.seek} /> : null}
            <CueList doc={doc} seek={actions.seek} />
          </div>
          <div className="editor-player-column">
            <MediaPanel
              url={job.source_file_url}
              audioOnly={AUDIO_FILE.test(job.original_filename)}
              mediaRef={mediaRef}
              cues={timingCues}
              warned={warned}
              onRegionChange={actions.moveEdges}
              onRegionClick={actions.select}
              togglePlay={actions.togglePlay}
              overlay={
                <CaptionOverlay
                  mediaRef={mediaRef}
                  cues={doc.tracks[captionTrack] ?? []}
                  language={languageOf(doc, captionTrack)}
                  sourceCues={doc.tracks.source ?? []}
                  sourceLanguage={doc.sourceLanguage}
                />
              }
            />
            <ShortcutList />
          </div>
        </div>
      </div>
    </div>
  );
}
