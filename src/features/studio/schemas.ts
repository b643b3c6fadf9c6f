/** Studio rules (spec section 5): YouTube links, upload limits, and what makes a configuration startable. */
import * as v from 'valibot';
import type { MediaService, Service, SubtitleStyle, VoiceOverMode } from '../../../contract/jobs.ts';
import { AUTO_LANGUAGE, normaliseLanguage, STUDIO_CODE } from '../../../contract/languages.ts';
import type { SubmissionRequest } from '../../lib/db.ts';
import { DEFAULT_STYLE } from '../../config/subtitle-style.ts';

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
  mode: VoiceOverMode;
  /** The voice chosen per target language code (ids from GET /v1/capabilities); absent: the mode's default. */
  voices: Record<string, string>;
  /** Subtitles burned into the picture (service burned_subtitles). */
  burned: boolean;
  /** Style of burned-in subtitles; `bilingual` also makes the SRT/VTT two-line. */
  style: SubtitleStyle;
  /** The upload of the user's own subtitles or transcript (.srt, .vtt, .txt) for the video; none by default. */
  wordsUploadId?: string;
  /**
   * The own words have too few letters for Auto-detect to identify their language (contract/own-words.ts): the
   * studio asks for the source language before Start (issue 22 item 10).
   */
  wordsTooShort?: boolean;
  /**
   * The latest cue start and end of own subtitles (seconds; contract/own-words.ts `ownWordsTimes`), compared with
   * the media's length before Start (issue 38 item 4); absent for a transcript.
   */
  wordsTimes?: { lastStart: number; lastEnd: number };
  /** How many people speak (1 … 8), or null for Auto (the default; `num_speakers`, issue 19). */
  speakers: number | null;
  /**
   * "Keep voices natural" (issue 20 item 3; `keep_voices_natural`): the dubbed video is slowed where a line needs
   * more time instead of rushing the voice. Offered for video inputs with voice-over only; off by default.
   */
  keepNatural?: boolean;
  /**
   * "Remove the original speech, keep the rest" (`remove_original_speech`, issue 21 item 4): the dub over the
   * original's music and sounds without its speech. Offered with voice-over when the server separates voices; off
   * by default.
   */
  removeSpeech?: boolean;
  /** Voice-over in the speakers' own voices (`voice_clone`, issue 21 item 4); false by default. */
  voiceClone?: boolean;
  /** The user ticked "I have the right to clone these voices" (`voice_clone_consent`). */
  voiceCloneConsent?: boolean;
}

export const DEFAULT_CONFIG: StudioConfig = {
  source: AUTO_LANGUAGE,
  targets: [],
  subtitles: true,
  voiceOver: false,
  mode: 'dubbing',
  voices: {},
  burned: false,
  style: DEFAULT_STYLE,
  speakers: null,
};
/** Documents need their language named (the server cannot detect it), so they start from English. */
export const DEFAULT_DOCUMENT_CONFIG: StudioConfig = { ...DEFAULT_CONFIG, source: STUDIO_CODE.en };

/**
 * Start Processing is disabled when no source or no target is chosen, a video job has neither subtitles nor
 * voice-over, or a submission is running (spec section 5).
 */
export function canStart(kind: 'media' | 'document', config: StudioConfig, submitting: boolean): boolean {
  if (submitting || !config.source || config.targets.length === 0) return false;
  if (cloneNeedsConsent(kind, config)) return false;
  return kind === 'document' || config.subtitles || config.voiceOver || config.burned;
}

/** Whether the configuration asks for the speakers' own voices (a voice-over with voice cloning on). */
export const clonesVoices = (kind: 'media' | 'document', config: StudioConfig) =>
  kind === 'media' && config.voiceOver && config.voiceClone === true;

/** Voice cloning asked without the consent ticked: Start waits for it. */
export const cloneNeedsConsent = (kind: 'media' | 'document', config: StudioConfig) =>
  clonesVoices(kind, config) && config.voiceCloneConsent !== true;

/**
 * True when `target` is the media job's source language: captions in the original language, with no translation
 * and no voice-over, priced as subtitles (server pricing.ts priceMedia). Never for documents or 'auto'.
 */
export function isCaptions(kind: 'media' | 'document', source: string, target: string): boolean {
  return kind === 'media' && source !== AUTO_LANGUAGE && normaliseLanguage(source) === normaliseLanguage(target);
}

/** The services a configuration asks for (spec section 3 `services_to_run`). */
export function servicesOf(kind: 'media' | 'document', config: StudioConfig): Service[] {
  if (kind === 'document') return ['document'];
  return [
    ...(config.subtitles ? (['subtitle'] as const) : []),
    ...(config.voiceOver ? (['voice_over'] as const) : []),
    ...(config.burned ? (['burned_subtitles'] as const) : []),
  ];
}

/**
 * The translate request of a configuration (spec section 3), without `media_url` while its upload runs.
 * Typed from the contract's request schemas, so a renamed field fails the type check.
 */
export function buildRequest(
  kind: 'media' | 'document',
  config: StudioConfig,
  mediaUrl?: string,
  wordsUrl?: string,
): SubmissionRequest {
  if (kind === 'document') {
    return {
      media_url: mediaUrl,
      source_language: config.source,
      target_languages: config.targets,
      services_to_run: ['document'],
    };
  }
  return {
    media_url: mediaUrl,
    source_language: config.source,
    target_languages: config.targets,
    services_to_run: servicesOf(kind, config).filter((s): s is MediaService => s !== 'document'),
    voice_over_mode: config.mode,
    ...voiceChoices(config),
    ...(wordsUrl ? { source_subtitles_url: wordsUrl } : {}),
    ...(config.burned || config.style.bilingual ? { subtitle_style: config.style } : {}),
    ...(typeof config.speakers === 'number' ? { num_speakers: config.speakers } : {}),
    ...(config.voiceOver && config.keepNatural ? { keep_voices_natural: true } : {}),
    ...(config.voiceOver && config.removeSpeech ? { remove_original_speech: true } : {}),
    ...(clonesVoices(kind, config)
      ? { voice_clone: true, voice_clone_consent: config.voiceCloneConsent === true }
      : {}),
  };
}

/**
 * The chosen voices of the configuration's targets, only with a voice-over (an empty choice and captions targets,
 * which are not voiced, are left out).
 */
function voiceChoices(config: StudioConfig): { voices?: Record<string, string> } {
  if (!config.voiceOver) return {};
  const entries = config.targets.flatMap((t) =>
    config.voices[t] && !isCaptions('media', config.source, t) ? [[t, config.voices[t]] as const] : [],
  );
  return entries.length > 0 ? { voices: Object.fromEntries(entries) } : {};
}
