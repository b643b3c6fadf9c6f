/**
 * Language codes of the studio (spec): en-gb, es, fr, de, it, pt, ja, ko, zh, ar, hi. Engines work on ISO 639-1
 * base codes, so regional variants are normalised ('en-gb' -> 'en', 'pt-BR' -> 'pt').
 */

/** The studio's base language codes. */
export const STUDIO_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'hi'] as const;

/** English names, for user-readable messages. */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English', es: 'Spanish', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese',
  ja: 'Japanese', ko: 'Korean', zh: 'Chinese', ar: 'Arabic', hi: 'Hindi', id: 'Indonesian',
};

/** 'en-GB' -> 'en', ' ES ' -> 'es', 'auto' stays 'auto'. */
export function normaliseLanguage(code: string): string {
  return code.trim().toLowerCase().replace(/_/g, '-').split('-')[0];
}

/** 'es' -> 'Spanish (es)'; unknown codes are returned as they are. */
export function languageLabel(code: string): string {
  const name = LANGUAGE_NAMES[code];
  return name ? `${name} (${code})` : code;
}
