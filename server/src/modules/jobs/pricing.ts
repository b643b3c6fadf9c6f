/**
 * Prices of jobs in credits. Source: spec section 9 ("Subtitles: 1 credit per minute per language; voice dubbing
 * or voice-over: 3 credits per minute per language; document translation: 0.5 credits per 100 words") and the jobs
 * issue (minutes rounded up; documents rounded up per language).
 */

export const CREDITS_PER_MINUTE = { subtitle: 1, voice_over: 3 } as const;
export const DOCUMENT_CREDITS_PER_100_WORDS = 0.5;

/** One line of an estimate. */
export interface PriceLine {
  language: string;
  service: 'subtitle' | 'voice_over' | 'document';
  /** minutes (media) or words (documents) */
  quantity: number;
  unit: 'minute' | 'word';
  credits: number;
}

export interface Price {
  credits: number;
  breakdown: PriceLine[];
}

/** Whole minutes billed for `seconds` of media: ceil(seconds / 60), at least 1 for any media. */
export function billedMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60 - 1e-9));
}

/** Price of a video/audio job: minutes x languages x (1 subtitle + 3 voice-over). */
export function priceMedia(seconds: number, languages: string[], services: Array<'subtitle' | 'voice_over'>): Price {
  const minutes = billedMinutes(seconds);
  const breakdown: PriceLine[] = [];
  for (const language of languages) {
    for (const service of (['subtitle', 'voice_over'] as const).filter((s) => services.includes(s))) {
      breakdown.push({ language, service, quantity: minutes, unit: 'minute', credits: minutes * CREDITS_PER_MINUTE[service] });
    }
  }
  return { credits: breakdown.reduce((n, l) => n + l.credits, 0), breakdown };
}

/** Price of a document job: ceil(words / 100 x 0.5) per language. */
export function priceDocument(words: number, languages: string[]): Price {
  const perLanguage = Math.ceil((words / 100) * DOCUMENT_CREDITS_PER_100_WORDS - 1e-9);
  const breakdown = languages.map((language) => ({ language, service: 'document' as const, quantity: words, unit: 'word' as const, credits: perLanguage }));
  return { credits: perLanguage * languages.length, breakdown };
}
