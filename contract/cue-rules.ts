/**
 * Subtitle rules, pure code shared by the server (cutting and checking cues) and the web app (the editor's live
 * warnings), so both judge a cue the same way. Netflix Timed Text Style Guide, general and per-language guides:
 * at most 42 characters per line and 2 lines; reading speed at most 17 characters per second (configurable);
 * duration 5/6 s (20 frames at 24 fps) to 7 s; at least 2 frames (83 ms) between cues; line and cue breaks
 * after punctuation, before conjunctions and prepositions, never between an article (or other determiner) and
 * its noun. CJK guides: 16 characters per line for Chinese and Korean, 13 for Japanese; Arabic needs
 * right-to-left marks so punctuation stays in place, and the single-character ellipsis.
 */

/** The numeric limits of one language. Seconds, characters and characters per second. */
export interface CueRules {
  maxLineChars: number;
  maxLines: number;
  maxCharsPerSecond: number;
  minDuration: number;
  maxDuration: number;
  minGap: number;
  /** How words join: ' ' for spaced scripts, '' for Chinese and Japanese. */
  joiner: string;
  rtl: boolean;
}

/** Overridable settings (from EnginesConfig.subtitles). */
export interface CueSettings {
  maxCharsPerSecond: number;
  maxLineChars: number;
}

export const DEFAULT_CUE_SETTINGS: CueSettings = { maxCharsPerSecond: 17, maxLineChars: 42 };

/** The rules for `language` (base code). CJK line lengths and reading speeds follow Netflix's language guides. */
export function rulesFor(language: string, settings: CueSettings = DEFAULT_CUE_SETTINGS): CueRules {
  const base: CueRules = {
    maxLineChars: settings.maxLineChars,
    maxLines: 2,
    maxCharsPerSecond: settings.maxCharsPerSecond,
    minDuration: 5 / 6,
    maxDuration: 7,
    minGap: 2 / 24,
    joiner: ' ',
    rtl: language === 'ar',
  };
  if (language === 'zh') return { ...base, maxLineChars: 16, maxCharsPerSecond: 9, joiner: '' };
  if (language === 'ja') return { ...base, maxLineChars: 13, maxCharsPerSecond: 4, joiner: '' };
  if (language === 'ko') return { ...base, maxLineChars: 16, maxCharsPerSecond: 12 };
  return base;
}

