/**
 * The studio's cost summary before the exact price is known: the server's rates (GET /v1/plans `rates`) times the
 * chosen target languages, per unit of media or text. No length is assumed: the exact price comes from
 * POST /v1/jobs/estimate once the file is on the server.
 */
import type { PriceRate, PriceRates } from '../../../contract/billing.ts';
import type { Service } from '../../../contract/jobs.ts';
import { timesRate } from '../../lib/price-text.ts';
import { clonesVoices, isCaptions, servicesOf, type StudioConfig } from './schemas.ts';

/** One service of the summary: its rate, the number of target languages and the rate for all of them. */
export interface RateLine {
  service: Service;
  rate: PriceRate;
  languages: number;
  total: PriceRate;
}

/** The lines, and their sum when they share a unit (subtitles + voice-over: credits per minute). */
export interface RateSummary {
  lines: RateLine[];
  total: PriceRate | null;
}

/**
 * The rate lines of a configuration: each service's rate times its languages. A target in the source language
 * (captions) has no voice-over, as the server prices it (pricing.ts priceMedia); with the speakers' own voices the
 * voice-over is at the `voice_clone` rate.
 */
export function rateSummary(kind: 'media' | 'document', config: StudioConfig, rates: PriceRates): RateSummary {
  const voiced = config.targets.filter((t) => !isCaptions(kind, config.source, t)).length;
  const lines = servicesOf(kind, config).map((service) => {
    const languages = service === 'voice_over' ? voiced : config.targets.length;
    // The speakers' own voices: voice-over at the voice_clone rate (server pricing.ts priceMedia).
    const rate = service === 'voice_over' && clonesVoices(kind, config) ? rates.voice_clone : rates[service];
    return { service, rate, languages, total: timesRate(rate, languages) };
  });
  const first = lines[0]?.total;
  if (!first || !lines.every((l) => l.total.unit === first.unit && l.total.per === first.per))
    return { lines, total: null };
  return { lines, total: { ...first, credits: lines.reduce((sum, l) => sum + l.total.credits, 0) } };
}
