/**
 * Language codes of the product (spec section 3: the studio's list and the history's names). Engines work on
 * ISO 639-1 base codes; the studio sends 'en-gb' for English, which every part reads as 'en'.
 */
import * as v from 'valibot';

/** Base codes of the studio's languages, in the studio's order (spec section 3). */
export const STUDIO_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'hi'] as const;
export type StudioLanguage = (typeof STUDIO_LANGUAGES)[number];

/** The code the studio sends for a base language ('en' is sent as 'en-gb', spec section 3). */
export const STUDIO_CODE: Record<StudioLanguage, string> = {
  en: 'en-gb',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  ja: 'ja',
  ko: 'ko',
  zh: 'zh',
  ar: 'ar',
  hi: 'hi',
};

/** The source language value that asks the speech engine to detect the language. */
export const AUTO_LANGUAGE = 'auto';

/** English names of the languages the product knows (the history also names Indonesian, spec section 3). */
export const LANGUAGE_NAMES: Record<StudioLanguage | 'id', string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  ar: 'Arabic',
  hi: 'Hindi',
  id: 'Indonesian',
};

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur'];

/** 'en-GB' -> 'en', ' ES ' -> 'es', 'pt_BR' -> 'pt'; 'auto' stays 'auto'. */
export function normaliseLanguage(code: string): string {
  return code.trim().toLowerCase().replace(/_/g, '-').split('-')[0];
}

/** True when `code` (any case or region) is one of the studio's languages. */
export function isStudioLanguage(code: string): code is StudioLanguage {
  return (STUDIO_LANGUAGES as readonly string[]).includes(normaliseLanguage(code));
}

/** The English name of a base code ('es' -> 'Spanish'), or undefined for a code the product does not name. */
export function languageName(code: string): string | undefined {
  return Object.hasOwn(LANGUAGE_NAMES, code) ? LANGUAGE_NAMES[code as keyof typeof LANGUAGE_NAMES] : undefined;
}

/** 'es' -> 'Spanish (es)'; unknown codes are returned as they are. For English texts (API errors, logs, CLI). */
export function languageLabel(code: string): string {
  const name = languageName(code);
  return name ? `${name} (${code})` : code;
}

/** A language code as the API takes it: 'es', 'en-gb', 'pt-BR' (lower-cased on input). */
export const LanguageCode = v.pipe(
  v.string('must be a language code'),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'is not a language code'),
);

/** A source language: a language code, or 'auto' (media only: the speech engine detects it). */
export const SourceLanguageCode = v.pipe(
  v.string('must be a language code'),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$|^auto$/, "is not a language code or 'auto'"),
);