/** Articles and other determiners: a line or cue must never end on one (it belongs with its noun). */
const DETERMINERS: Record<string, string[]> = {
  en: [
    'a',
    'an',
    'the',
    'my',
    'your',
    'his',
    'her',
    'its',
    'our',
    'their',
    'this',
    'that',
    'these',
    'those',
    'every',
    'each',
    'no',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'un',
    'una',
    'unos',
    'unas',
    'lo',
    'al',
    'del',
    'mi',
    'tu',
    'su',
    'mis',
    'tus',
    'sus',
    'nuestro',
    'nuestra',
    'nuestros',
    'nuestras',
    'este',
    'esta',
    'estos',
    'estas',
    'ese',
    'esa',
    'cada',
  ],
  fr: [
    'le',
    'la',
    'les',
    'un',
    'une',
    'des',
    'du',
    'au',
    'aux',
    'mon',
    'ma',
    'mes',
    'ton',
    'ta',
    'tes',
    'son',
    'sa',
    'ses',
    'notre',
    'nos',
    'votre',
    'vos',
    'leur',
    'leurs',
    'ce',
    'cet',
    'cette',
    'ces',
    'chaque',
  ],
  pt: [
    'o',
    'a',
    'os',
    'as',
    'um',
    'uma',
    'uns',
    'umas',
    'do',
    'da',
    'dos',
    'das',
    'no',
    'na',
    'nos',
    'nas',
    'ao',
    'meu',
    'minha',
    'seu',
    'sua',
    'nosso',
    'nossa',
    'este',
    'esta',
    'esse',
    'essa',
    'cada',
  ],
  it: [
    'il',
    'lo',
    'la',
    'i',
    'gli',
    'le',
    'un',
    'uno',
    'una',
    'del',
    'dello',
    'della',
    'dei',
    'degli',
    'delle',
    'al',
    'allo',
    'alla',
    'ai',
    'agli',
    'alle',
    'mio',
    'mia',
    'suo',
    'sua',
    'nostro',
    'nostra',
    'questo',
    'questa',
    'ogni',
  ],
  de: [
    'der',
    'die',
    'das',
    'den',
    'dem',
    'des',
    'ein',
    'eine',
    'einen',
    'einem',
    'einer',
    'eines',
    'mein',
    'meine',
    'dein',
    'deine',
    'sein',
    'seine',
    'ihr',
    'ihre',
    'unser',
    'unsere',
    'euer',
    'eure',
    'dieser',
    'diese',
    'dieses',
    'jeder',
    'jede',
    'jedes',
  ],
};
/** Words a break should not follow (prepositions, conjunctions, pronoun subjects): allowed but costly. */
const WEAK: Record<string, string[]> = {
  en: [
    'of',
    'to',
    'in',
    'on',
    'at',
    'for',
    'with',
    'from',
    'by',
    'and',
    'or',
    'but',
    'if',
    'i',
    'you',
    'we',
    'they',
    'he',
    'she',
    'it',
    'not',
    'can',
    'will',
    'is',
    'are',
    'was',
  ],
  es: ['de', 'a', 'en', 'con', 'por', 'para', 'y', 'o', 'que', 'no', 'se', 'me', 'te', 'le', 'nos', 'les'],
  fr: [
    'de',
    'à',
    'en',
    'dans',
    'sur',
    'pour',
    'avec',
    'par',
    'et',
    'ou',
    'que',
    'qui',
    'ne',
    'je',
    'tu',
    'il',
    'elle',
    'nous',
    'vous',
    'ils',
    'elles',
    'se',
  ],
  pt: ['de', 'em', 'com', 'por', 'para', 'e', 'ou', 'que', 'não', 'se', 'me', 'te', 'lhe'],
  it: ['di', 'a', 'in', 'con', 'per', 'da', 'su', 'e', 'o', 'che', 'non', 'si', 'mi', 'ti'],
  de: [
    'von',
    'zu',
    'in',
    'an',
    'auf',
    'mit',
    'für',
    'aus',
    'bei',
    'und',
    'oder',
    'aber',
    'dass',
    'ich',
    'du',
    'er',
    'sie',
    'es',
    'wir',
    'nicht',
  ],
};

const strip = (w: string) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '');

/** True when `word` is an article or determiner of `language` (a break right after it is forbidden). */
export function isDeterminer(word: string, language: string): boolean {
  // "the..." or "the," ends a phrase (a hesitation): nothing follows it that it belongs to.
  if (punctuationStrength(word) > 0) return false;
  const w = strip(word);
  // French/Italian elided articles (l', un') are glued to the noun already; English "the" etc. by list.
  return (DETERMINERS[language] ?? []).includes(w);
}

/** True when a break right after `word` is legal but poor style (preposition, conjunction, subject pronoun). */
export function isWeakBreak(word: string, language: string): boolean {
  return (WEAK[language] ?? []).includes(strip(word));
}

/** Strength of the punctuation that ends `word`: 3 sentence end, 2 clause (, ; : –), 0 none. */
export function punctuationStrength(word: string): number {
  if (/[.!?…。！？؟]["'”»)]*$/u.test(word)) return 3;
  if (/[,;:،؛、，–—]["'”»)]*$/u.test(word)) return 2;
  return 0;
}

/** Characters a viewer reads: every character of the text except direction marks (Netflix counts spaces). */
export function visibleLength(text: string): number {
  return [...text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')].length;
}

/**
 * Arabic typography (Netflix Arabic guide): three dots become the ellipsis character, and each line starts
 * and ends with a right-to-left mark (U+200F) so trailing punctuation renders at the line's left end.
 */
export function arabicLine(line: string): string {
  return `\u200f${line.replace(/\.{3}/g, '…')}\u200f`;
}
