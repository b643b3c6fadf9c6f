/**
 * Dub sync (issue 20 items 1, 2): how each dub segment's voice fits the time its source speech took. One place
 * for the status names and their thresholds, used by the voice-over (server/src/media/sync-report.ts), the API
 * (GET /v1/jobs/{id}/tracks, GET /v1/jobs/{id}) and the editor's marks.
 * Source of the thresholds: issue 20 (natural <= 1.0x, ok <= 1.15x, fast <= 1.25x, the voice-over's fitted limit).
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { LanguageCode } from './languages.ts';
import { rulesFor } from './cue-rules.ts';
import { segmentsWithCues, toCue, type DubSegment, type TextCue } from './dub-segments.ts';

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

/** Characters a text voices (Unicode code points, spaces included; direction marks are not spoken). */
export const voicedChars = (text: string) => [...text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')].length;

/**
 * The character budget of a slot of `seconds` for a voice speaking `charsPerSecond` characters a second: the most
 * characters it voices at `ok` speed (1.15x) within the slot (at least 1).
 */
export function charBudget(seconds: number, charsPerSecond: number): number {
  return Math.max(1, Math.floor(Math.max(0, seconds) * charsPerSecond * SYNC_MAX_SPEED.ok));
}

/** Statuses that need the text shortened to sound natural (`fast`: audibly rushed; `overflow`: does not fit). */
export const needsShorter = (s: SyncStatus) => s === 'fast' || s === 'overflow';

/**
 * How one dub segment was voiced. `slot_start`/`slot_end`: when its source speech ran (seconds); `natural_length`:
 * the synthesised clip's length at natural speed (seconds); `speed`: the speed-up applied (1 = natural);
 * `borrowed`: seconds of the surrounding pauses the clip took beyond its slot; `chars`: characters voiced;
 * `shorter_by`: about how many characters fewer would voice it at `ok` speed within its slot plus the pause
 * it may borrow (0 when it needs nothing); `budget`: the characters that fit (the voice's measured speaking
 * rate times the slot times the `ok` speed), when known. `estimated` (issue 36): the segment changed since the
 * last dub, so nothing was measured: its status is its characters at the voice's measured rate against its slot
 * (trackSyncOf), to be checked by a re-dub; absent for a measured segment.
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
  estimated: v.optional(v.literal(true)),
});
export type SegmentSync = v.InferOutput<typeof SegmentSync>;

/**
 * Segments per status (counts) of one dub. `to_check` (a track's summary in GET tracks, issue 36): how many of
 * them have an estimated status (changed since the last dub; counted in their estimated status too).
 */
export const SyncCounts = v.object({
  natural: finiteNumber(),
  ok: finiteNumber(),
  fast: finiteNumber(),
  overflow: finiteNumber(),
  to_check: v.optional(finiteNumber()),
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
 * The sync of one target track in GET /v1/jobs/{id}/tracks (trackSyncOf): per cue id the sync of the dub segment
 * the cue is voiced in (measured by the last dub, or `estimated` for a segment changed since; left out when it
 * cannot be estimated: no measured speaking rate), the current segments per status with `to_check` (`summary`),
 * and the voice's measured speaking rate (`chars_per_second`, characters a second; absent when not measured).
 */
export const TrackSync = v.object({
  cues: v.record(v.string(), SegmentSync),
  summary: SyncCounts,
  chars_per_second: v.optional(finiteNumber()),
});
export type TrackSync = v.InferOutput<typeof TrackSync>;

/** One segment of the last dub: its measured sync and the text and slot it was voiced with. */
export type DubbedSegment = SegmentSync & { text: string };

/** The last dub's sync of one language (the artifact `sync/<lang>.json`, server/src/media/sync-report.ts). */
export interface DubbedSync {
  segments: readonly DubbedSegment[];
  /** The voice's measured speaking rate, characters a second; absent when not measured. */
  chars_per_second?: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
/** Same slot to the half millisecond (cue times and the report's slots are kept to the millisecond). */
const sameTime = (a: number, b: number) => Math.abs(a - b) < 0.0005;

/**
 * The estimated sync of a segment nothing measured (issue 36): its voiced characters at `charsPerSecond` give its
 * natural length; that against its slot gives the speed, classified by syncStatus (no pause borrowed: the
 * voice-over may still fit a `fast` line by borrowing). `shorter_by`: characters over its budget (charBudget).
 */
export function estimatedSync(segment: DubSegment, charsPerSecond: number): SegmentSync {
  const seconds = Math.max(0.001, segment.end - segment.start);
  const chars = voicedChars(segment.text);
  const natural = chars / charsPerSecond;
  const status = syncStatus(natural / seconds);
  const budget = charBudget(seconds, charsPerSecond);
  return {
    slot_start: round3(segment.start),
    slot_end: round3(segment.end),
    natural_length: round3(natural),
    speed: round3(natural / seconds),
    borrowed: 0,
    status,
    chars,
    shorter_by: needsShorter(status) ? Math.max(1, chars - budget) : 0,
    budget,
    estimated: true,
  };
}

/** A cue of a target track: its id and TextCue (times in seconds, text lines joined by '\n'). */
export type SyncCue = TextCue & { id: string };

/**
 * The sync of a target track of `language` now (issue 36; the server's GET/PUT tracks and the editor while the
 * user types): its `cues` (in order of time) grouped into dub segments (contract/dub-segments.ts); a segment
 * whose text and slot are those of a segment of the last dub (`dubbed`) keeps that dub's measured sync, any other
 * gets estimatedSync from the dub's speaking rate (none without a rate: its cues are left out). The summary counts
 * the segments now, `to_check` the estimated ones. Undefined when the track was never dubbed.
 */
export function trackSyncOf(
  cues: readonly SyncCue[],
  language: string,
  dubbed: DubbedSync | null | undefined,
): TrackSync | undefined {
  if (!dubbed) return undefined;
  const rate = dubbed.chars_per_second;
  const out: TrackSync['cues'] = {};
  const statuses: SyncStatus[] = [];
  let toCheck = 0;
  const groups = segmentsWithCues(
    cues.map((c) => toCue(c, language)),
    rulesFor(language).joiner,
  );
  for (const g of groups) {
    // The report keeps text and slot: the segment's speaker and voice do not change its sync.
    const found = dubbed.segments.find(
      (r) =>
        r.text === g.segment.text && sameTime(r.slot_start, g.segment.start) && sameTime(r.slot_end, g.segment.end),
    );
    let sync: SegmentSync | undefined;
    if (found) {
      const { text: _text, estimated: _estimated, ...measured } = found;
      sync = measured;
    } else if (rate && rate > 0) sync = estimatedSync(g.segment, rate);
    if (!sync) continue;
    statuses.push(sync.status);
    if (sync.estimated) toCheck++;
    for (const i of g.cues) out[cues[i].id] = sync;
  }
  return {
    cues: out,
    summary: { ...countStatuses(statuses), to_check: toCheck },
    ...(rate ? { chars_per_second: rate } : {}),
  };
}

/**
 * The last dub's segments still in a track, rebuilt from a GET/PUT tracks answer (the editor has no report of
 * its own): each segment of `cues` whose sync in `sync` was measured (not estimated) and has its slot, with that
 * sync and its text, and the dub's speaking rate. trackSyncOf of these on edited cues is what the server answers
 * once they are saved (a line already changed when the answer came reads estimated until it is dubbed).
 */
export function dubbedOf(cues: readonly SyncCue[], language: string, sync: TrackSync): DubbedSync {
  const segments: DubbedSegment[] = [];
  const groups = segmentsWithCues(
    cues.map((c) => toCue(c, language)),
    rulesFor(language).joiner,
  );
  for (const g of groups) {
    const s = sync.cues[cues[g.cues[0]].id];
    if (s && !s.estimated && sameTime(s.slot_start, g.segment.start) && sameTime(s.slot_end, g.segment.end))
      segments.push({ ...s, text: g.segment.text });
  }
  return { segments, ...(sync.chars_per_second ? { chars_per_second: sync.chars_per_second } : {}) };
}

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
