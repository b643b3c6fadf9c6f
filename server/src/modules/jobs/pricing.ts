/**
 * Prices of jobs in credits. Source: spec section 9 ("Subtitles: 1 credit per minute per language; voice dubbing
 * or voice-over: 3 credits per minute per language; document translation: 0.5 credits per 100 words") and the jobs
 * issue (minutes rounded up, after a grace of BILLING_GRACE_SECONDS for encoder padding; documents rounded up per
 * language).
 */

import type { PriceRates } from '../../../../contract/billing.ts';
import { MEDIA_SERVICES, type MediaService, type PriceLine } from '../../../../contract/jobs.ts';
import { AUTO_LANGUAGE, normaliseLanguage } from '../../../../contract/languages.ts';

/**
 * The credit rates of every service: the one source of prices. GET /v1/plans publishes them, the web app shows
 * them, and the functions below price jobs from them.
 */
export const PRICE_RATES: PriceRates = {
  subtitle: { credits: 1, per: 1, unit: 'minute' },
  voice_over: { credits: 3, per: 1, unit: 'minute' },
  // Burned-in subtitles: 1 credit per minute per language, as subtitles (the byow issue: a re-encode of the
  // video, comparable to the dubbed MP4's, priced like the subtitles it shows).
  burned_subtitles: { credits: 1, per: 1, unit: 'minute' },
  document: { credits: 0.5, per: 100, unit: 'word' },
  // Spec section 9: "Custom voice cloning: 5 credits per minute" (per language, as voice-over): the voice-over rate
  // of a job dubbed in the speakers' own voices (issue 21 item 4), charged instead of `voice_over`.
  voice_clone: { credits: 5, per: 1, unit: 'minute' },
};

export interface Price {
  credits: number;
  breakdown: PriceLine[];
}

/**
 * Seconds past a whole minute that are not billed as another minute: encoder padding, not content. An AAC or MP3
 * encode of exactly 5:00 lasts a little longer (AAC adds 1,024 priming samples and pads its last 1,024-sample
 * frame: 21-128 ms at 48-8 kHz; MP3's encoder delay and padding are similar), so a "5:00" file probes as
 * 300.032 s and was billed 6 minutes (issue 39 item 3). Half a second holds several frames of padding at any
 * sample rate and is far below any speech a user would miss from the bill.
 */
export const BILLING_GRACE_SECONDS = 0.5;

/**
 * Whole minutes billed for `seconds` of media: ceil((seconds - BILLING_GRACE_SECONDS) / 60), at least 1 for any
 * media. 300.032 s is 5 minutes; 300.6 s is 6.
 */
export function billedMinutes(seconds: number): number {
  return Math.max(1, Math.ceil((seconds - BILLING_GRACE_SECONDS) / 60 - 1e-9));
}

/**
 * Price of a video/audio job: billed minutes x languages x the rate of each service (1 subtitle, 3 voice-over,
 * 1 burned-in subtitles). A target in the source language (`source`, a base code; 'auto' or absent: unknown) is
 * captions in the original language: subtitle services only, no voice-over (the byow issue: same-language captions
 * at the subtitles price; the pipeline voices no such target). With `voiceClone` the voice-over lines are priced at
 * the `voice_clone` rate (5 credits a minute) instead.
 */
export function priceMedia(
  seconds: number,
  languages: string[],
  services: MediaService[],
  source?: string,
  voiceClone = false,
): Price {
  const minutes = billedMinutes(seconds);
  const breakdown: PriceLine[] = [];
  for (const language of languages) {
    const same = !!source && source !== 'auto' && normaliseLanguage(language) === normaliseLanguage(source);
    for (const service of MEDIA_SERVICES.filter((s) => services.includes(s) && !(same && s === 'voice_over'))) {
      const rate = PRICE_RATES[voiceClone && service === 'voice_over' ? 'voice_clone' : service];
      breakdown.push({
        language,
        service,
        quantity: minutes,
        unit: 'minute',
        credits: (minutes / rate.per) * rate.credits,
      });
    }
  }
  return { credits: breakdown.reduce((n, l) => n + l.credits, 0), breakdown };
}

/** Price of a document job: ceil(words / 100 x 0.5) per language. */
export function priceDocument(words: number, languages: string[]): Price {
  const rate = PRICE_RATES.document;
  const perLanguage = Math.ceil((words / rate.per) * rate.credits - 1e-9);
  const breakdown = languages.map((language) => ({
    language,
    service: 'document' as const,
    quantity: words,
    unit: 'word' as const,
    credits: perLanguage,
  }));
  return { credits: perLanguage * languages.length, breakdown };
}

/**
 * Characters a voice speaks per second at an ordinary pace (about 150 words a minute), the rate a re-dub's text
 * is priced at when it is longer than its slot: a segment costs the voice-over rate for the larger of its slot
 * and its text read at this pace (issue 24, item 9: 1,000 characters in a 0.1 s slot cost 1 credit and took
 * minutes to voice).
 */
export const VOICED_CHARS_PER_SECOND = 15;

/** Seconds of speech `text` is priced as: its characters (spaces left out) at VOICED_CHARS_PER_SECOND. */
export function voicedSeconds(text: string): number {
  return text.replace(/\s+/g, '').length / VOICED_CHARS_PER_SECOND;
}

/**
 * Credits a completed job is charged: its reservation, or less when it was submitted on Auto-detect and the
 * language found makes part of the price unnecessary (a voice-over into the language spoken is captions only, and
 * is priced so by `priceMedia`; issue 24 item 6). Never more than reserved.
 * @param detected the source language the pipeline settled on (base code), if any.
 */
export function deliveredCredits(
  job: {
    sourceLanguage: string;
    creditsReserved: number;
    mediaSeconds: number | null;
    targetLanguages: string[];
    servicesRequested: string[];
    jobType: string;
    voiceClone?: boolean | null;
  },
  detected: string | undefined,
): number {
  if (job.jobType !== 'video_translation' || job.sourceLanguage !== AUTO_LANGUAGE || !detected || !job.mediaSeconds)
    return job.creditsReserved;
  const services = job.servicesRequested.filter((s): s is MediaService =>
    (MEDIA_SERVICES as readonly string[]).includes(s),
  );
  return Math.min(
    job.creditsReserved,
    priceMedia(job.mediaSeconds, job.targetLanguages, services, detected, !!job.voiceClone).credits,
  );
}
