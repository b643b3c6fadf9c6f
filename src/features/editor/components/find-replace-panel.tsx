import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { languageLabel } from '../../../config/languages.ts';
import { formatNumber } from '../../../lib/format.ts';
import { findMatches, replaceAll, replaceOne, type FindOptions } from '../find-replace.ts';
import type { EditorDoc, TrackKey } from '../model.ts';
import { useProTools } from '../pro-store.ts';
import { useEditorStore } from '../store.ts';

interface FindReplacePanelProps {
  doc: EditorDoc;
  /** Moves the playhead to `seconds` (the cue of the current match is selected and played from its start). */
  seek: (seconds: number) => void;
}

/**
 * Find and replace across one track (find-replace.ts): the number of matches, previous/next, replace the current
 * match or all of them. Every replacement is one undo step (Ctrl+Z) like any other edit. Escape closes the panel.
 */
export function FindReplacePanel({ doc, seek }: FindReplacePanelProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const target = useEditorStore((s) => s.target);
  const edit = useEditorStore((s) => s.edit);
  const focus = useProTools((s) => s.findFocus);
  const close = useProTools((s) => s.closeFind);
  const [track, setTrack] = useState<TrackKey>(target || 'source');
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [current, setCurrent] = useState(0);
  const [replaced, setReplaced] = useState<number | null>(null);
  const findBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    findBox.current?.focus();
    findBox.current?.select();
  }, [focus]);

  const options: FindOptions = useMemo(() => ({ matchCase }), [matchCase]);
  const cues = useMemo(() => doc.tracks[track] ?? [], [doc, track]);
  const matches = useMemo(() => findMatches(cues, query, options), [cues, query, options]);
  const at = matches.length ? Math.min(current, matches.length - 1) : -1;
  const match = at >= 0 ? matches[at] : undefined;

  const show = (index: number) => {
    const m = matches[index];
    if (!m) return;
    setCurrent(index);
    const cue = cues.find((c) => c.id === m.cueId);
    if (!cue) return;
    // Only a cue of the timing track can be the selected one; another track's cue is shown by its time.
    if (useEditorStore.getState().timingTrack === track) useEditorStore.getState().setActive(cue.id);
    seek(cue.start);
  };
  const step = (by: 1 | -1) => {
    if (!matches.length) return;
    show((at + by + matches.length) % matches.length);
  };

  // Escape in a box of the panel closes it.
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    close();
  };
  const count = formatNumber(matches.length, i18n.locale);
  const replacedCount = formatNumber(replaced ?? 0, i18n.locale);
  const position = formatNumber(at + 1, i18n.locale);
  const trackKeys = Object.keys(doc.tracks);
  return (
    <section className="find-panel" aria-label={t`Find and replace`} data-testid="find-panel">
      <div className="find-fields">
        <label className="find-field" htmlFor={`${id}-find`}>
          <span className="label">
            <Trans>Find</Trans>
          </span>
          <input
            id={`${id}-find`}
            ref={findBox}
            className="input"
            dir="auto"
            value={query}
            data-testid="find-query"
            onChange={(e) => {
              setQuery(e.target.value);
              setCurrent(0);
              setReplaced(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                step(e.shiftKey ? -1 : 1);
              } else onEscape(e);
            }}
          />
        </label>
        <label className="find-field" htmlFor={`${id}-replace`}>
          <span className="label">
            <Trans>Replace with</Trans>
          </span>
          <input
            id={`${id}-replace`}
            className="input"
            dir="auto"
            value={replacement}
            data-testid="find-replacement"
            onChange={(e) => setReplacement(e.target.value)}
            onKeyDown={onEscape}
          />
        </label>
        <label className="find-field" htmlFor={`${id}-track`}>
          <span className="label">
            <Trans>In</Trans>
          </span>
          <select
            id={`${id}-track`}
            className="select editor-select"
            value={track}
            data-testid="find-track"
            onChange={(e) => {
              setTrack(e.target.value);
              setCurrent(0);
            }}
          >
            {trackKeys.map((key) => (
              <option key={key} value={key}>
                {languageLabel(key === 'source' ? doc.sourceLanguage : key, i18n)}
              </option>
            ))}
          </select>
        </label>
        <label className="find-check">
          <input type="checkbox" checked={matchCase} onChange={(e) => setMatchCase(e.target.checked)} />
          <Trans>Match case</Trans>
        </label>
      </div>
      <div className="find-actions">
        <p className="find-count small" role="status" aria-live="polite" data-testid="find-count">
          {!query ? null : matches.length === 0 ? (
            <Trans>No matches</Trans>
          ) : (
            <Trans>
              Match {position} of {count}
            </Trans>
          )}
          {replaced !== null ? (
            <>
              {' '}
              <Trans>Replaced: {replacedCount}</Trans>
            </>
          ) : null}
        </p>
        <button type="button" className="btn btn-ghost btn-sm" disabled={!matches.length} onClick={() => step(-1)}>
          <Trans>Previous</Trans>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={!matches.length} onClick={() => step(1)}>
          <Trans>Next</Trans>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!match}
          data-testid="replace-one"
          onClick={() => {
            if (!match) return;
            edit((d) => replaceOne(d, track, match, query, replacement, options));
            // A replacement holding the query itself is not found again: the next match is the one after it.
            const inside = findMatches([{ id: '', start: 0, end: 1, text: replacement }], query, options).length;
            setCurrent(at + inside);
            setReplaced(1);
          }}
        >
          <Trans>Replace</Trans>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!matches.length}
          data-testid="replace-all"
          onClick={() => {
            const { count: done } = replaceAll(doc, track, query, replacement, options);
            if (done) edit((d) => replaceAll(d, track, query, replacement, options).doc);
            setReplaced(done);
          }}
        >
          <Trans>Replace all</Trans>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </section>
  );
}
