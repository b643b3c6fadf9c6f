/**
 * The one Lingui wrapper: the shared i18n instance, the stored interface language (en | ar) and the
 * `<html lang dir>` it sets. English is bundled with the shell; the Arabic catalog is a separate chunk.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
// English ships with the shell (no extra round trip before the first paint); Arabic is loaded when chosen.
import { messages as enMessages } from '../locales/en/messages.po';

export { i18n };
export type Locale = 'en' | 'ar';
export const LOCALES: readonly Locale[] = ['en', 'ar'];
const STORAGE_KEY = 'tarjama.language';

/** Spec section 5: the stored language is only en or ar; anything else falls back to en. */
export function parseLocale(value: unknown): Locale {
  return value === 'ar' || value === 'en' ? value : 'en';
}

/** Reads the language stored on the device (localStorage), defaulting to en. */
export function readStoredLocale(): Locale {
  try {
    return parseLocale(globalThis.localStorage?.getItem(STORAGE_KEY));
  } catch {
    return 'en';
  }
}

/** Text direction of a locale: Arabic is right-to-left. */
export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: async () => ({ messages: enMessages }),
  ar: () => import('../locales/ar/messages.po'),
};

/** Loads the catalog, activates it, stores the choice and mirrors the page (`<html lang dir>`). */
export async function activateLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
  if (options.persist !== false) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Private mode or a full quota: the language still applies for this visit.
    }
  }
}

/** Translates a message descriptor made with the `msg` macro outside React (stores, toasts). */
export function translate(descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  return i18n._({ ...descriptor, values: values ?? descriptor.values });
}
