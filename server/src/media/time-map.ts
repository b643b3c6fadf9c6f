/**
 * "Keep voices natural" (issue 20 item 3): where a dub segment would need its voice sped up beyond the `ok` speed
 * (1.15x, contract/sync.ts) even after borrowing the pause that follows it, the picture is slowed over that span
 * instead (at most 1.25x slower, as pyvideotrans does), so the voice plays at <= 1.15x. Beyond 1.25x of slowing the
 * usual fitting rule applies on the new timeline (voice-fit.ts) and the sync report says so.
 *
 * A time map is a list of stretched spans of the input's timeline; everything outside them plays at its own speed,
 * so an input time `t` lands at `t` plus the seconds the spans before it added. Pure functions; times in seconds.
 */
import { SYNC_MAX_SPEED } from '../../../contract/sync.ts';
import { CLIP_GAP, placeClips, type Placement, type Slot } from './voice-fit.ts';

/** The voice's highest speed-up the option keeps to: the sync report's `ok` (1.15x). */
export const NATURAL_MAX_SPEED = SYNC_MAX_SPEED.ok;
/** The most the picture is slowed over a span: 1.25 (a second of input plays 1.25 s), as pyvideotrans does. */
export const MAX_PICTURE_STRETCH = 1.25;

/** A span `[start, end)` of the input (seconds) played `factor` times slower (1 < factor <= MAX_PICTURE_STRETCH). */
export interface StretchSpan {
  start: number;
  end: number;
  factor: number;
}

/** Where input time `t` (seconds) lands on the stretched timeline of `spans` (sorted, not overlapping). */
export function mapTime(spans: readonly StretchSpan[], t: number): number {
  let out = t;
  for (const s of spans) {
    if (t <= s.start) break;
    out += (s.factor - 1) * (Math.min(t, s.end) - s.start);
  }
  return out;
}

/** Seconds the spans add to the media (the stretched timeline's length minus the input's). */
export const addedSeconds = (spans: readonly StretchSpan[]) =>
  spans.reduce((n, s) => n + (s.factor - 1) * (s.end - s.start), 0);

/** The plan of a slowed-picture dub: the spans, the slots and placements on the new timeline and its length. */
export interface StretchPlan {
  spans: StretchSpan[];
  /** The segments' slots moved to the new timeline (seconds). */
  slots: Slot[];
  /** Where each clip plays on the new timeline (voice-fit.ts rule, preferring <= NATURAL_MAX_SPEED). */
  placements: Placement[];
  /** The stretched media's length, seconds. */
  duration: number;
}

/**
 * Plans the picture stretch of a dub: clips of natural `lengths` (seconds; 0: nothing to say) for `slots` of media
 * lasting `duration` seconds. First the clips are placed on the input's timeline preferring 1.15x (a borrowed pause
 * before a faster voice); each segment still needing more gets its span (its slot start to the next slot, or the
 * media's end) slowed by just enough for 1.15x, at most MAX_PICTURE_STRETCH. The clips are then placed again on
 * the stretched timeline by the same rule (a segment needing more than 1.25x of slowing is sped up past 1.15x there).
 * @returns the spans (none when every clip fits at <= 1.15x) and the new timeline's slots, placements and length.
 */
export function planPictureStretch(slots: Slot[], lengths: number[], duration: number): StretchPlan {
  const first = placeClips(slots, lengths, duration, NATURAL_MAX_SPEED);
  const spans: StretchSpan[] = [];
  slots.forEach((slot, i) => {
    const L = lengths[i] ?? 0;
    if (L <= 0 || (first[i].fitted && first[i].speed <= NATURAL_MAX_SPEED + 1e-6)) return;
    const end = Math.min(i + 1 < slots.length ? slots[i + 1].start : duration, duration);
    const room = Math.max(slot.end, end - CLIP_GAP) - slot.start;
    if (end <= slot.start || room <= 0) return;
    // A thousandth more than needed: the clip's length is rounded to milliseconds by rubberband.
    const factor = Math.min(MAX_PICTURE_STRETCH, (L / (NATURAL_MAX_SPEED * room)) * 1.001);
    if (factor > 1.001) spans.push({ start: slot.start, end, factor: Math.round(factor * 10000) / 10000 });
  });
  const moved = slots.map((s) => ({ start: mapTime(spans, s.start), end: mapTime(spans, s.end) }));
  const total = mapTime(spans, duration);
  return { spans, slots: moved, placements: placeClips(moved, lengths, total, NATURAL_MAX_SPEED), duration: total };
}

/** `cues` (anything with `start` and `end`, seconds) moved to the stretched timeline of `spans`. */
export function mapCues<T extends { start: number; end: number }>(spans: readonly StretchSpan[], cues: T[]): T[] {
  return cues.map((c) => ({ ...c, start: mapTime(spans, c.start), end: mapTime(spans, c.end) }));
}
