/**
 * Splits a text for a speech API with an input limit (OpenAI speech: 4,096 characters) into pieces that each fit,
 * cut at sentence ends where possible, so each piece is spoken with a natural ending and the joined audio sounds
 * like one reading. A sentence longer than the limit is cut at a clause mark (, ; : 、 ，), then at a space, then
 * (a text with neither, such as Japanese without punctuation) hard at the limit.
 */

/** Sentences with their trailing space: ends at . ! ? … 。 ！ ？ followed by a space or the end (CJK: no space). */
const SENTENCE = /[^.!?…。！？]*(?:[.!?…]+(?=\s|$)|[。！？]+|$)\s*/gu;

/** Cuts one over-long sentence into pieces of at most `limit` characters. */
function cutLong(sentence: string, limit: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > limit) {
    const head = rest.slice(0, limit);
    const at = Math.max(...[',', ';', ':', '、', '，'].map((c) => head.lastIndexOf(c)));
    const space = head.lastIndexOf(' ');
    const cut = at > limit / 2 ? at + 1 : space > limit / 2 ? space + 1 : limit;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * Pieces of `text`, in order, each at most `limit` characters (UTF-16 units, as the API counts a string's length)
 * and not blank; joined back they give the text (pieces are trimmed). Whole sentences are packed greedily.
 */
export function splitAtSentences(text: string, limit: number): string[] {
  if (text.length <= limit) return [text];
  const sentences = (text.match(SENTENCE) ?? [text]).filter((s) => s).flatMap((s) => cutLong(s, limit));
  const pieces: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && current.length + s.length > limit) {
      pieces.push(current);
      current = '';
    }
    current += s;
  }
  if (current) pieces.push(current);
  return pieces.map((p) => p.trim()).filter(Boolean);
}
