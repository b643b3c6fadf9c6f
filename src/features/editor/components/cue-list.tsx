import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { languageLabel } from '../../../config/languages.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import { languageOf, setText, setTimes, type EditorDoc } from '../model.ts';
import { buildRows } from '../rows.ts';
import { useEditorStore } from '../store.ts';
import { cueWarnings } from '../warnings.ts';
import { CueRow, type Column } from './cue-row.tsx';
import { SyncSummary } from './cue-sync.tsx';

const NONE: readonly TrackCue[] = [];

interface CueListProps {
  doc: EditorDoc;
  /** Moves the playhead to `seconds`. */
  seek: (seconds: number) => void;
}

/** The cue list: one row per cue of the timing track, source beside target; the playing cue is kept in view. */
export function CueList({ doc, seek }: CueListProps) {
  const { t, i18n } = useLingui();
  const target = useEditorStore((s) => s.target);
  const timingTrack = useEditorStore((s) => s.timingTrack);
  const activeId = useEditorStore((s) => s.activeId);
  const edit = useEditorStore((s) => s.edit);
  const setActive = useEditorStore((s) => s.setActive);
  const picked = useEditorStore((s) => s.picked);
  const onPick = useEditorStore((s) => s.togglePicked);
  const list = useRef<HTMLOListElement>(null);

  const source = doc.tracks.source ?? NONE;
  const targetCues = doc.tracks[target] ?? NONE;
  const timingColumn: 0 | 1 = timingTrack === 'source' ? 0 : 1;
  const rows = useMemo(
    () => (timingColumn === 0 ? buildRows(source, targetCues) : buildRows(targetCues, source)),
    [source, targetCues, timingColumn],
  );
  const sourceWarnings = useMemo(() => cueWarnings(source, doc.sourceLanguage), [source, doc.sourceLanguage]);
  const targetWarnings = useMemo(() => cueWarnings(targetCues, target), [targetCues, target]);
  const columns = useMemo<readonly [Column, Column]>(
    () => [
      {
        track: 'source',
        language: doc.sourceLanguage,
        label: languageLabel(doc.sourceLanguage, i18n),
        warnings: sourceWarnings,
      },
      { track: target, language: target, label: languageLabel(target, i18n), warnings: targetWarnings },
    ],
    [doc.sourceLanguage, target, sourceWarnings, targetWarnings, i18n],
  );

  const onSelect = useCallback(
    (cue: TrackCue) => {
      if (useEditorStore.getState().activeId === cue.id) return;
      setActive(cue.id);
      seek(cue.start);
    },
    [seek, setActive],
  );
  const onText = useCallback(
    (track: string, id: string, text: string) => edit((d) => setText(d, track, id, text), `text:${track}:${id}`),
    [edit],
  );
  const onTimes = useCallback(
    (id: string, times: { start?: number; end?: number }) =>
      edit((d) => setTimes(d, useEditorStore.getState().timingTrack, id, times)),
    [edit],
  );
  const onNext = useCallback((index: number, column: 0 | 1) => {
    const boxes = list.current?.querySelectorAll<HTMLElement>(
      `[data-testid="cue-row"]:nth-child(${index + 2}) [data-column="${column === 0 ? 'source' : 'target'}"] textarea`,
    );
    boxes?.[0]?.focus();
  }, []);

  // The row of the playing cue stays in view (not while the user types in another one).
  useEffect(() => {
    if (!activeId) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-cue-id="${CSS.escape(activeId)}"]`);
    if (row && !row.contains(document.activeElement)) row.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const timingLanguage = languageOf(doc, timingTrack);
  return (
    <section className="cue-list-panel" aria-label={t`Subtitles`}>
      <div className="cue-list-head" aria-hidden="true">
        <span>
          <Trans>Times ({languageLabel(timingLanguage, i18n)})</Trans>
        </span>
        <span>{columns[0].label}</span>
        <span>{columns[1].label}</span>
      </div>
      <SyncSummary track={target} />
      <ol className="cue-list" ref={list} data-testid="cue-list">
        {rows.map((row, index) => (
          <CueRow
            key={row.cue.id}
            row={row}
            index={index}
            active={row.cue.id === activeId}
            picked={picked.includes(row.cue.id)}
            onPick={onPick}
            columns={columns}
            timingColumn={timingColumn}
            onSelect={onSelect}
            onText={onText}
            onTimes={onTimes}
            onNext={onNext}
          />
        ))}
      </ol>
      {rows.length === 0 ? (
        <p className="muted">
          <Trans>No subtitles yet. Use Insert to add one.</Trans>
        </p>
      ) : null}
    </section>
  );
}
