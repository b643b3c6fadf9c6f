/**
 * Settings of the speech, translation and voice engines (owned by the media pipeline).
 * Every variable here is listed in docs/configuration.md.
 * With nothing set, only the local engines run (pocketsphinx, Apertium, espeak-ng, flite; engines.md).
 */
import * as v from 'valibot';
import {
  boolWithDefault,
  intWithDefault,
  numberWithDefault,
  optionalInt,
  optionalString,
  optionalUrl,
  stringWithDefault,
} from './env.ts';
import { DEFAULT_SPEND_CONFIG, spendEnv, toSpendConfig, type SpendConfig } from './spend.config.ts';

/** OPENAI_VOICE_DEFAULTS's default: a voice per studio language, so the languages do not all sound alike. */
const DEFAULT_VOICE_DEFAULTS =
  'en:alloy,es:nova,fr:shimmer,de:onyx,it:nova,pt:shimmer,ar:onyx,ja:nova,ko:shimmer,zh:nova,hi:echo,id:fable';

export const enginesEnv = {
  /** OpenAI-compatible server (OpenAI, Groq, vLLM, LocalAI, speaches...): enables its speech, translation and voice. */
  OPENAI_BASE_URL: optionalUrl(),
  OPENAI_API_KEY: optionalString(),
  /** Per-stage overrides of the server URL (e.g. Groq for speech, vLLM for translation). */
  OPENAI_SPEECH_BASE_URL: optionalUrl(),
  OPENAI_TRANSLATION_BASE_URL: optionalUrl(),
  OPENAI_VOICE_BASE_URL: optionalUrl(),
  /** Speaker diarization server (issue 19); also enabled by 'speakers' in OPENAI_STAGES (not there by default). */
  OPENAI_SPEAKERS_BASE_URL: optionalUrl(),
  OPENAI_SPEAKERS_MODEL: stringWithDefault('gpt-4o-transcribe-diarize'),
  OPENAI_SPEECH_MODEL: stringWithDefault('whisper-1'),
  OPENAI_TRANSLATION_MODEL: stringWithDefault('gpt-4o-mini'),
  OPENAI_VOICE_MODEL: stringWithDefault('tts-1'),
  /** Comma list of the stages the OpenAI-compatible server serves: speech, translation, voice (and speakers). */
  OPENAI_STAGES: stringWithDefault('speech,translation,voice'),
  DEEPL_API_KEY: optionalString(),
  /** Defaults to https://api-free.deepl.com for keys ending in ':fx', https://api.deepl.com otherwise. */
  DEEPL_API_URL: optionalUrl(),
  /** ElevenLabs speech-to-text with diarization (speakers stage, issue 19): enabled by the key. */
  ELEVENLABS_API_KEY: optionalString(),
  ELEVENLABS_BASE_URL: stringWithDefault('https://api.elevenlabs.io'),
  ELEVENLABS_SPEECH_MODEL: stringWithDefault('scribe_v1'),
  /** ElevenLabs text-to-speech (premium voices, issue 21 item 4): on with the key unless turned off. */
  ELEVENLABS_VOICE: boolWithDefault(true),
  ELEVENLABS_VOICE_MODEL: stringWithDefault('eleven_multilingual_v2'),
  /** The voices offered, `id:Name:gender` comma-separated (gender female, male or neutral); unset: six premade. */
  ELEVENLABS_VOICES: optionalString(),
  /**
   * Voice separation ("Remove the original speech", issue 21 item 4): ElevenLabs audio isolation with
   * ELEVENLABS_API_KEY, or any server answering its contract (POST /v1/audio-isolation) at this URL with this key.
   */
  SEPARATION_BASE_URL: optionalUrl(),
  SEPARATION_API_KEY: optionalString(),
  LIBRETRANSLATE_URL: optionalUrl(),
  LIBRETRANSLATE_API_KEY: optionalString(),
  /** The LibreTranslate server's --batch-limit (texts per request) and --char-limit (characters, 0: none). */
  LIBRETRANSLATE_BATCH_LIMIT: intWithDefault(50, 1, 1000),
  LIBRETRANSLATE_CHAR_LIMIT: intWithDefault(0, 0, 10_000_000),
  /** Turn the local engines off (a deployment that must only use network engines). */
  LOCAL_ENGINES: boolWithDefault(true),
  ENGINE_HTTP_TIMEOUT_SECONDS: intWithDefault(120, 1, 3600),
  ENGINE_HTTP_RETRIES: intWithDefault(3, 0, 10),
  /** Longest Retry-After (seconds) an engine call waits for; a longer one fails that call at once. */
  ENGINE_MAX_RETRY_AFTER_SECONDS: intWithDefault(300, 0, 3600),
  /** Requests in flight at once per network engine and process, and requests started per minute (0: no bound). */
  ENGINE_MAX_CONCURRENT: intWithDefault(4, 1, 256),
  ENGINE_REQUESTS_PER_MINUTE: intWithDefault(0, 0, 1_000_000),
  /** Per-engine overrides of the two above (unset: the ENGINE_* value). */
  DEEPL_MAX_CONCURRENT: optionalInt(1, 256),
  DEEPL_REQUESTS_PER_MINUTE: optionalInt(0, 1_000_000),
  LIBRETRANSLATE_MAX_CONCURRENT: optionalInt(1, 256),
  LIBRETRANSLATE_REQUESTS_PER_MINUTE: optionalInt(0, 1_000_000),
  /** Shared by every stage of the OpenAI-compatible server(s). */
  OPENAI_MAX_CONCURRENT: optionalInt(1, 256),
  OPENAI_REQUESTS_PER_MINUTE: optionalInt(0, 1_000_000),
  /**
   * Shared by every ElevenLabs stage (voice, speakers, separation). ElevenLabs bounds requests in flight per plan
   * (its "concurrency limit": 2 on Free, 3 Starter, 5 Creator, 10 Pro) and answers 429
   * `too_many_concurrent_requests` over it: set it to the plan's figure.
   */
  ELEVENLABS_MAX_CONCURRENT: optionalInt(1, 256),
  ELEVENLABS_REQUESTS_PER_MINUTE: optionalInt(0, 1_000_000),
  /**
   * Seconds one chat-completions translation request may take (a model writes a 40-paragraph answer for minutes);
   * a request that ran out of this time is not sent again while the model may still be writing the first.
   */
  OPENAI_TRANSLATION_TIMEOUT_SECONDS: intWithDefault(600, 1, 3600),
  /**
   * Estimated tokens (characters/4 for Latin, Greek and Cyrillic text, 1 a character for other scripts) of the texts
   * of one chat-completions translation request; the answer is about as long, so 4,000 leaves it well within a
   * model's output limit (gpt-4o-mini: 16,384 tokens). A text over it goes alone.
   */
  OPENAI_TRANSLATION_BATCH_MAX_TOKENS: intWithDefault(4000, 100, 1_000_000),
  /** Characters per DeepL request at most (0: only DeepL's own limits, 50 texts and 128 KiB a request). */
  DEEPL_BATCH_MAX_CHARS: intWithDefault(0, 0, 1_000_000),
  /** Characters per translation call of a document's texts (batches are cut by characters, not only by count). */
  TRANSLATION_BATCH_MAX_CHARS: intWithDefault(8000, 200, 1_000_000),
  /** Translation calls of one document in flight at once (each engine's own bound still applies). */
  TRANSLATION_PARALLEL_BATCHES: intWithDefault(4, 1, 64),
  /**
   * Default voice of the OpenAI-compatible voice engine per language, `language:voice` pairs separated by commas
   * (`*:voice` for the others). The studio and API offer every voice; this one is chosen when none is named.
   */
  OPENAI_VOICE_DEFAULTS: stringWithDefault(DEFAULT_VOICE_DEFAULTS),
  /** Subtitle reading speed limit, characters per second (Netflix Timed Text Style Guide: 17 for adults). */
  SUBTITLE_MAX_CPS: numberWithDefault(17, 5, 40),
  /** Characters per subtitle line (Netflix: 42). */
  SUBTITLE_MAX_LINE_CHARS: intWithDefault(42, 16, 80),
  /** Unit prices and monthly spend caps of the network engines (spend.config.ts). */
  ...spendEnv,
};

