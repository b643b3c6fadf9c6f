import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { needsShorter, SYNC_STATUSES, type SyncStatus } from '../../../../contract/sync.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { saveNow } from '../autosave.ts';
import { shortenCue, useSyncStore, useTrackSync } from '../sync.ts';

/** The words of each sync status (the mark says it in words and a sign, never by colour alone). */
const STATUS_LABELS: Record<SyncStatus, MessageDescriptor> = {
  natural: msg`Natural pace`,
  ok: msg`Slightly fast`,
  fast: msg`Fast`,
  overflow: msg`Does not fit`,
};
const STATUS_SIGNS: Record<SyncStatus, string> = { natural: '✓', ok: '✓', fast: '!', overflow: '✕' };
/** The words of an estimated status (issue 36: the line changed since the dub; a re-dub measures it). */
const ESTIMATED_LABELS: Record<SyncStatus, MessageDescriptor> = {
  natural: msg`To be checked: natural pace`,
  ok: msg`To be checked: slightly fast`,
  fast: msg`To be checked: too fast`,
  overflow: msg`To be checked: does not fit`,
};
const ESTIMATED_SIGN = '?';

interface CueSyncProps {
  track: string;
  cueId: string;
  /** The selected cue says what it needs and offers Shorten. */
  active: boolean;
  onText: (track: string, id: string, text: string) => void;
}

/**
 * The dub-timing mark of one target cue: its dub segment's sync status as the last dub measured it, or for a
 * segment changed since (issue 36) "To be checked" with the status estimated from its text as it is now; for the
 * selected cue what it needs ("About 9 characters shorter") with Shorten (disabled, with why, when the server
 * has no engine that can rephrase).
 */
export function CueSync({ track, cueId, active, onText }: CueSyncProps) {
  const { t, i18n } = useLingui();
  const sync = useTrackSync(track)?.cues[cueId];
  const jobId = useSyncStore((s) => s.jobId);
  const rephrase = useSyncStore((s) => s.rephrase);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!sync) return null;
  const status = sync.status;
  const needs = active && needsShorter(status) && sync.shorter_by > 0;
  const speed = i18n.number(sync.speed, { maximumFractionDigits: 2 });
  const estimated = sync.estimated === true;
  return (
    <div
      className="cue-sync"
      data-testid="cue-sync"
      data-status={status}
      data-estimated={estimated ? 'true' : undefined}
    >
      <span
        className={`sync-mark sync-${status}${estimated ? ' sync-estimated' : ''}`}
        title={estimated ? t`Estimated voice speed ${speed}x: a re-dub measures it` : t`Voice speed ${speed}x`}
      >
        <span aria-hidden="true">{estimated ? ESTIMATED_SIGN : STATUS_SIGNS[status]}</span>{' '}
        {i18n._((estimated ? ESTIMATED_LABELS : STATUS_LABELS)[status])}
      </span>
      {needs ? (
        <span className="sync-needs" data-testid="cue-sync-needs">
          <Plural
            value={sync.shorter_by}
            one="About # character shorter to sound natural"
            other="About # characters shorter to sound natural"
          />
        </span>
      ) : null}
      {needs ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          data-testid="cue-shorten"
          disabled={busy || rephrase !== true || !jobId}
          aria-describedby={rephrase === false ? `shorten-why-${cueId}` : undefined}
          onClick={() => {
            if (!jobId) return;
            setBusy(true);
            setError(null);
            // Shorten rephrases the saved text: the line as typed is saved first.
            saveNow()
              .then(() => shortenCue(jobId, track, cueId))
              .then(
                (r) => {
                  setBusy(false);
                  if (r.text) onText(track, cueId, r.text);
                },
                (e: unknown) => {
                  setBusy(false);
                  setError(describeError(errorInfoOf(e), i18n));
                },
              );
          }}
        >
          <Trans>Shorten</Trans>
        </button>
      ) : null}
      {needs && rephrase === false ? (
        <span className="small muted" id={`shorten-why-${cueId}`}>
          <Trans>Shorten needs a translation service that can rephrase; this server has none, so edit the text.</Trans>
        </span>
      ) : null}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The dub timing of the whole target track: its segments per status as they are now (measured by the last dub,
 * or estimated for lines changed since), and how many of them are to be checked.
 */
export function SyncSummary({ track }: { track: string }) {
  const { i18n } = useLingui();
  const summary = useTrackSync(track)?.summary;
  if (!summary) return null;
  const toCheck = summary.to_check ?? 0;
  return (
    <p className="sync-summary small" data-testid="sync-summary">
      <Trans>Dub timing:</Trans>{' '}
      {SYNC_STATUSES.map((s) => (
        <span key={s} className={`sync-mark sync-${s}`} data-status={s}>
          <span aria-hidden="true">{STATUS_SIGNS[s]}</span> {i18n._(STATUS_LABELS[s])}: {i18n.number(summary[s])}
        </span>
      ))}
      {toCheck > 0 ? (
        <span className="sync-mark sync-estimated" data-testid="sync-to-check">
          <span aria-hidden="true">{ESTIMATED_SIGN}</span>{' '}
          <Plural
            value={toCheck}
            one="# line to be checked (changed since the dub)"
            other="# lines to be checked (changed since the dub)"
          />
        </span>
      ) : null}
    </p>
  );
}
