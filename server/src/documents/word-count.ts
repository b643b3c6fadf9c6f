/**
 * Word counting for the price (spec section 9: 0.5 credits per 100 words). Uses the Unicode word segmentation
 * of Intl.Segmenter (UAX #29), which also splits Chinese and Japanese text into words; only word-like pieces
 * (letters or digits) count, so punctuation and spaces never do.
 */
const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

/** Number of words in `text`. */
export function countWords(text: string): number {
  let n = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) n++;
  return n;
}

/** True when `text` holds at least one letter (any script). */
export function hasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}