type EnginesEnv = v.InferOutput<v.ObjectSchema<typeof enginesEnv, undefined>>;

/** An OpenAI-compatible endpoint for one stage. `baseUrl` has no trailing slash and no `/v1`. */
export interface OpenAiEndpoint {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/** ElevenLabs text-to-speech: the account, the model, and the voices offered (empty: the engine's premade list). */
export interface ElevenLabsVoiceConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  voices: { id: string; name: string; gender: 'female' | 'male' | 'neutral' }[];
}

/**
 * ELEVENLABS_VOICES (`id:Name:gender,...`) as voices.
 * @throws Error naming the entry that is not `id:Name:gender` with a gender of female, male or neutral.
 */
export function parseElevenLabsVoices(list: string | undefined): ElevenLabsVoiceConfig['voices'] {
  if (!list?.trim()) return [];
  return list.split(',').map((entry) => {
    const [id, name, gender] = entry.split(':').map((x) => x.trim());
    if (!id || !name || !(gender === 'female' || gender === 'male' || gender === 'neutral'))
      throw new Error(`ELEVENLABS_VOICES: "${entry}" is not id:Name:gender (female, male or neutral)`);
    return { id, name, gender };
  });
}

/** Typed engine settings. Absent network sections mean that engine is not configured. */
export interface EnginesConfig {
  local: boolean;
  openai: {
    speech?: OpenAiEndpoint;
    translation?: OpenAiEndpoint;
    voice?: OpenAiEndpoint;
    /** Speaker diarization (`gpt-4o-transcribe-diarize`, issue 19). */
    speakers?: OpenAiEndpoint;
  };
  /** `maxChars`: characters per request at most (DEEPL_BATCH_MAX_CHARS; absent or 0: DeepL's own limits only). */
  deepl?: { apiUrl: string; apiKey: string; maxChars?: number };
  /** ElevenLabs speech-to-text for speaker diarization (`baseUrl` without a trailing slash). */
  elevenLabs?: { baseUrl: string; apiKey: string; model: string };
  /** ElevenLabs text-to-speech (premium voices); absent when no key is set or ELEVENLABS_VOICE=false. */
  elevenLabsVoice?: ElevenLabsVoiceConfig;
  /**
   * Voice separation (POST /v1/audio-isolation): SEPARATION_BASE_URL with SEPARATION_API_KEY, else the ElevenLabs
   * account; absent when neither is set.
   */
  separation?: { baseUrl: string; apiKey: string };
  libreTranslate?: { url: string; apiKey?: string; limits?: { batchLimit: number; charLimit: number } };
  http: EngineHttpConfig;
  subtitles: { maxCharsPerSecond: number; maxLineChars: number };
  /**
   * Bounds of each network engine's requests from one process (engine-gate.ts); absent: ENGINE_DEFAULT_LIMITS.
   * `openai` is shared by the OpenAI-compatible stages.
   */
  limits?: { deepl: EngineLimits; libretranslate: EngineLimits; openai: EngineLimits; elevenlabs: EngineLimits };
  /** Seconds one chat-completions translation request may take; absent: 600. */
  openaiTranslationTimeoutSeconds?: number;
  /** Estimated tokens of texts per chat-completions translation request (batches.ts); absent: 4,000. */
  openaiTranslationBatchMaxTokens?: number;
  /** Document translation calls: at most `maxChars` characters each, `parallel` in flight; absent: 8,000 and 4. */
  translationBatches?: { maxChars: number; parallel: number };
  /** The OpenAI voice engine's default voice per base language code ('*': any other); absent: none. */
  voiceDefaults?: Record<string, string>;
  /** Unit prices and monthly spend caps of the network engines (spend.config.ts); absent: default prices, no caps. */
  spend?: SpendConfig;
}

