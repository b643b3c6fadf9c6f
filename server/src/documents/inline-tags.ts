/**
 * Inline tags: how one unit (paragraph) is translated as one text while every run keeps its formatting.
 *
 * Design: a paragraph is a list of pieces (the text of consecutive runs sharing one set of run properties).
 * Each piece with text becomes `<gK>text</gK>` inside one tagged text, so the engine sees the whole sentence
 * ("Click <g1>Save</g1> to <g2>keep</g2> it") and can move words across run boundaries. When the answer carries
 * every tag once, in order and not nested, each piece gets the text of its tag and the text between tags stays
 * with the piece before it. When an engine drops, duplicates, nests or reorders tags, the tags are stripped and
 * the translated text is shared among the pieces in proportion to their source lengths, cut at word boundaries,
 * so every run keeps its properties and gets some of the text (never the other way round: no run is lost).
 * Whitespace-only pieces are not sent and keep their text.
 * A local rule-based engine (Apertium) also translates the paragraph without tags, because a tag breaks its
 * agreement rules; when the tagged pieces can be found in that untagged answer, its wording is used with the
 * runs cut where the tags were (projectOntoPlain), and the by-length fallback shares it too.
 */

/** How a unit's pieces were turned into a tagged text; needed to restore them. */
export interface TagPlan {
  /** Per piece: 'text' (sent, tagged when there are several) or 'space' (whitespace only, kept as is). */
  kinds: Array<'text' | 'space'>;
  /** Leading and trailing whitespace of each piece, put back around the translation. */
  lead: string[];
  trail: string[];
}

/** Pieces restored from a translation; `fallback` is true when tags were unusable and text was shared by length. */
export interface RestoredPieces {
  pieces: string[];
  fallback: boolean;
}

const TAG_RE = /<(\/?)g(\d+)>/g;

/** Builds the tagged text sent to the engine for `pieces` (run texts of one unit). */
export function tagPieces(pieces: string[]): { text: string; plan: TagPlan } {
  const kinds = pieces.map((p) => (p.trim() ? 'text' : 'space'));
  const lead = pieces.map((p) => /^\s*/.exec(p)![0]);
  const trail = pieces.map((p, i) => (kinds[i] === 'text' ? /\s*$/.exec(p)![0] : ''));
  const textCount = kinds.filter((k) => k === 'text').length;
  let text = '';
  let k = 0;
  pieces.forEach((p, i) => {
    if (kinds[i] === 'space') {
      if (p) text += ' ';
      return;
    }
    const core = p.trim();
    k++;
    text += textCount > 1 ? `${lead[i]}<g${k}>${core}</g${k}>${trail[i]}` : `${lead[i]}${core}${trail[i]}`;
  });
  return { text: text.replace(/\s+/g, ' ').trim(), plan: { kinds, lead, trail } };
}

/** Text of `translation` without any inline tag, spaces collapsed. */
export function stripTags(translation: string): string {
  return translation.replace(TAG_RE, ' ').replace(/\s+/g, ' ').trim();
}

