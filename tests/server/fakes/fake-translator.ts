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
  if (apertium.supports(from, to)) return apertium.translate(texts, { from, to });
  if (from === 'en') return texts.map((s) => glossaryTranslate(s, to));
  // Into English or between other languages: pivot through English with Apertium when it can, then the glossary.
  if (apertium.supports(from, 'en'))
    return fakeTranslate(await apertium.translate(texts, { from, to: 'en' }), 'en', to);
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
