/**
 * Bilingual subtitles (the learners' format, as VideoLingo writes it): each cue shows the source line above the
 * target line. Built per sentence: the source sentence is cut into one-line cues by the rules of its language
 * (contract/cue-rules.ts, at most `maxLineChars` characters), and each cue's target line holds the translated
 * words whose fitted times (translation-fit.ts) fall inside it, so both lines say the same thing at the same time.
 * Line length, line count (2), duration and gap rules hold for the source line; the target line is checked by its
 * own language's line length in the tests. Times in seconds.
 */
import { rulesFor, visibleLength, type CueSettings } from '../../../contract/cue-rules.ts';
import type { Cue } from '../../../contract/cues.ts';
import { cutCues, type TimedWord } from './cue-cutter.ts';

/**
 * Two-line cues from the source sentences and the target sentences fitted to them (same count and order).
 * Arabic target lines keep their right-to-left marks from the cutter's typography.
 */
export function bilingualCues(
  source: TimedWord[][],
  target: TimedWord[][],
  sourceLanguage: string,
  targetLanguage: string,
  settings?: CueSettings,
): Cue[] {
  const srcRules = { ...rulesFor(sourceLanguage, settings), maxLines: 1 };
  const tgtRules = rulesFor(targetLanguage, settings);
  const out: Cue[] = [];
  source.forEach((sentence, k) => {
    const words = target[k] ?? [];
    // A longer translation needs shorter source lines: narrow the source's line until every target line fits.
    for (let max = srcRules.maxLineChars; ; max -= 3) {
      const cues = cutCues([sentence], sourceLanguage, { ...srcRules, maxLineChars: max });
      const pieces = cues.map((c, i) => {
        // A target word belongs to the cue its midpoint falls in; the last cue takes the rest.
        const mine = words.filter((w) => {
          const mid = (w.start + w.end) / 2;
          return (i === 0 || mid >= c.start) && (i === cues.length - 1 || mid < cues[i + 1].start);
        });
        return { cue: c, line: mine.map((w) => w.text).join(tgtRules.joiner) };
      });
      if (max > 12 && pieces.some((p) => visibleLength(p.line) > tgtRules.maxLineChars)) continue;
      for (const { cue, line } of pieces)
        out.push({
          ...cue,
          lines: line ? [cue.lines.join(' '), tgtRules.rtl ? `\u200f${line}\u200f` : line] : cue.lines,
        });
      break;
    }
  });
  // Cues of consecutive sentences keep the minimum gap.
  for (let i = 1; i < out.length; i++)
    if (out[i].start < out[i - 1].end + srcRules.minGap)
      out[i - 1] = { ...out[i - 1], end: Math.max(out[i - 1].start + 0.1, out[i].start - srcRules.minGap) };
  return out;
}
