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

/** Translates texts from -> to (base codes). Same-language requests return the input. */
export async function fakeTranslate(texts: string[], from: string, to: string): Promise<string[]> {
  if (from === to) return texts;
  if (apertium.supports(from, to)) return apertium.translate(texts, { from, to });
  if (from === 'en') return texts.map((s) => glossaryTranslate(s, to));
  // Into English or between other languages: pivot through English with Apertium when it can, then the glossary.
  if (apertium.supports(from, 'en'))
    return fakeTranslate(await apertium.translate(texts, { from, to: 'en' }), 'en', to);
  return texts;
}

/** Languages the fake translation servers accept. */
export const FAKE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'hi'];
