/**
 * How a network translator's texts are cut into requests (issue 26 item 5): by the engine's own limits, not only by
 * count. Pure functions; each returns consecutive `[start, end)` index ranges covering every text in order, and a
 * text over a budget alone makes its own request (the engine then translates it or says it is too large).
 */

/**
 * Estimated tokens of `text` for a chat model. OpenAI's rule of thumb ("What are tokens and how to count them?":
 * one token is about 4 characters of common English text) for Latin, Greek and Cyrillic letters, digits, spaces and
 * punctuation; one token per character for other scripts (Chinese, Japanese, Korean, Arabic, Devanagari...), whose
 * characters a BPE tokenizer rarely merges. An estimate erring high for non-Latin scripts, so a batch stays within
 * the budget whatever the language.
 */
export function estimateTokens(text: string): number {
  let quarter = 0;
  let whole = 0;
  for (const c of text) {
    if ((c.codePointAt(0) ?? 0) < 0x0530) quarter++;
    else whole++;
  }
  return Math.ceil(quarter / 4) + whole;
}

/**
 * Consecutive runs of `sizes` (one size per text, in any unit) of at most `maxCount` texts and `maxTotal` units;
 * `maxTotal` 0: no bound on the units. A text alone over `maxTotal` makes its own run.
 * @returns `[start, end)` index pairs, in order, covering every text (none for no texts).
 */
export function runsWithin(sizes: number[], maxCount: number, maxTotal: number): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  let total = 0;
  sizes.forEach((n, i) => {
    if (i > start && (i - start >= maxCount || (maxTotal > 0 && total + n > maxTotal))) {
      out.push([start, i]);
      start = i;
      total = 0;
    }
    total += n;
  });
  if (sizes.length) out.push([start, sizes.length]);
  return out;
}

/** Texts per chat request at most (enough neighbours for context, a short answer each). */
export const CHAT_MAX_TEXTS = 40;

/**
 * The chat-completions translator's requests: at most CHAT_MAX_TEXTS texts and `maxTokens` estimated tokens of
 * texts (estimateTokens) each. The answer is about as long as the texts (a translation 1.3x longer at most for
 * the languages that lengthen), so `maxTokens` (OPENAI_TRANSLATION_BATCH_MAX_TOKENS) keeps it within the model's
 * output limit.
 */
export function chatBatches(texts: string[], maxTokens: number): [number, number][] {
  return runsWithin(texts.map(estimateTokens), CHAT_MAX_TEXTS, maxTokens);
}
