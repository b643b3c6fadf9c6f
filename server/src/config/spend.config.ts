/**
 * Unit prices and monthly spend caps of the network engines (issue 26 item 6, issue 21 item 5): every engine call
 * records the units it sent and an estimated cost in USD from these prices (engines/engine-usage.ts); an engine whose
 * month (UTC calendar month) of estimated spend has reached its cap is refused before the call
 * (ENGINE_SPEND_CAP_REACHED), so the translation fallback moves to another engine or the job fails and is refunded.
 *
 * Default prices are the vendors' public list prices when this was written (estimates; set your contract's):
 * - OpenAI, https://openai.com/api/pricing/ ("Audio models" and "Text to speech"): whisper-1 and gpt-4o-transcribe
 *   $0.006 a minute of audio; tts-1 $15.00 per 1M characters (tts-1-hd $30.00); gpt-4o-mini $0.15 per 1M input
 *   tokens and $0.60 per 1M output tokens, which at OpenAI's rule of thumb of about 4 characters a token and an
 *   answer about as long as the texts sent is about $0.19 per 1M characters translated: 0.20 (prompt included).
 * - DeepL API Pro, https://www.deepl.com/pro-api: $25.00 per 1M characters (the monthly base fee is not counted).
 * - ElevenLabs, https://elevenlabs.io/pricing/api: speech to text (Scribe) $0.40 an hour of audio, 0.0067 a minute;
 *   text to speech (Multilingual v2) about $0.10 per 1,000 characters on the API's pay-as-you-go rates, 100 per 1M
 *   (an estimate: ElevenLabs bills characters against the plan's credits; set your plan's effective price).
 * - Voice separation (ElevenLabs Voice Isolator, https://elevenlabs.io/pricing/api): $0.12 a minute of audio (1,000
 *   credits a minute on the plans); a self-hosted server answering the same contract: set 0.
 * - LibreTranslate: self-hosted, 0 (set the hosted plan's price per 1M characters when using libretranslate.com).
 */
import * as v from 'valibot';
import { optionalNumber, numberWithDefault } from './env.ts';

export const spendEnv = {
  /** USD per minute of audio sent to the OpenAI-compatible recogniser (and its speaker diarization). */
  OPENAI_SPEECH_USD_PER_MINUTE: numberWithDefault(0.006, 0, 1000),
  /** USD per 1M characters sent to the OpenAI-compatible chat translation (an estimate from token prices). */
  OPENAI_TRANSLATION_USD_PER_MILLION_CHARS: numberWithDefault(0.2, 0, 100_000),
  /** USD per 1M characters sent to the OpenAI-compatible speech synthesis (tts-1: 15; tts-1-hd: 30). */
  OPENAI_VOICE_USD_PER_MILLION_CHARS: numberWithDefault(15, 0, 100_000),
  /** USD per 1M characters sent to DeepL. */
  DEEPL_USD_PER_MILLION_CHARS: numberWithDefault(25, 0, 100_000),
  /** USD per 1M characters sent to LibreTranslate (self-hosted: 0). */
  LIBRETRANSLATE_USD_PER_MILLION_CHARS: numberWithDefault(0, 0, 100_000),
  /** USD per minute of audio sent to ElevenLabs speech to text. */
  ELEVENLABS_USD_PER_MINUTE: numberWithDefault(0.0067, 0, 1000),
  /** USD per 1M characters sent to ElevenLabs text to speech. */
  ELEVENLABS_VOICE_USD_PER_MILLION_CHARS: numberWithDefault(100, 0, 100_000),
  /** USD per minute of audio sent to the voice separation engine (counted under the elevenlabs engine and its cap). */
  SEPARATION_USD_PER_MINUTE: numberWithDefault(0.12, 0, 1000),
  /** Monthly (UTC calendar month) estimated spend caps in USD per engine; unset: no cap. */
  OPENAI_MONTHLY_SPEND_CAP_USD: optionalNumber(0, 100_000_000),
  DEEPL_MONTHLY_SPEND_CAP_USD: optionalNumber(0, 100_000_000),
  LIBRETRANSLATE_MONTHLY_SPEND_CAP_USD: optionalNumber(0, 100_000_000),
  ELEVENLABS_MONTHLY_SPEND_CAP_USD: optionalNumber(0, 100_000_000),
};

