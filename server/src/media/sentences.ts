/**
 * Groups recognised words into sentences (glossary: README.md), the word groups translated as a whole and voiced
 * as one dub segment: a sentence ends at sentence punctuation, at the end of a recogniser's utterance followed by
 * a pause, at a long pause, or before it would exceed a maximum length. Also tidies transcripts from engines that
 * give no punctuation or capitals (pocketsphinx): a capital at each sentence start, English "I", a full stop at
 * the sentence end.
 */
import type { RecognisedUtterance, RecognisedWord } from '../engines/speech.engine.ts';
import type { TimedWord } from './cue-cutter.ts';
import { punctuationStrength } from '../../../contract/cue-rules.ts';

/** Seconds of pause that end a sentence; a pause at the end of an utterance ends it from this. */
const SENTENCE_PAUSE = 0.8;
const UTTERANCE_PAUSE = 0.25;
/** Longest sentence, seconds: longer ones split at their longest pause. */
const MAX_SENTENCE = 15;

/** Hesitation sounds subtitles leave out (Netflix: omit fillers unless they carry meaning). */
const FILLERS: Record<string, string[]> = {
  en: ['uh', 'um', 'ah', 'er', 'erm', 'hmm', 'mm'],
  es: ['eh', 'em', 'mmm'],
  fr: ['euh', 'hum', 'ben'],
};

/** Drops filler words of `language`; their time simply becomes pause. */
export function dropFillers(words: RecognisedWord[], language: string): RecognisedWord[] {
  const list = FILLERS[language] ?? [];
  return words.filter((w) => !list.includes(w.text.toLowerCase().replace(/[^\p{L}]/gu, '')));
}

/**
 * Groups words into sentences (each a list of timed words, seconds); `utterances` supply the recogniser's own
 * boundaries (may be empty).
 */
export function groupIntoSentences(words: RecognisedWord[], utterances: RecognisedUtterance[]): TimedWord[][] {
  const boundaries = new Set(utterances.map((u) => u.end));
  const sentences: TimedWord[][] = [];
  let cur: TimedWord[] = [];
  words.forEach((w, i) => {
    cur.push({ text: w.text, start: w.start, end: w.end });
    const next = words[i + 1];
    if (!next) return;
    const pause = next.start - w.end;
    if (
      punctuationStrength(w.text) === 3 ||
      pause >= SENTENCE_PAUSE ||
      (boundaries.has(w.end) && pause >= UTTERANCE_PAUSE)
    ) {
      sentences.push(cur);
      cur = [];
    }
  });
  if (cur.length) sentences.push(cur);
  return sentences.flatMap(splitLong);
}

function splitLong(sentence: TimedWord[]): TimedWord[][] {
  if (sentence.length < 2 || sentence[sentence.length - 1].end - sentence[0].start <= MAX_SENTENCE) return [sentence];
  let at = 1;
  let best = -Infinity;
  for (let k = 1; k < sentence.length; k++) {
    // Prefer the longest pause, then a clause comma, near the middle.
    const score =
      sentence[k].start -
      sentence[k - 1].end +
      (punctuationStrength(sentence[k - 1].text) ? 0.3 : 0) -
      Math.abs(k / sentence.length - 0.5) * 0.2;
    if (score > best) {
      best = score;
      at = k;
    }
  }
  return [...splitLong(sentence.slice(0, at)), ...splitLong(sentence.slice(at))];
}

/**
 * Adds sentence case and end punctuation when the transcript has none at all (a punctuating engine's text is
 * left as it is). Returns new sentences.
 */
export function tidySentences(sentences: TimedWord[][], language: string): TimedWord[][] {
  const punctuated = sentences.some((u) => u.some((w) => /[.,!?;:]/.test(w.text)));
  if (punctuated) return sentences;
  return sentences.map((u) =>
    u.map((w, i) => {
      let text = language === 'en' && w.text === 'i' ? 'I' : language === 'en' ? w.text.replace(/^i'/, "I'") : w.text;
      if (i === 0) text = text.charAt(0).toUpperCase() + text.slice(1);
      if (i === u.length - 1) text += '.';
      return { ...w, text };
    }),
  );
}

/** The text of a sentence (words joined by `joiner`). */
export const sentenceText = (sentence: TimedWord[], joiner = ' ') => sentence.map((w) => w.text).join(joiner);