/**
 * The HTTP settings of every network engine (ENGINE_HTTP_TIMEOUT_SECONDS, ENGINE_HTTP_RETRIES,
 * ENGINE_MAX_RETRY_AFTER_SECONDS); engines/http-client.ts `EngineHttpSettings` adds each engine's gate and meter.
 */
export interface EngineHttpConfig {
  /** Seconds one request may take. */
  timeoutSeconds: number;
  /** Retries of a transient failure (network, 5xx, 429). */
  retries: number;
  /** Longest Retry-After, seconds, that is waited for; a longer one fails the call at once (as unavailable). */
  maxRetryAfterSeconds?: number;
}

/**
 * One network engine's bounds on its requests from this process (engines/engine-gate.ts enforces them; issue 26
 * items 5, 6): ENGINE_MAX_CONCURRENT / ENGINE_REQUESTS_PER_MINUTE and the per-engine overrides.
 */
export interface EngineLimits {
  /** Requests in flight at once (at least 1). */
  maxConcurrent: number;
  /** Requests started per rolling minute; 0: unbounded. */
  perMinute: number;
}

/** Bounds of a network engine when the configuration names none: 4 requests in flight, no rate bound. */
export const ENGINE_DEFAULT_LIMITS: EngineLimits = { maxConcurrent: 4, perMinute: 0 };

