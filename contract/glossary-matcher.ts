/**
 * Finding a glossary's terms in a text in one pass (issue 35 items 1 and 2): one Aho-Corasick automaton per term
 * list (npm modern-ahocorasick: whole grapheme clusters, answers in UTF-16 offsets), built once and kept for
 * later calls with the same list. Before, every term was its own regular
 * expression, built anew for each text: 2,000 terms took seconds per call on the API's event loop.
 *
 * The rules of a match, as the glossary always had them:
 * - Case is ignored, as a `iu` regular expression ignores it (simple Unicode case folding, one character for
 *   one: "TARJAMA" finds "Tarjama", "ΣΟΦΊΑ" finds "σοφία"; "ß" is not "ss"). The package's `text` adapter folds
 *   fully but took 3-4x longer to build and search (2,000 terms: 0.7 s against 0.05-0.2 s), so this file folds.
 * - Any run of white space in the text matches the one space of a term ("New  York" finds "New York").
 * - Words of scripts that separate words by spaces match whole: no letter or digit right before or after
 *   ("cat" is not in "concatenate", "كتاب" is not in "كتابة"). Scripts written without spaces between words
 *   (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar: Unicode UAX #29 section 4 leaves their word breaks to a
 *   dictionary) match inside words: "東京" is in "東京都", and "Apple" is in "我用Apple手机". The rule is decided at
 *   each edge by the script of the term's edge character and of its neighbour, so a Japanese text quoting an
 *   English brand follows both (a language's text often mixes scripts, so the script, not the language, decides).
 */
import AhoCorasick from 'modern-ahocorasick';
import { LRUCache } from 'lru-cache';
import { expectedOf, type GlossaryFlag, type GlossaryRule } from './glossary.ts';

/** One occurrence of term `index` (its position in the list given) at `[start, end)`, UTF-16 offsets of the text. */
export interface TermMatch {
  index: number;
  start: number;
  end: number;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SPACE_RUN = /\s+/g;
const COMBINING = /^\p{M}/u;
const NEEDS_SPACE_MAP = /\s\s|[^\S ]/;

/** One code point folded as simple case folding does; unchanged where folding would change its length. */
function foldChar(c: string): string {
  const f = c.toUpperCase().toLowerCase();
  if (f.length === c.length) return f;
  const l = c.toLowerCase();
  return l.length === c.length ? l : c;
}

/**
 * `text` with its case folded character by character: the same length, so every offset stays the original's.
 * Whole-string lower-casing is the fast path; it is exact but for final sigma (ς and σ fold alike) and for the
 * few characters whose lower case is longer (then every character is folded alone).
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  const same = lower.length === text.length ? lower : Array.from(text, foldChar).join('');
  return same.replace(/ς/g, 'σ');
}

/** The code point that ends at `at` (UTF-16 offset) in `text`, or '' at its start. */
function charBefore(text: string, at: number): string {
  if (at <= 0) return '';
  const low = text.charCodeAt(at - 1);
  const pair = at >= 2 && low >= 0xdc00 && low <= 0xdfff && text.charCodeAt(at - 2) >= 0xd800;
  return pair ? text.slice(at - 2, at) : text.charAt(at - 1);
}

/** The code point that starts at `at` (UTF-16 offset) in `text`, or '' at its end. */
const charAfter = (text: string, at: number): string =>
  at < text.length ? String.fromCodePoint(text.codePointAt(at)!) : '';

/** True when a word boundary is required between the term's edge character and its neighbour in the text. */
const boundaryBroken = (edge: string, neighbour: string): boolean =>
  neighbour !== '' && WORD_CHAR.test(neighbour) && !UNSPACED_SCRIPT.test(neighbour) && !UNSPACED_SCRIPT.test(edge);

/**
 * The text with every run of white space as one space, and for each of its UTF-16 units the offset in the
 * original where it starts (`from`) and ends (`to`); null when the text has no run to fold (the common case).
 */
function foldSpaces(text: string): { text: string; from: number[]; to: number[] } | null {
  if (!NEEDS_SPACE_MAP.test(text)) return null;
  const from: number[] = [];
  const to: number[] = [];
  let out = '';
  let last = 0;
  const unit = (i: number) => {
    from.push(i);
    to.push(i + 1);
  };
  for (const m of text.matchAll(SPACE_RUN)) {
    for (let i = last; i < m.index; i++) unit(i);
    out += text.slice(last, m.index) + ' ';
    from.push(m.index);
    to.push(m.index + m[0].length);
    last = m.index + m[0].length;
  }
  for (let i = last; i < text.length; i++) unit(i);
  out += text.slice(last);
  return { text: out, from, to };
}

/**
 * The terms of one list, compiled once. Build it through `termMatcher` (which keeps it for the next call with
 * the same list). Blank terms never match.
 */
export class TermMatcher {
  readonly #automaton: AhoCorasick<number>;
  readonly #terms: readonly string[];

  /** @param terms the terms, in the order `TermMatch.index` refers to */
  constructor(terms: readonly string[]) {
    this.#terms = terms;
    const patterns = terms
      .map((term, index) => ({ pattern: foldCase(term.trim().replace(SPACE_RUN, ' ')), data: index }))
      .filter((p) => p.pattern !== '');
    this.#automaton = new AhoCorasick(patterns);
  }

