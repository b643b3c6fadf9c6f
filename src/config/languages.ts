/**
 * The studio's languages (spec section 3), derived from the contract's codes (contract/languages.ts) with their
 * translated names. A language added to the contract without a name here fails the type check.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import {
  AUTO_LANGUAGE,
  LANGUAGE_NAMES,
  normaliseLanguage,
  STUDIO_CODE,
  STUDIO_LANGUAGES as STUDIO_BASES,
  type StudioLanguage,
} from '../../contract/languages.ts';

/** Every language the product names (the studio's and, in the history, Indonesian). */
export type NamedLanguage = keyof typeof LANGUAGE_NAMES;

/** Translated names by base code. */
export const LANGUAGE_LABELS: Record<NamedLanguage, MessageDescriptor> = {
  en: msg`English`,
  es: msg`Spanish`,
  fr: msg`French`,
  de: msg`German`,
  it: msg`Italian`,
  pt: msg`Portuguese`,
  ja: msg`Japanese`,
  ko: msg`Korean`,
  zh: msg`Chinese`,
  ar: msg`Arabic`,
  hi: msg`Hindi`,
  id: msg`Indonesian`,
};

export const AUTO_DETECT_LABEL = msg`Auto-detect`;

/** One studio language: the code the studio sends ('en-gb' for English), its base code and its name. */
export interface StudioLanguageOption {
  code: string;
  base: StudioLanguage;
  name: MessageDescriptor;
}

/** The studio's list, in the spec's order. */
export const STUDIO_LANGUAGES: readonly StudioLanguageOption[] = STUDIO_BASES.map((base) => ({
  code: STUDIO_CODE[base],
  base,
  name: LANGUAGE_LABELS[base],
}));

/** The source value that asks the speech engine to detect the language. */
export { AUTO_LANGUAGE };

/**
 * The translated name of a language code in any form ('en-gb', 'ES', 'auto'); a code the product does not name is
 * shown as it is (spec section 3).
 */
export function languageLabel(code: string, i18n: I18n): string {
  if (code === AUTO_LANGUAGE) return i18n._(AUTO_DETECT_LABEL);
  const base = normaliseLanguage(code);
  return Object.hasOwn(LANGUAGE_LABELS, base) ? i18n._(LANGUAGE_LABELS[base as NamedLanguage]) : code;
}
