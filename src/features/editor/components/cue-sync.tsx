import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { needsShorter, SYNC_STATUSES, type SyncStatus } from '../../../../contract/sync.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { shortenCue, useSyncStore } from '../sync.ts';

/** The words of each sync status (the mark says it in words and a sign, never by colour alone). */
const STATUS_LABELS: Record<SyncStatus, MessageDescriptor> = {
  natural: msg`Natural pace`,
  ok: msg`Slightly fast`,
  fast: msg`Fast`,
  overflow: msg`Does not fit`,
};
const STATUS_SIGNS: Record<SyncStatus, string> = { natural: '✓', ok: '✓', fast: '!', overflow: '✕' };

interface CueSyncProps {
  track: string;
  cueId: string;
  /** The selected cue says what it needs and offers Shorten. */
  active: boolean;
  onText: (track: string, id: string, text: string) => void;
}

/**
 * The dub-timing mark of one target cue (its dub segment's sync status, from the last dub), and for the
 * selected cue what it needs ("About 9 characters shorter") with Shorten (disabled, with why, when the server
 * has no engine that can rephrase).
 */
export function CueSync({ track, cueId, active, onText }: CueSyncProps) {
  const { t, i18n } = useLingui();
  const sync = useSyncStore((s) => s.tracks[track]?.cues[cueId]);
  const jobId = useSyncStore((s) => s.jobId);
  const rephrase = useSyncStore((s) => s.rephrase);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!sync) return null;
  const status = sync.status;
  const needs = active && needsShorter(status) && sync.shorter_by > 0;
  const speed = i18n.number(sync.speed, { maximumFractionDigits: 2 });
  return (
    <div className="cue-sync" data-testid="cue-sync" data-status={status}>
      <span className={`sync-mark sync-${status}`} title={t`Voice speed ${speed}x`}>
        <span aria-hidden="true">{STATUS_SIGNS[status]}</span> {i18n._(STATUS_LABELS[status])}
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
            shortenCue(jobId, track, cueId).then(
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

/** The dub timing of the whole target track: its segments per status (from the last dub). */
export function SyncSummary({ track }: { track: string }) {
  const { i18n } = useLingui();
  const summary = useSyncStore((s) => s.tracks[track]?.summary);
  if (!summary) return null;
  return (
    <p className="sync-summary small" data-testid="sync-summary">
      <Trans>Dub timing:</Trans>{' '}
      {SYNC_STATUSES.map((s) => (
        <span key={s} className={`sync-mark sync-${s}`} data-status={s}>
          <span aria-hidden="true">{STATUS_SIGNS[s]}</span> {i18n._(STATUS_LABELS[s])}: {i18n.number(summary[s])}
        </span>
      ))}
    </p>
  );
}