/** Parses OPENAI_VOICE_DEFAULTS (`es:nova,fr:shimmer,*:alloy`) into language -> voice; bad pairs are skipped. */
export function parseVoiceDefaults(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of list.split(',')) {
    const [lang, voice] = pair.split(':').map((x) => x.trim());
    if (lang && voice) out[lang.toLowerCase()] = voice;
  }
  return out;
}

/** The local-only configuration (tests, `npm start` without settings). */
export const LOCAL_ENGINES_CONFIG: EnginesConfig = {
  local: true,
  openai: {},
  http: { timeoutSeconds: 120, retries: 3, maxRetryAfterSeconds: 300 },
  subtitles: { maxCharsPerSecond: 17, maxLineChars: 42 },
  limits: {
    deepl: { maxConcurrent: 4, perMinute: 0 },
    libretranslate: { maxConcurrent: 4, perMinute: 0 },
    openai: { maxConcurrent: 4, perMinute: 0 },
    elevenlabs: { maxConcurrent: 4, perMinute: 0 },
  },
  openaiTranslationTimeoutSeconds: 600,
  openaiTranslationBatchMaxTokens: 4000,
  translationBatches: { maxChars: 8000, parallel: 4 },
  voiceDefaults: parseVoiceDefaults(DEFAULT_VOICE_DEFAULTS),
  spend: DEFAULT_SPEND_CONFIG,
};

const STAGES = ['speech', 'translation', 'voice', 'speakers'];

export function checkEnginesEnv(e: EnginesEnv): string[] {
  const problems: string[] = [];
  const stages = e.OPENAI_STAGES.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = stages.filter((s) => !STAGES.includes(s));
  if (bad.length)
    problems.push(`OPENAI_STAGES: unknown stage ${bad.join(', ')} (use speech, translation, voice, speakers)`);
  if (e.LIBRETRANSLATE_API_KEY && !e.LIBRETRANSLATE_URL)
    problems.push('LIBRETRANSLATE_URL: required when LIBRETRANSLATE_API_KEY is set');
  if (e.DEEPL_API_URL && !e.DEEPL_API_KEY) problems.push('DEEPL_API_KEY: required when DEEPL_API_URL is set');
  if (e.SEPARATION_BASE_URL && !e.SEPARATION_API_KEY)
    problems.push('SEPARATION_API_KEY: required when SEPARATION_BASE_URL is set (sent as xi-api-key)');
  const badPairs = e.OPENAI_VOICE_DEFAULTS.split(',')
    .map((p) => p.trim())
    .filter((p) => p && !/^[a-z*]{1,3}(-[a-z]{2,4})?\s*:\s*[\w.-]+$/i.test(p));
  if (badPairs.length)
    problems.push(`OPENAI_VOICE_DEFAULTS: ${badPairs.join(', ')} is not language:voice (e.g. es:nova,*:alloy)`);
  return problems;
}

const trimUrl = (u: string) => u.replace(/\/+$/, '').replace(/\/v1$/, '');