  /** Every occurrence of every term in `text` (overlapping ones included), in no particular order. */
  findAll(text: string): TermMatch[] {
    if (!text) return [];
    const folded = foldSpaces(text);
    const hits = this.#automaton.search(foldCase(folded?.text ?? text));
    const out: TermMatch[] = [];
    for (const hit of hits) {
      const start = folded ? folded.from[hit.start] : hit.start;
      const end = folded ? folded.to[hit.end - 1] : hit.end;
      const term = this.#terms[hit.data!];
      if (boundaryBroken(term.charAt(0), charBefore(text, start))) continue;
      if (boundaryBroken(charBefore(term, term.length), charAfter(text, end))) continue;
      out.push({ index: hit.data!, start, end });
    }
    return out;
  }

  /** The indexes of the terms `text` holds. */
  found(text: string): Set<number> {
    return new Set(this.findAll(text).map((m) => m.index));
  }

  /**
   * Occurrences that do not overlap, the longest term first (ties: the earlier in the list, then the earlier in
   * the text): "New York Times" wins over "New York" and "York Times". Sorted by start.
   */
  findLongestFirst(text: string): TermMatch[] {
    const terms = this.#terms;
    const all = this.findAll(text).sort(
      (a, b) => terms[b.index].length - terms[a.index].length || a.index - b.index || a.start - b.start,
    );
    const taken = new Uint8Array(text.length);
    const out: TermMatch[] = [];
    for (const m of all) {
      let free = true;
      for (let i = m.start; i < m.end && free; i++) free = taken[i] === 0;
      if (!free) continue;
      taken.fill(1, m.start, m.end);
      out.push(m);
    }
    return out.sort((a, b) => a.start - b.start);
  }
}

/**
 * Matchers kept between calls, keyed by the term list's content: a job's glossary snapshot never changes, so the
 * same list (the same glossary version) always gives the same automaton, and a second GET /v1/jobs/{id}/tracks
 * finds it built. Bounded: compiling 2,000 terms takes 0.05-0.2 s and holds a few MB; 32 lists cover the glossaries
 * in use at once on one server. Content-keyed, so it never needs clearing.
 */
const byContent = new LRUCache<string, TermMatcher>({ max: 32 });
/** The same, by list identity: one request reuses its list for every cue without rebuilding the key. */
const byList = new WeakMap<readonly string[], TermMatcher>();

/** The matcher of `terms` (see TermMatcher), built at the first call for this list and kept (bounded). */
export function termMatcher(terms: readonly string[]): TermMatcher {
  let matcher = byList.get(terms);
  if (matcher) return matcher;
  const key = terms.join('\u0000');
  matcher = byContent.get(key);
  if (!matcher) byContent.set(key, (matcher = new TermMatcher(terms)));
  byList.set(terms, matcher);
  return matcher;
}

/**
 * True when `text` holds `term` by the match rules above (a scan for one term: the check of the few renderings a
 * cue's source asks for, without an automaton of every rendering).
 */
export function holdsTerm(text: string, term: string): boolean {
  const needle = foldCase(term.trim().replace(SPACE_RUN, ' '));
  if (!needle || !text) return false;
  const folded = foldSpaces(text);
  const hay = foldCase(folded?.text ?? text);
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const start = folded ? folded.from[at] : at;
    const end = folded ? folded.to[at + needle.length - 1] : at + needle.length;
    // Inside a grapheme cluster (a combining mark follows) is not a match, as for the automaton.
    if (COMBINING.test(charAfter(text, end))) continue;
    if (boundaryBroken(term.trim().charAt(0), charBefore(text, start))) continue;
    if (!boundaryBroken(charBefore(term.trim(), term.trim().length), charAfter(text, end))) return true;
  }
  return false;
}

const rulesMatchers = new WeakMap<readonly GlossaryRule[], TermMatcher>();

/** The matcher of the rules' terms (kept per rule list, and by content through termMatcher). */
function matcherOf(rules: readonly GlossaryRule[]): TermMatcher {
  let m = rulesMatchers.get(rules);
  if (!m) rulesMatchers.set(rules, (m = termMatcher(rules.map((r) => r.term))));
  return m;
}

/**
 * The rules whose term `source` holds and whose expected rendering `target` lacks (the match rules above), in
 * the order of `rules`. One pass over the source whatever the number of rules, then one scan of the target per
 * term found.
 */
export function missingTerms(source: string, target: string, rules: readonly GlossaryRule[]): GlossaryFlag[] {
  if (!rules.length) return [];
  const said = matcherOf(rules).found(source);
  return rules
    .filter((r, i) => said.has(i) && !holdsTerm(target, expectedOf(r)))
    .map((r) => ({ term: r.term, expected: expectedOf(r) }));
}

/**
 * The occurrences of the rules' terms in `text` to replace, without overlaps, the longest term first
 * (TermMatcher.findLongestFirst); `index` is the rule's position in `rules`.
 */
export function termsToReplace(text: string, rules: readonly GlossaryRule[]): TermMatch[] {
  return rules.length ? matcherOf(rules).findLongestFirst(text) : [];
}