/** The network engines that are metered (the OpenAI-compatible stages share one cap). */
export type MeteredEngine = 'openai' | 'deepl' | 'libretranslate' | 'elevenlabs';
/** What an engine call does: its units are characters (translation, voice) or audio seconds (speech, speakers). */
export type MeteredStage = 'speech' | 'translation' | 'voice' | 'speakers' | 'separation';

/** Typed spend settings. */
export interface SpendConfig {
  /**
   * USD per unit sent, per `engine:stage` (units: characters for translation and voice, audio seconds for speech
   * and speakers); a pair absent here costs 0.
   */
  unitPricesUsd: Partial<Record<`${MeteredEngine}:${MeteredStage}`, number>>;
  /** Monthly estimated spend caps, USD; an engine absent here has no cap. */
  capsUsd: Partial<Record<MeteredEngine, number>>;
}

type SpendEnv = v.InferOutput<v.ObjectSchema<typeof spendEnv, undefined>>;

/** The default prices and no caps (the local-only configuration, tests). */
export const DEFAULT_SPEND_CONFIG: SpendConfig = toSpendConfig({
  OPENAI_SPEECH_USD_PER_MINUTE: 0.006,
  OPENAI_TRANSLATION_USD_PER_MILLION_CHARS: 0.2,
  OPENAI_VOICE_USD_PER_MILLION_CHARS: 15,
  DEEPL_USD_PER_MILLION_CHARS: 25,
  LIBRETRANSLATE_USD_PER_MILLION_CHARS: 0,
  ELEVENLABS_USD_PER_MINUTE: 0.0067,
  ELEVENLABS_VOICE_USD_PER_MILLION_CHARS: 100,
  SEPARATION_USD_PER_MINUTE: 0.12,
  OPENAI_MONTHLY_SPEND_CAP_USD: undefined,
  DEEPL_MONTHLY_SPEND_CAP_USD: undefined,
  LIBRETRANSLATE_MONTHLY_SPEND_CAP_USD: undefined,
  ELEVENLABS_MONTHLY_SPEND_CAP_USD: undefined,
});

/** Converts the settings to prices per unit (per character, per second) and caps. */
export function toSpendConfig(e: SpendEnv): SpendConfig {
  const perChar = (perMillion: number) => perMillion / 1_000_000;
  const perSecond = (perMinute: number) => perMinute / 60;
  const caps: SpendConfig['capsUsd'] = {};
  if (e.OPENAI_MONTHLY_SPEND_CAP_USD !== undefined) caps.openai = e.OPENAI_MONTHLY_SPEND_CAP_USD;
  if (e.DEEPL_MONTHLY_SPEND_CAP_USD !== undefined) caps.deepl = e.DEEPL_MONTHLY_SPEND_CAP_USD;
  if (e.LIBRETRANSLATE_MONTHLY_SPEND_CAP_USD !== undefined)
    caps.libretranslate = e.LIBRETRANSLATE_MONTHLY_SPEND_CAP_USD;
  if (e.ELEVENLABS_MONTHLY_SPEND_CAP_USD !== undefined) caps.elevenlabs = e.ELEVENLABS_MONTHLY_SPEND_CAP_USD;
  return {
    unitPricesUsd: {
      'openai:speech': perSecond(e.OPENAI_SPEECH_USD_PER_MINUTE),
      'openai:speakers': perSecond(e.OPENAI_SPEECH_USD_PER_MINUTE),
      'openai:translation': perChar(e.OPENAI_TRANSLATION_USD_PER_MILLION_CHARS),
      'openai:voice': perChar(e.OPENAI_VOICE_USD_PER_MILLION_CHARS),
      'deepl:translation': perChar(e.DEEPL_USD_PER_MILLION_CHARS),
      'libretranslate:translation': perChar(e.LIBRETRANSLATE_USD_PER_MILLION_CHARS),
      'elevenlabs:speakers': perSecond(e.ELEVENLABS_USD_PER_MINUTE),
      'elevenlabs:voice': perChar(e.ELEVENLABS_VOICE_USD_PER_MILLION_CHARS),
      'elevenlabs:separation': perSecond(e.SEPARATION_USD_PER_MINUTE),
    },
    capsUsd: caps,
  };
}
