/**
 * Cues end with the media (issue 39 item 4): the cutter gives a cue at least its reading time and recognisers
 * may time a last word past the end, so a last cue ended at 301.44 s on a 300.03 s file (3601.39 s on 3600 s). A
 * cue shown after the picture and sound have ended is shown on nothing, and its dub segment (the cues' slot)
 * would be voiced past the end. Every cue is clamped here, before subtitles and dub segments are made from it.
 */
import type { Cue } from '../../../contract/cues.ts';

/** Shortest a cue squeezed against the end of the media is kept, seconds (one frame at 25 fps). */
const MIN_CLAMPED_SECONDS = 0.04;

/**
 * `cues` with every `end` at most `mediaSeconds` (and every `start` before its end, at least 0); cues within the
 * media come back unchanged (the same objects). `mediaSeconds` not positive or not finite (unknown): unchanged.
 * @param mediaSeconds the media's played length, seconds (probe.ts `durationSeconds`).
 */
export function clampCuesToMedia<C extends Cue>(cues: C[], mediaSeconds: number | undefined): C[] {
  if (!mediaSeconds || !Number.isFinite(mediaSeconds) || mediaSeconds <= 0) return cues;
  return cues.map((c) => {
    if (c.end <= mediaSeconds) return c;
    const end = mediaSeconds;
    const start = Math.max(0, Math.min(c.start, end - MIN_CLAMPED_SECONDS));
    return { ...c, start, end };
  });
}
