/** Interface language store: en or ar, stored on the device, sets `<html lang dir>` (spec section 4). */
import { create } from 'zustand';
import { activateLocale, readStoredLocale, type Locale } from '../../lib/i18n.ts';

interface LanguageState {
  locale: Locale;
  setLocale: (locale: Locale) => Promise<void>;
  toggle: () => Promise<void>;
}

export const useLanguageStore = create<LanguageState>((set, get) => ({
  locale: readStoredLocale(),
  async setLocale(locale) {
    await activateLocale(locale);
    set({ locale });
  },
  toggle: () => get().setLocale(get().locale === 'en' ? 'ar' : 'en'),
}));
