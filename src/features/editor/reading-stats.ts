/**
 * The live counts shown under every cue (pure, unit-tested in tests/unit/editor-pro.test.ts): reading speed in
 * characters per second and the length of each line, against the limits of contract/cue-rules.ts `rulesFor`
 * (Netflix Timed Text Style Guide: 42 characters per line, 2 lines, 17 characters per second; CJK guides). Counted
 * as the server's checkCues counts: visible characters of every line (direction marks left out, spaces counted),
 * the line breaks themselves not counted.
 */
import { rulesFor, visibleLength } from '../../../contract/cue-rules.ts';

export interface CueStats {
  /** Characters per second over the cue's duration (0 when the duration is not positive). */
  cps: number;
  /** The limit of the language, characters per second. */
  maxCps: number;
  /** Visible characters of each line, in order. */
  lines: number[];
  /** The limit per line, characters, and the number of lines allowed. */
  maxLineChars: number;
  maxLines: number;
}

const EPS = 1e-6;

/** The counts of a cue's `text` (lines joined by '\n') shown from `start` to `end` seconds, in `language`. */
export function cueStats(text: string, start: number, end: number, language: string): CueStats {
  const rules = rulesFor(language);
  const lines = text.split('\n').map(visibleLength);
  const chars = lines.reduce((sum, n) => sum + n, 0);
  const duration = end - start;
  return {
    cps: duration > 0 ? chars / duration : 0,
    maxCps: rules.maxCharsPerSecond,
    lines,
    maxLineChars: rules.maxLineChars,
    maxLines: rules.maxLines,
  };
}

/** True when the reading speed is over the limit (the same tolerance as checkCues' reading_speed rule). */
export const tooFast = (s: CueStats) => s.cps > s.maxCps + EPS;
