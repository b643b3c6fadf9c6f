/**
 * Prices as the user reads them, from the server's rates (GET /v1/plans `rates`, contract/billing.ts PriceRate):
 * '1 credit/min', '3 credits/min', '0.5 credits per 100 words', in the interface language.
 */
import { useEffect } from 'react';
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { PriceRate, PriceRates } from '../../contract/billing.ts';
import { formatCredits } from './format.ts';
import { usePlansStore } from './plans-store.ts';

/** '1 credit/min', '8 credits/min', '2 credits per 5 min', '0.5 credits per 100 words'. */
export function rateLabel(rate: PriceRate, i18n: I18n): string {
  const credits = rate.credits;
  const per = formatCredits(rate.per, i18n.locale);
  if (rate.unit === 'minute' && rate.per === 1)
    return i18n._(msg`${plural(credits, { one: '# credit/min', other: '# credits/min' })}`);
  if (rate.unit === 'minute')
    return i18n._(msg`${plural(credits, { one: `# credit per ${per} min`, other: `# credits per ${per} min` })}`);
  return i18n._(msg`${plural(credits, { one: `# credit per ${per} words`, other: `# credits per ${per} words` })}`);
}

/**
 * A number of credits with its plural form in the interface language: '1 credit', '1,200 credits', Arabic's
 * dual and few/many forms. The figure is formatted by `formatCredits` (one kind of digits per language).
 */
export function creditsLabel(credits: number, i18n: I18n): string {
  const figure = formatCredits(credits, i18n.locale);
  return i18n._(msg`${plural(credits, { one: `${figure} credit`, other: `${figure} credits` })}`);
}

/** The rate times `count` (target languages): 1 credit/min x 3 -> 3 credits/min. */
export function timesRate(rate: PriceRate, count: number): PriceRate {
  return { ...rate, credits: rate.credits * count };
}

/** The server's rates (read once per visit, kept on the device), or null before the first answer. */
export function useRates(): PriceRates | null {
  const rates = usePlansStore((s) => s.plans?.rates ?? null);
  useEffect(() => void usePlansStore.getState().load(), []);
  return rates;
}
