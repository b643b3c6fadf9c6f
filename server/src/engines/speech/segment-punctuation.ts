/**
 * Carries the punctuation and capitals of a recogniser's segment texts onto its word timestamps. OpenAI's
 * transcriptions API (verbose_json, `timestamp_granularities[]=word`) returns words without punctuation
 * ("And", "so", "my") while each segment's text is punctuated (" And so my fellow Americans, ask not what...");
 * sentences and cues are built from the words, so without this every cue reads unpunctuated.
 */

/** A word with times (seconds), as the engine returns it. */
export interface TimedText {
  text: string;
  start: number;
  end: number;
}

const isLetter = (c: string) => /[\p{L}\p{N}]/u.test(c);
/** The letters and digits of a text, lower case: what a word and the segment text must share. */
const letters = (s: string) => [...s.toLowerCase()].filter(isLetter);
/** How far (characters of the segment text) a word that was not found is searched ahead before it is skipped. */
const LOOKAHEAD = 80;

/**
 * Where the word's letters occur in `chars` from `from` on (skipping non-letters inside the word, such as an
 * apostrophe or a hyphen): [index of the first letter, index after the last]; null when they do not.
 */
function matchAt(chars: string[], from: number, want: string[]): [number, number] | null {
  let i = from;
  while (i < chars.length && !isLetter(chars[i])) i++;
  const begin = i;
  for (let k = 0; k < want.length; k++) {
    while (k > 0 && i < chars.length && !isLetter(chars[i]) && !/\s/.test(chars[i])) i++;
    if (i >= chars.length || chars[i].toLowerCase() !== want[k]) return null;
    i++;
  }
  return [begin, i];
}

/**
 * Returns the words of one segment with the segment text's spelling: leading punctuation (¿ « " ( ) written
 * before the word, the word's own capitals, and the punctuation that follows it up to the next space or letter
 * (", . ? ! 。 、"). A word the text does not hold (the recogniser's two outputs disagree) keeps its own text.
 */
export function punctuateSegmentWords<T extends TimedText>(words: T[], segmentText: string): T[] {
  const chars = [...segmentText];
  let cursor = 0;
  return words.map((w) => {
    const want = letters(w.text);
    if (!want.length) return w;
    let found: [number, number] | null = null;
    for (let from = cursor; from < Math.min(chars.length, cursor + LOOKAHEAD) && !found; from++) {
      if (from > cursor && isLetter(chars[from - 1]) && isLetter(chars[from])) continue;
      found = matchAt(chars, from, want);
    }
    if (!found) return w;
    let [begin, end] = found;
    while (begin > cursor && !isLetter(chars[begin - 1]) && !/\s/.test(chars[begin - 1])) begin--;
    while (end < chars.length && !isLetter(chars[end]) && !/\s/.test(chars[end])) end++;
    cursor = end;
    return { ...w, text: chars.slice(begin, end).join('') };
  });
}

/**
 * Punctuates every word from the segment it starts in (segments: start/end seconds and text, in order).
 * Words outside every segment keep their text.
 */
export function punctuateWords<T extends TimedText>(
  words: T[],
  segments: readonly { start: number; end: number; text: string }[],
): T[] {
  const out = words.slice();
  let w = 0;
  segments.forEach((s, k) => {
    const next = segments[k + 1];
    while (w < words.length && words[w].start < s.start - 0.01) w++;
    const first = w;
    while (w < words.length && (next ? words[w].start < next.start - 0.01 : true)) w++;
    const mine = punctuateSegmentWords(words.slice(first, w), s.text);
    mine.forEach((x, i) => (out[first + i] = x));
  });
  return out;
}
