/**
 * Word error rate (WER): word-level Levenshtein distance (substitutions + deletions + insertions) divided by the
 * number of reference words, after lower-casing and dropping punctuation. Used by the benchmark and tests.
 */

/** Lower-case words without punctuation; digits and apostrophes kept. */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** WER of `hypothesis` against `reference` (0 = perfect; can exceed 1 with many insertions). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const r = normaliseWords(reference);
  const h = normaliseWords(hypothesis);
  if (!r.length) return h.length ? 1 : 0;
  let prev = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (r[i - 1] === h[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[h.length] / r.length;
}

/** Edit counts of a batch: total errors and reference words (WER of a corpus = errors / words). */
export function werCounts(reference: string, hypothesis: string): { errors: number; words: number } {
  const words = normaliseWords(reference).length;
  return { errors: Math.round(wordErrorRate(reference, hypothesis) * words), words };
}