/** Parses the tag contents when the tags are exactly <g1></g1> ... <gN></gN> in order; null otherwise. */
function parseTagged(translation: string, n: number): { contents: string[]; between: string[] } | null {
  const contents: string[] = [];
  const between: string[] = [];
  let pos = 0;
  let expectOpen = true;
  let k = 1;
  for (const m of translation.matchAll(TAG_RE)) {
    const isClose = m[1] === '/';
    if (Number(m[2]) !== k || isClose === expectOpen) return null;
    const chunk = translation.slice(pos, m.index);
    if (expectOpen) between.push(chunk);
    else {
      contents.push(chunk);
      k++;
    }
    expectOpen = !expectOpen;
    pos = m.index + m[0].length;
  }
  if (contents.length !== n || !expectOpen) return null;
  between.push(translation.slice(pos));
  return { contents, between };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Cuts `plain` (the engine's answer for the tagged text without tags) where the tagged answer's pieces begin, so a
 * rule-based engine's better untagged grammar ("La casa roja" rather than "El casa roja", where a tag split
 * the noun phrase) keeps the runs the tags placed. A piece starts where its tagged text is found as whole
 * words after the previous piece, or right after the previous piece's text when its own is not found.
 * @returns one text per piece (trailing spaces included), or null when any cut is unsure or a piece is empty
 */
export function projectOntoPlain(plain: string, contents: string[]): string[] | null {
  const find = (text: string, from: number) => {
    const t = text.trim();
    if (!t) return null;
    const m = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(t)}(?![\\p{L}\\p{N}])`, 'u').exec(plain.slice(from));
    return m ? { start: from + m.index, end: from + m.index + m[0].length } : null;
  };
  const starts = [0];
  const first = find(contents[0], 0);
  let prevEnd: number | null = first ? first.end : null;
  let cursor = first ? first.end : 0;
  for (let k = 1; k < contents.length; k++) {
    const m = find(contents[k], cursor);
    let start: number;
    if (m) start = m.start;
    else if (prevEnd !== null) start = prevEnd + /^\s*/.exec(plain.slice(prevEnd))![0].length;
    else return null;
    if (!plain.slice(starts[k - 1], start).trim()) return null;
    starts.push(start);
    prevEnd = m ? m.end : null;
    cursor = m ? m.end : start;
  }
  const pieces = starts.map((st, k) => plain.slice(st, starts[k + 1] ?? plain.length));
  return pieces.every((x) => x.trim()) ? pieces : null;
}

/**
 * Puts a translated tagged text back into pieces (same count and order as the source pieces).
 * @param rawTranslation the engine's answer for `tagPieces(source).text`
 * @param rawPlain optional answer for the same text without tags; used for its wording when the tags can be
 *   projected onto it (see projectOntoPlain), and for the by-length fallback
 */
export function restorePieces(
  rawTranslation: string,
  source: string[],
  plan: TagPlan,
  rawPlain?: string,
): RestoredPieces {
  let translation = tidyBrackets(rawTranslation, source.join(''));
  const plain =
    rawPlain === undefined ? undefined : tidyBrackets(rawPlain, source.join('')).replace(/\s+/g, ' ').trim();
  const textIdx = plan.kinds.flatMap((k, i) => (k === 'text' ? [i] : []));
  const out = source.slice();
  if (textIdx.length === 0) return { pieces: out, fallback: false };
  if (textIdx.length === 1) {
    const i = textIdx[0];
    out[i] = plan.lead[i] + stripTags(translation) + plan.trail[i];
    return { pieces: out, fallback: false };
  }
  let parsed = parseTagged(translation, textIdx.length);
  if (parsed && plain) {
    const projected = projectOntoPlain(plain, parsed.contents);
    if (projected) {
      translation = projected.map((x, k) => `<g${k + 1}>${x.trimEnd()}</g${k + 1}>${/\s*$/.exec(x)![0]}`).join('');
      parsed = parseTagged(translation, textIdx.length);
    }
  }
  if (parsed && parsed.contents.some((c) => c.trim())) {
    textIdx.forEach((i, k) => {
      let text = parsed.contents[k].replace(/\s+/g, ' ');
      if (k === 0) {
        const before = parsed.between[0].trim();
        text = (before ? `${before} ` : '') + text.trimStart();
        text = plan.lead[i] + text;
      }
      const after = parsed.between[k + 1];
      const isLast = k === textIdx.length - 1;
      const spaceFollows = !isLast && textIdx[k + 1] !== i + 1; // a kept whitespace piece sits in between
      if (isLast) text = text.trimEnd() + (after.trim() ? ` ${after.trim()}` : '') + plan.trail[i];
      else if (after.trim()) text += after.replace(/\s+/g, ' ');
      // Whitespace-only text between two tags: keep the source's spacing there (engines add spaces at tags).
      else if (!spaceFollows && after && (plan.trail[i] || plan.lead[textIdx[k + 1]])) text += ' ';
      if (spaceFollows) text = text.trimEnd();
      out[i] = text.replace(/ {2,}/g, ' ');
    });
    return { pieces: out, fallback: false };
  }
  return { pieces: shareByLength(plain || stripTags(translation), source, plan, textIdx), fallback: true };
}

/** Shares `plain` among the text pieces in proportion to their source lengths, cutting between words. */
function shareByLength(plain: string, source: string[], plan: TagPlan, textIdx: number[]): string[] {
  const out = source.slice();
  const n = textIdx.length;
  let tokens: string[] = plain.match(/\S+\s*/g) ?? [];
  // Scripts written without spaces (Chinese, Japanese) give one long token: share by characters instead.
  if (tokens.length < n && plain.length >= n) tokens = Array.from(plain);
  const weights = textIdx.map((i) => Math.max(1, source[i].trim().length));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const total = tokens.reduce((a, t) => a + t.length, 0);
  let t = 0;
  let used = 0;
  let cum = 0;
  textIdx.forEach((i, k) => {
    cum += weights[k];
    const remainingPieces = n - k - 1;
    let take = 0;
    if (remainingPieces === 0) take = tokens.length - t;
    else {
      const target = (total * cum) / weightSum;
      let chars = used;
      while (t + take < tokens.length && chars + tokens[t + take].length / 2 < target)
        chars += tokens[t + take++].length;
      // Every piece gets at least one token while tokens last, and leaves one for each piece after it.
      take = Math.max(take, tokens.length - t > remainingPieces ? 1 : 0);
      take = Math.min(take, Math.max(0, tokens.length - t - remainingPieces));
    }
    let text = tokens.slice(t, t + take).join('');
    used += text.length;
    t += take;
    if (k === 0) text = plan.lead[i] + text;
    const spaceFollows = remainingPieces > 0 && textIdx[k + 1] !== i + 1;
    if (remainingPieces === 0) text = text.trimEnd() + plan.trail[i];
    else if (spaceFollows) text = text.trimEnd();
    out[i] = text;
  });
  return out;
}

/** Removes spaces an engine put inside brackets or quotes ("( Hay" -> "(Hay") when the source had none there. */
export function tidyBrackets(translation: string, source: string): string {
  let out = translation;
  if (!/[([{¿¡] /.test(source)) out = out.replace(/([([{¿¡]) +/g, '$1');
  if (!/ [)\]}]/.test(source)) out = out.replace(/ +([)\]}])/g, '$1');
  return out;
}
