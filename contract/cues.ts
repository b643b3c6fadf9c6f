/**
 * Cues: the one `Cue` type of the product (a subtitle on screen from `start` to `end`, seconds, with its lines),
 * and the check of finished cues against the subtitle rules (cue-rules.ts). The server's cutter produces cues,
 * its benchmark counts violations and its tests require none; the web app's editor shows the same violations
 * as live warnings.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { isDeterminer, visibleLength, type CueRules } from './cue-rules.ts';

/**
 * One subtitle cue: shown from `start` to `end` (seconds from the start of the media, `end > start`), `lines`
 * display-ready (at most 2 by the rules; Arabic lines carry their right-to-left marks).
 */
export const Cue = v.object({
  start: v.pipe(finiteNumber(), v.minValue(0)),
  end: v.pipe(finiteNumber(), v.minValue(0)),
  lines: v.array(v.string()),
  /** Who says it (`S1` …; issue 19), when the job found speakers. */
  speaker: v.optional(v.string()),
});
export type Cue = v.InferOutput<typeof Cue>;

/** The rules a cue can break (`CueViolation.rule`). */
export const CUE_RULES = [
  'line_length',
  'line_count',
  'reading_speed',
  'min_duration',
  'max_duration',
  'gap',
  'article_break',
  'empty',
] as const;
export type CueRule = (typeof CUE_RULES)[number];

/** One broken rule: which cue (0-based), which rule and the measured value (English, for logs and benchmarks). */
export interface CueViolation {
  cue: number;
  rule: CueRule;
  detail: string;
}

const EPS = 1e-6;

/** Lists all rule violations of `cues` (in order of time) for `language` (a base code), with `rulesFor(language)`. */
export function checkCues(cues: Cue[], language: string, rules: CueRules): CueViolation[] {
  const found: CueViolation[] = [];
  cues.forEach((c, i) => {
    const dur = c.end - c.start;
    const chars = c.lines.reduce((s, l) => s + visibleLength(l), 0);
    if (!chars) found.push({ cue: i, rule: 'empty', detail: 'no text' });
    if (c.lines.length > rules.maxLines) found.push({ cue: i, rule: 'line_count', detail: `${c.lines.length} lines` });
    for (const l of c.lines)
      if (visibleLength(l) > rules.maxLineChars)
        found.push({ cue: i, rule: 'line_length', detail: `${visibleLength(l)} characters: "${l}"` });
    if (dur > 0 && chars / dur > rules.maxCharsPerSecond + EPS)
      found.push({ cue: i, rule: 'reading_speed', detail: `${(chars / dur).toFixed(1)} characters/s` });
    if (dur < rules.minDuration - EPS) found.push({ cue: i, rule: 'min_duration', detail: `${dur.toFixed(3)} s` });
    if (dur > rules.maxDuration + EPS) found.push({ cue: i, rule: 'max_duration', detail: `${dur.toFixed(3)} s` });
    if (i > 0 && c.start - cues[i - 1].end < rules.minGap - EPS)
      found.push({
        cue: i,
        rule: 'gap',
        detail: `${((c.start - cues[i - 1].end) * 1000).toFixed(0)} ms after the previous cue`,
      });
    if (rules.joiner === ' ')
      c.lines.forEach((l, k) => {
        // The very end of the text has no noun after it to be separated from.
        if (i === cues.length - 1 && k === c.lines.length - 1) return;
        const last = l.trim().split(/\s+/).at(-1) ?? '';
        if (isDeterminer(last, language))
          found.push({ cue: i, rule: 'article_break', detail: `line ends with "${last}"` });
      });
  });
  return found;
}
