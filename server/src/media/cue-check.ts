/**
 * Checks finished cues against the subtitle rules (cue-rules.ts) and lists every violation; the benchmark
 * counts them and the tests require none.
 */
import type { Cue } from './cue-cutter.ts';
import { isDeterminer, visibleLength, type CueRules } from './cue-rules.ts';

/** One broken rule: which cue (0-based), which rule and the measured value. */
export interface CueViolation {
  cue: number;
  rule: 'line_length' | 'line_count' | 'reading_speed' | 'min_duration' | 'max_duration' | 'gap' | 'article_break' | 'empty';
  detail: string;
}

const EPS = 1e-6;

/** Lists all rule violations of `cues` (in order of time) for `language`. */
export function checkCues(cues: Cue[], language: string, rules: CueRules): CueViolation[] {
  const v: CueViolation[] = [];
  cues.forEach((c, i) => {
    const dur = c.end - c.start;
    const chars = c.lines.reduce((s, l) => s + visibleLength(l), 0);
    if (!chars) v.push({ cue: i, rule: 'empty', detail: 'no text' });
    if (c.lines.length > rules.maxLines) v.push({ cue: i, rule: 'line_count', detail: `${c.lines.length} lines` });
    for (const l of c.lines)
      if (visibleLength(l) > rules.maxLineChars) v.push({ cue: i, rule: 'line_length', detail: `${visibleLength(l)} characters: "${l}"` });
    if (dur > 0 && chars / dur > rules.maxCharsPerSecond + EPS) v.push({ cue: i, rule: 'reading_speed', detail: `${(chars / dur).toFixed(1)} characters/s` });
    if (dur < rules.minDuration - EPS) v.push({ cue: i, rule: 'min_duration', detail: `${dur.toFixed(3)} s` });
    if (dur > rules.maxDuration + EPS) v.push({ cue: i, rule: 'max_duration', detail: `${dur.toFixed(3)} s` });
    if (i > 0 && c.start - cues[i - 1].end < rules.minGap - EPS)
      v.push({ cue: i, rule: 'gap', detail: `${((c.start - cues[i - 1].end) * 1000).toFixed(0)} ms after the previous cue` });
    if (rules.joiner === ' ')
      c.lines.forEach((l, k) => {
        // The very end of the text has no noun after it to be separated from.
        if (i === cues.length - 1 && k === c.lines.length - 1) return;
        const last = l.trim().split(/\s+/).at(-1) ?? '';
        if (isDeterminer(last, language)) v.push({ cue: i, rule: 'article_break', detail: `line ends with "${last}"` });
      });
  });
  return v;
}
