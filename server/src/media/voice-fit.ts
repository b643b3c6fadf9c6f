/**
 * Where each dubbed clip goes: the time-fitting rule of the voice-over, as a pure function.
 * For each segment in order: keep natural speed when the clip fits its slot (the source speech span); else speed
 * it up, at most 1.25x; if that is not enough, also use the silence that follows the slot (up to the next
 * segment); then shorten the pause before it (down to a minimum gap after the previous clip). A clip that still
 * does not fit is sped up further (at most 2x) and counted as not fitted.
 */

/** A segment's slot: when its source speech ran, seconds. */
export interface Slot {
  start: number;
  end: number;
}

/** Where a clip plays and how much it is sped up (1 = natural). `fitted` when speed <= 1.25 and it fits. */
export interface Placement {
  start: number;
  end: number;
  speed: number;
  fitted: boolean;
}

export const MAX_FITTED_SPEED = 1.25;
export const MAX_SPEED = 2;
/** Silence kept between two clips, seconds. */
export const CLIP_GAP = 0.08;

/**
 * Places clips of natural lengths `lengths` (seconds) into `slots` within `[0, duration]`. `preferred` (default
 * MAX_FITTED_SPEED) is the speed-up tried first, in the slot then borrowing the pauses around it; when below
 * MAX_FITTED_SPEED the same is tried again at MAX_FITTED_SPEED before a clip counts as not fitted ("Keep voices
 * natural" prefers a borrowed pause to a faster voice: time-map.ts).
 * @returns one placement per slot, in order, never overlapping.
 */
export function placeClips(
  slots: Slot[],
  lengths: number[],
  duration: number,
  preferred: number = MAX_FITTED_SPEED,
): Placement[] {
  const out: Placement[] = [];
  let prevEnd = -CLIP_GAP;
  slots.forEach((slot, i) => {
    const L = lengths[i];
    const earliest = Math.max(0, prevEnd + CLIP_GAP);
    const nextStart = i + 1 < slots.length ? slots[i + 1].start : duration;
    const latestEnd = Math.max(Math.min(nextStart - CLIP_GAP, duration), slot.end);
    const start = Math.max(slot.start, earliest);
    const slotLen = Math.max(0, slot.end - start);
    const fitAt = (cap: number): Placement | undefined => {
      if (L <= slotLen) return { start, end: start + L, speed: 1, fitted: true };
      if (L / cap <= slotLen) return { start, end: slot.end, speed: L / slotLen, fitted: true };
      const need = L / cap;
      if (start + need <= latestEnd) return { start, end: start + need, speed: cap, fitted: true };
      if (earliest + need <= latestEnd) return { start: latestEnd - need, end: latestEnd, speed: cap, fitted: true };
      return undefined;
    };
    let p = fitAt(Math.min(preferred, MAX_FITTED_SPEED));
    if (!p && preferred < MAX_FITTED_SPEED) p = fitAt(MAX_FITTED_SPEED);
    if (!p) {
      const room = Math.max(0.05, latestEnd - earliest);
      const speed = Math.min(MAX_SPEED, L / room);
      p = { start: earliest, end: earliest + L / speed, speed, fitted: false };
    }
    out.push(p);
    prevEnd = p.end;
  });
  return out;
}

/**
 * What a voice-over's placements tell its user, so no clip is rushed or cut silently (issue 26 item 1): the number
 * of clips that could not be fitted (sped up beyond `MAX_FITTED_SPEED`, up to `MAX_SPEED`) and the seconds of voice
 * that fall past the end of the media (`duration`, seconds), which the mix cannot play.
 * @returns undefined when every clip fitted and nothing is cut; else `{ rushed, cutSeconds }` (seconds, 0.1 s steps).
 */
export function unfittedClips(
  placements: Placement[],
  duration: number,
): { rushed: number; cutSeconds: number } | undefined {
  const rushed = placements.filter((p) => !p.fitted).length;
  const cut = placements.reduce((n, p) => n + Math.max(0, p.end - Math.max(p.start, duration)), 0);
  const cutSeconds = Math.ceil(cut * 10 - 1e-6) / 10;
  return rushed || cutSeconds > 0 ? { rushed, cutSeconds } : undefined;
}