export function toEnginesConfig(e: EnginesEnv): EnginesConfig {
  const stages = new Set(e.OPENAI_STAGES.split(',').map((s) => s.trim()));
  const endpoint = (stage: string, own: string | undefined, model: string): OpenAiEndpoint | undefined => {
    const url = own ?? (stages.has(stage) ? e.OPENAI_BASE_URL : undefined);
    return url ? { baseUrl: trimUrl(url), apiKey: e.OPENAI_API_KEY, model } : undefined;
  };
  return {
    local: e.LOCAL_ENGINES,
    openai: {
      speech: endpoint('speech', e.OPENAI_SPEECH_BASE_URL, e.OPENAI_SPEECH_MODEL),
      translation: endpoint('translation', e.OPENAI_TRANSLATION_BASE_URL, e.OPENAI_TRANSLATION_MODEL),
      voice: endpoint('voice', e.OPENAI_VOICE_BASE_URL, e.OPENAI_VOICE_MODEL),
      speakers: endpoint('speakers', e.OPENAI_SPEAKERS_BASE_URL, e.OPENAI_SPEAKERS_MODEL),
    },
    deepl: e.DEEPL_API_KEY
      ? {
          apiKey: e.DEEPL_API_KEY,
          ...(e.DEEPL_BATCH_MAX_CHARS ? { maxChars: e.DEEPL_BATCH_MAX_CHARS } : {}),
          apiUrl: (
            e.DEEPL_API_URL ??
            (e.DEEPL_API_KEY.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com')
          ).replace(/\/+$/, ''),
        }
      : undefined,
    elevenLabs: e.ELEVENLABS_API_KEY
      ? {
          baseUrl: e.ELEVENLABS_BASE_URL.replace(/\/+$/, ''),
          apiKey: e.ELEVENLABS_API_KEY,
          model: e.ELEVENLABS_SPEECH_MODEL,
        }
      : undefined,
    elevenLabsVoice:
      e.ELEVENLABS_API_KEY && e.ELEVENLABS_VOICE
        ? {
            baseUrl: e.ELEVENLABS_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.ELEVENLABS_API_KEY,
            model: e.ELEVENLABS_VOICE_MODEL,
            voices: parseElevenLabsVoices(e.ELEVENLABS_VOICES),
          }
        : undefined,
    separation:
      e.SEPARATION_BASE_URL && e.SEPARATION_API_KEY
        ? { baseUrl: e.SEPARATION_BASE_URL.replace(/\/+$/, ''), apiKey: e.SEPARATION_API_KEY }
        : e.ELEVENLABS_API_KEY
          ? { baseUrl: e.ELEVENLABS_BASE_URL.replace(/\/+$/, ''), apiKey: e.ELEVENLABS_API_KEY }
          : undefined,
    libreTranslate: e.LIBRETRANSLATE_URL
      ? {
          url: e.LIBRETRANSLATE_URL.replace(/\/+$/, ''),
          apiKey: e.LIBRETRANSLATE_API_KEY,
          limits: { batchLimit: e.LIBRETRANSLATE_BATCH_LIMIT, charLimit: e.LIBRETRANSLATE_CHAR_LIMIT },
        }
      : undefined,
    http: {
      timeoutSeconds: e.ENGINE_HTTP_TIMEOUT_SECONDS,
      retries: e.ENGINE_HTTP_RETRIES,
      maxRetryAfterSeconds: e.ENGINE_MAX_RETRY_AFTER_SECONDS,
    },
    subtitles: { maxCharsPerSecond: e.SUBTITLE_MAX_CPS, maxLineChars: e.SUBTITLE_MAX_LINE_CHARS },
    limits: {
      deepl: limitsOf(e.DEEPL_MAX_CONCURRENT, e.DEEPL_REQUESTS_PER_MINUTE),
      libretranslate: limitsOf(e.LIBRETRANSLATE_MAX_CONCURRENT, e.LIBRETRANSLATE_REQUESTS_PER_MINUTE),
      openai: limitsOf(e.OPENAI_MAX_CONCURRENT, e.OPENAI_REQUESTS_PER_MINUTE),
      elevenlabs: limitsOf(e.ELEVENLABS_MAX_CONCURRENT, e.ELEVENLABS_REQUESTS_PER_MINUTE),
    },
    openaiTranslationTimeoutSeconds: e.OPENAI_TRANSLATION_TIMEOUT_SECONDS,
    openaiTranslationBatchMaxTokens: e.OPENAI_TRANSLATION_BATCH_MAX_TOKENS,
    translationBatches: { maxChars: e.TRANSLATION_BATCH_MAX_CHARS, parallel: e.TRANSLATION_PARALLEL_BATCHES },
    voiceDefaults: parseVoiceDefaults(e.OPENAI_VOICE_DEFAULTS),
    spend: toSpendConfig(e),
  };
  function limitsOf(concurrent: number | undefined, perMinute: number | undefined): EngineLimits {
    return {
      maxConcurrent: concurrent ?? e.ENGINE_MAX_CONCURRENT,
      perMinute: perMinute ?? e.ENGINE_REQUESTS_PER_MINUTE,
    };
  }
}
