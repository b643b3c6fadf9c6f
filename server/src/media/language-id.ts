/**
 * Text language identification for the user's own words (issue 13: 'auto' with source_subtitles_url). franc-min
 * (character trigrams; a script decides alone for Arabic, Devanagari, Hangul, Han and kana) restricted to the
 * studio's languages. It only answers when the text is long enough to be sure: measured on the NTREX-128
 * references in ../shared/testdata/mt (docs/notes/media-experiments.md, "Own words"), single Latin-script sentences of at least 100 letters
 * were all identified right (589 of 589) and texts of 3 sentences all right (726 of 726), while shorter sentences
 * were sometimes taken for a neighbour (Spanish for Portuguese).
 */
import { francAll } from 'franc-min';
import type { StudioLanguage } from '../../../contract/languages.ts';
import { OWN_WORDS_MIN_LETTERS } from '../../../contract/own-words.ts';

/** franc's ISO 639-3 codes of the studio's languages. */
const ISO_639_3: Record<string, StudioLanguage> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  ita: 'it',
  por: 'pt',
  jpn: 'ja',
  kor: 'ko',
  cmn: 'zh',
  arb: 'ar',
  hin: 'hi',
};

/** Languages franc tells apart by their script alone. */
const BY_SCRIPT: readonly StudioLanguage[] = ['ja', 'ko', 'zh', 'ar', 'hi'];

/**
 * Letters needed before an answer: a Latin-script language needs about one long sentence; a script, a phrase.
 * Defined in the contract: the studio says before Start when a text is too short (issue 22 item 10).
 */
export const MIN_LETTERS = OWN_WORDS_MIN_LETTERS;

/**
 * The studio language `text` is written in, or null when the text is too short to be sure or in none of them.
 * @param text the words of a subtitle file or transcript (only franc's first 2,048 characters are read).
 */
export function identifyLanguage(text: string): StudioLanguage | null {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters < MIN_LETTERS.script) return null;
  const [best] = francAll(text, { only: Object.keys(ISO_639_3), minLength: MIN_LETTERS.script });
  const language = best && ISO_639_3[best[0]];
  if (!language) return null;
  return BY_SCRIPT.includes(language) || letters >= MIN_LETTERS.latin ? language : null;
}
