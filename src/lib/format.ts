/**
 * Small display helpers shared by features. Every number, date and list goes through `intlLocale`, so one
 * interface language shows one kind of digits: Arabic with Western digits (as the plural forms of the Lingui
 * catalog print them), English as in the United Kingdom.
 */

/** The Intl locale of an interface language: 'ar' -> 'ar-u-nu-latn', anything else -> 'en-GB'. */
export function intlLocale(locale: string): string {
  return locale.startsWith('ar') ? 'ar-u-nu-latn' : 'en-GB';
}

/** A number in the interface language (grouping on): 1212 -> '1,212' (en), '1,212' (ar, Western digits). */
export function formatNumber(value: number, locale = 'en', options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

/** A list joined as the language does: ['a','b','c'] -> 'a, b and c' (en), 'a وb وc' (ar, no Latin comma). */
export function formatList(items: readonly string[], locale = 'en', type: Intl.ListFormatType = 'conjunction'): string {
  return new Intl.ListFormat(intlLocale(locale), { style: 'long', type }).format(items);
}

/** Human file size, e.g. 1.4 MB (1 KB = 1024 bytes). */
export function formatBytes(bytes: number, locale = 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return `${formatNumber(value, locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** Date as shown in lists, in the interface language. */
export function formatDate(iso: string | null | undefined, locale = 'en'): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/**
 * An amount of money in the interface language: (19, 'usd') -> '$19.00' (en), '19.00 دولار أمريكي' (ar: the
 * currency's name, as Arabic has no symbol of its own for the dollar and Intl would print the Latin 'US$').
 * `currency` is an ISO 4217 code in either case; `amount` in that currency's main unit (dollars, not cents).
 */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: locale.startsWith('ar') ? 'name' : 'narrowSymbol',
  }).format(amount);
}

/** A calendar day in the interface language, month in words: '23 Nov 2026' (en), '23 نوفمبر 2026' (ar). */
export function formatDay(iso: string, locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dayFormat(locale).format(date);
}

/** Two calendar days as one range, shared parts said once: '23 Nov – 23 Dec 2026' (en), '23 نوفمبر – 23 ديسمبر 2026' (ar). */
export function formatDayRange(startIso: string, endIso: string, locale = 'en'): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${startIso} – ${endIso}`;
  return dayFormat(locale).formatRange(start, end);
}

const dayFormat = (locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: locale.startsWith('ar') ? 'long' : 'short',
    year: 'numeric',
  });

/** Credits with at most one decimal (documents can cost half credits). */
export function formatCredits(value: number | null | undefined, locale = 'en'): string {
  return formatNumber(value ?? 0, locale, { maximumFractionDigits: 1 });
}

/** A media length as m:ss (or h:mm:ss), digits in the interface language: 71.4 s -> '1:11'. */
export function formatDuration(seconds: number, locale = 'en'): string {
  const total = Math.max(0, Math.round(seconds));
  const two = new Intl.NumberFormat(intlLocale(locale), { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(intlLocale(locale), { useGrouping: false });
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${one.format(h)}:${two.format(m)}:${two.format(s)}` : `${one.format(m)}:${two.format(s)}`;
}

/** File name without its last extension: "talk.final.mp4" -> "talk.final". */
export function stripExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
