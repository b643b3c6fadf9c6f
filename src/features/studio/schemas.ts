/** Studio rules (spec section 5): YouTube links, upload limits, and what makes a configuration startable. */
import * as v from 'valibot';

/** An http(s) youtube.com (any subdomain) or youtu.be address with a path. */
export const YoutubeUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.url(),
  v.check((value) => {
    try {
      const url = new URL(value);
      const host = url.hostname.toLowerCase();
      const okHost = host === 'youtu.be' || host === 'youtube.com' || host.endsWith('.youtube.com');
      return (url.protocol === 'https:' || url.protocol === 'http:') && okHost && url.pathname.length > 1;
    } catch {
      return false;
    }
  }),
);

export function isYoutubeUrl(value: string): boolean {
  return v.safeParse(YoutubeUrlSchema, value).success;
}

export interface StudioConfig {
  source: string;
  targets: string[];
  subtitles: boolean;
  voiceOver: boolean;
  /** 'manual' = Standard (5 voices per language), 'dubbing' = Premium (20+ voices, the default). */
  mode: 'manual' | 'dubbing';
}

export const DEFAULT_CONFIG: StudioConfig = { source: 'auto', targets: [], subtitles: true, voiceOver: false, mode: 'dubbing' };
/** Documents need their language named (the server cannot detect it), so they start from English. */
export const DEFAULT_DOCUMENT_CONFIG: StudioConfig = { ...DEFAULT_CONFIG, source: 'en-gb' };

/**
 * Start Processing is disabled when no source or no target is chosen, a video job has neither subtitles nor
 * voice-over, or a submission is running (spec section 5).
 */
export function canStart(kind: 'media' | 'document', config: StudioConfig, submitting: boolean): boolean {
  if (submitting || !config.source || config.targets.length === 0) return false;
  return kind === 'document' || config.subtitles || config.voiceOver;
}

/** Studio estimate in credits (spec section 9): 10 per language for subtitles, 30 for voice-over, 3 per document. */
export function estimateCredits(kind: 'media' | 'document', config: StudioConfig): { subtitles: number; voiceOver: number; document: number; total: number } {
  const n = config.targets.length;
  const subtitles = kind === 'media' && config.subtitles ? 10 * n : 0;
  const voiceOver = kind === 'media' && config.voiceOver ? 30 * n : 0;
  const document = kind === 'document' ? Math.ceil((500 / 100) * 0.5) * n : 0;
  return { subtitles, voiceOver, document, total: subtitles + voiceOver + document };
}

/** The translate request of a configuration (spec section 3). */
export function buildRequest(kind: 'media' | 'document', config: StudioConfig, mediaUrl?: string): Record<string, unknown> {
  if (kind === 'document') {
    return { media_url: mediaUrl, source_language: config.source, target_languages: config.targets, services_to_run: ['document'] };
  }
  const services = [...(config.subtitles ? ['subtitle'] : []), ...(config.voiceOver ? ['voice_over'] : [])];
  return { media_url: mediaUrl, source_language: config.source, target_languages: config.targets, services_to_run: services, voice_over_mode: config.mode };
}
