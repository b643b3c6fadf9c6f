/**
 * Groups recognised words into sentence units, the pieces translated as a whole and voiced as one segment:
 * a unit ends at sentence punctuation, at an engine segment boundary with a pause, at a long pause, or before it
 * would exceed a maximum length. Also tidies transcripts from engines that give no punctuation or capitals
 * (pocketsphinx): a capital at each unit start, English "I", a full stop at the unit end.
 */
import type { RecognisedSegment, RecognisedWord } from '../engines/speech.engine.ts';
import type { TimedWord } from './cue-cutter.ts';
import { punctuationStrength } from './cue-rules.ts';

/** Seconds of pause that end a unit; a pause at an engine segment boundary ends it from this. */
const UNIT_PAUSE = 0.8;
const SEGMENT_PAUSE = 0.25;
/** Longest unit, seconds: longer ones split at their longest pause. */
const MAX_UNIT = 15;

/** Hesitation sounds subtitles leave out (Netflix: omit fillers unless they carry meaning). */
const FILLERS: Record<string, string[]> = { en: ['uh', 'um', 'ah', 'er', 'erm', 'hmm', 'mm'], es: ['eh', 'em', 'mmm'], fr: ['euh', 'hum', 'ben'] };

/** Drops filler words of `language`; their time simply becomes pause. */
export function dropFillers(words: RecognisedWord[], language: string): RecognisedWord[] {
  const list = FILLERS[language] ?? [];
  return words.filter((w) => !list.includes(w.text.toLowerCase().replace(/[^\p{L}]/gu, '')));
}

/** Groups words into units; `segments` supply the engine's own boundaries (may be empty). */
export function groupIntoUnits(words: RecognisedWord[], segments: RecognisedSegment[]): TimedWord[][] {
  const boundaries = new Set(segments.map((s) => s.end));
  const units: TimedWord[][] = [];
  let cur: TimedWord[] = [];
  words.forEach((w, i) => {
    cur.push({ text: w.text, start: w.start, end: w.end });
    const next = words[i + 1];
    if (!next) return;
    const pause = next.start - w.end;
    if (punctuationStrength(w.text) === 3 || pause >= UNIT_PAUSE || (boundaries.has(w.end) && pause >= SEGMENT_PAUSE)) {
      units.push(cur);
      cur = [];
    }
  });
  if (cur.length) units.push(cur);
  return units.flatMap(splitLong);
}

function splitLong(unit: TimedWord[]): TimedWord[][] {
  if (unit.length < 2 || unit[unit.length - 1].end - unit[0].start <= MAX_UNIT) return [unit];
  let at = 1;
  let best = -Infinity;
  for (let k = 1; k < unit.length; k++) {
    // Prefer the longest pause, then a clause comma, near the middle.
    const score = unit[k].start - unit[k - 1].end + (punctuationStrength(unit[k - 1].text) ? 0.3 : 0) - Math.abs(k / unit.length - 0.5) * 0.2;
    if (score > best) {
      best = score;
      at = k;
    }
  }
  return [...splitLong(unit.slice(0, at)), ...splitLong(unit.slice(at))];
}

/**
 * Adds sentence case and end punctuation when the transcript has none at all (a punctuating engine's text is
 * left as it is). Returns new units.
 */
export function tidyUnits(units: TimedWord[][], language: string): TimedWord[][] {
  const punctuated = units.some((u) => u.some((w) => /[.,!?;:]/.test(w.text)));
  if (punctuated) return units;
  return units.map((u) =>
    u.map((w, i) => {
      let text = language === 'en' && w.text === 'i' ? 'I' : language === 'en' ? w.text.replace(/^i'/, "I'") : w.text;
      if (i === 0) text = text.charAt(0).toUpperCase() + text.slice(1);
      if (i === u.length - 1) text += '.';
      return { ...w, text };
    }),
  );
}

/** The text of a unit (words joined by `joiner`). */
export const unitText = (unit: TimedWord[], joiner = ' ') => unit.map((w) => w.text).join(joiner);
