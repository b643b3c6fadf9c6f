/**
 * The deterministic "model" behind the fake translation APIs: Apertium where it serves the pair (so a test can check
 * real Spanish/French), otherwise a fixed bilingual glossary, word by word (unknown words are kept, tags untouched).
 * It never answers what a test wants: the same input always gives the same, verifiable output.
 */
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';

const apertium = createApertiumEngine();

/** A fixed glossary for languages without a local engine (lower-case English -> target). */
export const GLOSSARY: Record<string, Record<string, string>> = {
  ar: {
    and: 'و',
    so: 'لذلك',
    my: 'يا',
    fellow: 'رفاقي',
    americans: 'الأمريكيون',
    ask: 'اسألوا',
    not: 'لا',
    what: 'ماذا',
    your: 'بلدكم',
    country: 'البلد',
    can: 'يستطيع',
    do: 'يفعل',
    for: 'من أجل',
    you: 'أنتم',
    the: 'ال',
    house: 'البيت',
    is: 'هو',
    red: 'أحمر',
    hello: 'مرحبا',
    world: 'العالم',
  },
  de: {
    and: 'und',
    so: 'so',
    my: 'meine',
    fellow: 'lieben',
    americans: 'Amerikaner',
    ask: 'fragt',
    not: 'nicht',
    what: 'was',
    your: 'euer',
    country: 'Land',
    can: 'kann',
    do: 'tun',
    for: 'für',
    you: 'euch',
    the: 'das',
    house: 'Haus',
    is: 'ist',
    red: 'rot',
    hello: 'hallo',
    world: 'Welt',
  },
};

/** es -> en glossary, for the Spanish-source network test without relying on a model. */
function glossaryTranslate(text: string, to: string): string {
  const g = GLOSSARY[to];
  if (!g) return text;
  return text.replace(/<[^>]+>|[\p{L}']+/gu, (tok) => (tok.startsWith('<') ? tok : (g[tok.toLowerCase()] ?? tok)));
}

/** Apertium's translation of each text already asked for, keyed `from>to` NUL text (the same for every fake). */
const translated = new Map<string, string>();
/** Entries kept at most; the memory is emptied when full. */
const MAX_REMEMBERED = 20_000;

/**
 * Apertium's translations of `texts`, the ones not asked for before in one batch. Each Apertium call loads its
 * dictionaries (about half a second of CPU for a pivot), and the tests ask the fakes for the same sentences again
 * and again; Apertium translates each marked text on its own, so a remembered text reads as it would in any batch.
 */
async function apertiumTranslate(texts: string[], from: string, to: string): Promise<string[]> {
  const key = (t: string) => `${from}>${to}\u0000${t}`;
  const missing = [...new Set(texts.filter((t) => !translated.has(key(t))))];
  if (missing.length) {
    const out = await apertium.translate(missing, { from, to });
    if (translated.size + missing.length > MAX_REMEMBERED) translated.clear();
    missing.forEach((t, i) => translated.set(key(t), out[i]));
  }
  return texts.map((t) => translated.get(key(t)) ?? '');
}

/**
 * Translates texts from -> to (base codes). Same-language requests return the input. `wordByWord`: the fixed
 * glossary even where Apertium serves the pair (for tests of timing, where the wording does not matter).
 */
export async function fakeTranslate(
  texts: string[],
  from: string,
  to: string,
  opts: { wordByWord?: boolean } = {},
): Promise<string[]> {
  if (from === to) return texts;
  if (opts.wordByWord) return texts.map((s) => glossaryTranslate(s, to));
  if (apertium.supports(from, to)) return apertiumTranslate(texts, from, to);
  if (from === 'en') return texts.map((s) => glossaryTranslate(s, to));
  // Into English or between other languages: pivot through English with Apertium when it can, then the glossary.
  if (apertium.supports(from, 'en')) return fakeTranslate(await apertiumTranslate(texts, from, 'en'), 'en', to);
  return texts;
}

/** Languages the fake translation servers accept. */
export const FAKE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'hi'];

/**
 * A translation made `factor` times as long as its source, in characters (as French and German run 25-30 % longer
 * than English): the translation's own words repeated, in order, until it reaches the length; then its final
 * punctuation. Deterministic; a translation already that long is kept.
 */
export function lengthenTo(translation: string, source: string, factor: number): string {
  const want = Math.round([...source].length * factor);
  const end = /[.!?…]+$/.exec(translation)?.[0] ?? '';
  const body = translation.slice(0, translation.length - end.length);
  const words = body.split(/\s+/).filter(Boolean);
  if (!words.length || [...translation].length >= want) return translation;
  const out = [...words];
  for (let k = 0; [...out.join(' ')].length + end.length < want; k++) out.push(words[k % words.length].toLowerCase());
  return out.join(' ') + end;
}

/** Tokens of a text as the fake chat model counts them: a token per 4 bytes of UTF-8, rounded up. */
export const fakeTokens = (text: string) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
