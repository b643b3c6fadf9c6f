/**
 * Dub sync (issue 20 items 1, 2): how each dub segment's voice fits the time its source speech took. One place
 * for the status names and their thresholds, used by the voice-over (server/src/media/sync-report.ts), the API
 * (GET /v1/jobs/{id}/tracks, GET /v1/jobs/{id}) and the editor's marks.
 * Source of the thresholds: issue 20 (natural <= 1.0x, ok <= 1.15x, fast <= 1.25x, the voice-over's fitted limit).
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { LanguageCode } from './languages.ts';

/** Sync statuses, best first. */
export const SYNC_STATUSES = ['natural', 'ok', 'fast', 'overflow'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** Highest speed-up (clip length / played length) of each status but `overflow` (anything past `fast`). */
export const SYNC_MAX_SPEED = { natural: 1, ok: 1.15, fast: 1.25 } as const;

/** Speeds within this of a threshold count as at it (rubberband's lengths are rounded to milliseconds). */
const SPEED_TOLERANCE = 1e-3;

/**
 * The status of a clip played at `speed` (1 = natural; 1.2 = 20% faster). `overlapsNext`: the clip runs into the
 * next segment's slot (or past the media's end): always `overflow`.
 */
export function syncStatus(speed: number, overlapsNext = false): SyncStatus {
  if (overlapsNext) return 'overflow';
  if (speed <= SYNC_MAX_SPEED.natural + SPEED_TOLERANCE) return 'natural';
  if (speed <= SYNC_MAX_SPEED.ok + SPEED_TOLERANCE) return 'ok';
  if (speed <= SYNC_MAX_SPEED.fast + SPEED_TOLERANCE) return 'fast';
  return 'overflow';
}

/** Statuses that need the text shortened to sound natural (`fast`: audibly rushed; `overflow`: does not fit). */
export const needsShorter = (s: SyncStatus) => s === 'fast' || s === 'overflow';

/**
 * How one dub segment was voiced. `slot_start`/`slot_end`: when its source speech ran (seconds); `natural_length`:
 * the synthesised clip's length at natural speed (seconds); `speed`: the speed-up applied (1 = natural);
 * `borrowed`: seconds of the surrounding pauses the clip took beyond its slot; `chars`: characters voiced;
 * `shorter_by`: about how many characters fewer would voice it at `ok` speed within its slot plus the pause
 * it may borrow (0 when it needs nothing); `budget`: the characters that fit (the voice's measured speaking
 * rate times the slot times the `ok` speed), when known.
 */
export const SegmentSync = v.object({
  slot_start: finiteNumber(),
  slot_end: finiteNumber(),
  natural_length: finiteNumber(),
  speed: finiteNumber(),
  borrowed: finiteNumber(),
  status: v.picklist(SYNC_STATUSES),
  chars: finiteNumber(),
  shorter_by: finiteNumber(),
  budget: v.optional(finiteNumber()),
});
export type SegmentSync = v.InferOutput<typeof SegmentSync>;

/** Segments per status (counts) of one dub. */
export const SyncCounts = v.object({
  natural: finiteNumber(),
  ok: finiteNumber(),
  fast: finiteNumber(),
  overflow: finiteNumber(),
});
export type SyncCounts = v.InferOutput<typeof SyncCounts>;

/** Counts per status of `statuses`. */
export function countStatuses(statuses: readonly SyncStatus[]): SyncCounts {
  const out: SyncCounts = { natural: 0, ok: 0, fast: 0, overflow: 0 };
  for (const s of statuses) out[s]++;
  return out;
}

/** The share (0..1, three decimals) of each status in `counts`; all 0 when there is no segment. */
export function syncShares(counts: SyncCounts): SyncCounts {
  const total = SYNC_STATUSES.reduce((n, s) => n + counts[s], 0);
  const share = (n: number) => (total ? Math.round((n / total) * 1000) / 1000 : 0);
  return {
    natural: share(counts.natural),
    ok: share(counts.ok),
    fast: share(counts.fast),
    overflow: share(counts.overflow),
  };
}

/**
 * The sync of one target track in GET /v1/jobs/{id}/tracks: per cue id the sync of the dub segment the cue is
 * voiced in (cues of a segment changed since the last dub, and cues of a track never dubbed, are left out), and
 * the segments per status of the last dub (`summary`).
 */
export const TrackSync = v.object({
  cues: v.record(v.string(), SegmentSync),
  summary: SyncCounts,
});
export type TrackSync = v.InferOutput<typeof TrackSync>;

/**
 * POST /v1/jobs/{id}/tracks/shorten: a shorter rendering of one target cue (`language`, `cue_id`) within the
 * characters its dub slot allows, from the translation engine that can rephrase (GET /v1/capabilities `rephrase`).
 * Nothing is saved: the editor puts the text in the cue; the user saves and re-dubs.
 */
export const ShortenRequest = v.object({
  language: LanguageCode,
  cue_id: v.pipe(v.string('a cue id is required'), v.minLength(1, 'a cue id is required')),
});
export type ShortenRequest = v.InferOutput<typeof ShortenRequest>;

/** The answer: the cue's new text (`text`), its characters (`chars`) and the budget asked for (`budget`). */
export const ShortenResponse = v.object({ text: v.string(), chars: finiteNumber(), budget: finiteNumber() });
export type ShortenResponse = v.InferOutput<typeof ShortenResponse>;
