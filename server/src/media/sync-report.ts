/**
 * The sync report of a dub (issue 20 item 1): per dub segment its slot, its clip's natural length, the speed
 * applied and the pause borrowed (from the voice-over's placements, voice-fit.ts), and a status from the
 * contract's thresholds (contract/sync.ts). Saved per language as the artifact `sync/<lang>.json`, shown per cue
 * by GET /v1/jobs/{id}/tracks and counted per status on the job. A pure function plus the artifact's name.
 */
import {
  charBudget,
  countStatuses,
  needsShorter,
  SYNC_MAX_SPEED,
  syncStatus,
  voicedChars,
  type DubbedSegment,
  type SyncCounts,
} from '../../../contract/sync.ts';
import type { DubSegment } from './dub-segments.ts';
import type { Placement } from './voice-fit.ts';

/** One segment of the artifact: its sync and the text and slot it was voiced with (to match edited tracks). */
export type SavedSegmentSync = DubbedSegment;

/** The characters a text voices and a slot's character budget: contract/sync.ts (the editor estimates with them). */
export { charBudget, voicedChars };

/**
 * The artifact `sync/<lang>.json`: the report per segment (in order), the segments per status and the voice's
 * measured speaking rate (characters per second; absent when not measured).
 */
export interface SavedSync {
  segments: SavedSegmentSync[];
  counts: SyncCounts;
  chars_per_second?: number;
}

export const syncArtifact = (lang: string) => `sync/${lang}.json`;

/** Seconds a clip may run into the next slot before it counts as overlapping (rounding of the placements). */
const OVERLAP_TOLERANCE = 0.01;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The report of one dub: `segments` (slots in seconds) voiced with clips of natural `lengths` (seconds; 0 for
 * nothing to say) at `placements`, in media of `duration` seconds. `charsPerSecond`: the voice's measured speaking
 * rate, which gives each segment its character budget (charBudget).
 * A segment is `overflow` when sped past 1.25x, when its clip runs into the next segment's slot or past the media's
 * end. `shorter_by` (fast and overflow) estimates the characters to drop so the clip plays at <= 1.15x in the
 * time it has (its played span, or for an overflow its slot plus the pause up to the next slot).
 */
export function syncReport(
  segments: DubSegment[],
  placements: Placement[],
  lengths: number[],
  duration: number,
  charsPerSecond?: number,
): SavedSync {
  const out = segments.map((seg, i): SavedSegmentSync => {
    const p = placements[i];
    const L = lengths[i] ?? 0;
    const chars = voicedChars(seg.text);
    const nextStart = i + 1 < segments.length ? segments[i + 1].start : duration;
    const played = Math.max(0, p.end - p.start);
    const speed = L > 0 && played > 0 ? L / played : 1;
    const overlaps = L > 0 && (p.end > nextStart + OVERLAP_TOLERANCE || p.end > duration + OVERLAP_TOLERANCE);
    const status = L > 0 ? syncStatus(Math.max(speed, p.fitted ? 0 : Infinity), overlaps) : 'natural';
    const borrowed = L > 0 ? Math.max(0, seg.start - p.start) + Math.max(0, p.end - seg.end) : 0;
    let shorterBy = 0;
    if (needsShorter(status) && L > 0) {
      const room =
        status === 'overflow'
          ? Math.max(0.05, Math.min(Math.max(nextStart, seg.end), duration) - Math.min(p.start, seg.start))
          : played;
      const fits = (chars * room * SYNC_MAX_SPEED.ok) / L;
      shorterBy = Math.max(1, Math.ceil(chars - fits));
    }
    const budget = charsPerSecond ? charBudget(seg.end - seg.start, charsPerSecond) : undefined;
    return {
      text: seg.text,
      slot_start: round3(seg.start),
      slot_end: round3(seg.end),
      natural_length: round3(L),
      speed: round3(speed),
      borrowed: round3(borrowed),
      status,
      chars,
      shorter_by: shorterBy,
      ...(budget !== undefined ? { budget } : {}),
    };
  });
  return {
    segments: out,
    counts: countStatuses(out.map((s) => s.status)),
    ...(charsPerSecond ? { chars_per_second: round3(charsPerSecond) } : {}),
  };
}
