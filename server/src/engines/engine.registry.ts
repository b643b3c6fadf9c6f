/**
 * The engines the configuration enables, and the one place every caller asks about them: the jobs (submission
 * and the worker), the CLI, the benchmarks and the tests call `choose` for a request's engines, GET
 * /v1/capabilities calls `capabilities`, the voice samples `findVoice`, GET /healthz `describe`, GET /readyz `health`.
 */
import { ENGINE_DEFAULT_LIMITS, type EnginesConfig } from '../config/engines.config.ts';
import type { CapabilitiesResponse } from '../../../contract/capabilities.ts';
import { normaliseLanguage } from '../../../contract/languages.ts';
import { capabilitiesOf } from './capabilities.ts';
import { createEngineGate } from './engine-gate.ts';
import { createQuotaReader, type EngineQuota } from './engine-quotas.ts';
import { createHealthReader, type EngineHealth } from './engine-health.ts';
import {
  createUsageMeter,
  type EngineSpend,
  type UsageMeter,
  type UsageRecord,
  type UsageStore,
} from './engine-usage.ts';
import { chooseEngines, findVoice, type EnginePlan, type EngineRequest } from './engine-choice.ts';
import type { SpeakersEngine } from './speakers.engine.ts';
import type { SpeechEngine } from './speech.engine.ts';
import type { TranslationEngine } from './translation.engine.ts';
import type { Voice, VoiceEngine } from './voice.engine.ts';
import { createPocketsphinxEngine } from './speech/pocketsphinx.engine.ts';
import { createOpenAiSpeechEngine } from './speech/openai.engine.ts';
import { createClassicSpeakersEngine } from './speakers/classic.engine.ts';
import { createOpenAiSpeakersEngine } from './speakers/openai.engine.ts';
import { createElevenLabsSpeakersEngine } from './speakers/elevenlabs.engine.ts';
import { createApertiumEngine } from './translation/apertium.engine.ts';
import { createDeepLEngine } from './translation/deepl.engine.ts';
import { createLibreTranslateEngine } from './translation/libretranslate.engine.ts';
import { createOpenAiTranslationEngine } from './translation/openai.engine.ts';
import { createEspeakEngine } from './voice/espeak.engine.ts';
import { createFliteEngine } from './voice/flite.engine.ts';
import { createOpenAiVoiceEngine } from './voice/openai.engine.ts';
import { createElevenLabsVoiceEngine } from './voice/elevenlabs.engine.ts';
import { createElevenLabsSeparationEngine } from './separation/elevenlabs.engine.ts';
import type { SeparationEngine } from './separation.engine.ts';
import { withDefaultVoices } from './voice/default-voices.ts';

export type { EnginePlan, EngineRequest, VoiceChoice } from './engine-choice.ts';
export type { EngineQuota } from './engine-quotas.ts';
export type { EngineHealth } from './engine-health.ts';
export type { EngineSpend, UsageRecord, UsageStore } from './engine-usage.ts';
export { NoEngineError, VoiceNotAvailableError } from './engine-problems.ts';

/** Engines of each stage, best first, as the configuration enables them. */
export interface EngineSet {
  speech: SpeechEngine[];
  translation: TranslationEngine[];
  voice: VoiceEngine[];
  /** Speaker diarization engines (issue 19), network first, the local classic one last. */
  speakers?: SpeakersEngine[];
  /** Voice separation engines ("Remove the original speech", issue 21 item 4); none: the option is not offered. */
  separation?: SeparationEngine[];
}

export interface EngineRegistry {
  /**
   * The engines of a request (engine-choice.ts).
   * @throws NoEngineError (every problem, before any work), VoiceNotAvailableError
   */
  choose(req: EngineRequest): EnginePlan;
  /** What the configured engines can do per studio language (GET /v1/capabilities). */
  capabilities(): CapabilitiesResponse;
  /**
   * The voice engine that clones voices (`cloneVoice`, issue 21 item 4: ElevenLabs when configured), or undefined
   * when none is configured.
   */
  cloner(): VoiceEngine | undefined;
  /** The voice separation engine ("Remove the original speech"), or undefined when none is configured. */
  separator(): SeparationEngine | undefined;
  /** The voice with API id `id` (`<engine>:<voice>`) for `language` (any code), or null. */
  findVoice(language: string, id: string): { engine: VoiceEngine; voice: Voice } | null;
  /** For GET /healthz: which engines are available now (the ids of `health`'s available speech, translation, voice). */
  describe(): Promise<{ speech: string[]; translation: string[]; voice: string[] }>;
  /**
   * For GET /readyz's detail and /healthz: every configured engine of every stage (speakers too), best first, with
   * whether its check answered, when and how fast; checked at most every 30 s (engine-health.ts). Never throws.
   */
  health(): Promise<EngineHealth[]>;
  /**
   * For GET /readyz and /healthz: the quotas of the configured engines that publish one (DeepL's /v2/usage),
   * asked at most every 30 s (engine-quotas.ts); empty when none is configured. Never throws.
   */
  quotas(): Promise<EngineQuota[]>;
  /**
   * For GET /readyz and /healthz: this month's estimated spend of each engine with a spend cap (engine-usage.ts);
   * empty without caps. @throws the usage store's error (database down).
   */
  spend(): Promise<EngineSpend[]>;
  /** For GET /metrics: this month's usage rows of every metered engine and stage (all processes with a database). */
  usage(): Promise<UsageRecord[]>;
}

/**
 * Builds the engine lists from the configuration (no I/O): network engines first, then the local ones. Every network
 * engine's calls go through `meter` (usage, estimated cost, spend caps; default: in this process's memory).
 */
export function buildEngines(config: EnginesConfig, meter: UsageMeter = createUsageMeter(config.spend)): EngineSet {
  const { openai } = config;
  // Each network engine's requests pass through its own gate (ENGINE_MAX_CONCURRENT, *_REQUESTS_PER_MINUTE...);
  // the OpenAI-compatible stages share one.
  const limits = config.limits;
  const http = (engine: 'deepl' | 'libretranslate' | 'openai' | 'elevenlabs') => ({
    ...config.http,
    gate: createEngineGate(limits?.[engine] ?? ENGINE_DEFAULT_LIMITS),
  });
  const openaiGate = http('openai');
  // The ElevenLabs stages share one too: the plan's concurrency limit is the account's (ELEVENLABS_MAX_CONCURRENT).
  const elevenLabsGate = http('elevenlabs');
  const openaiHttp = (stage: 'speech' | 'translation' | 'voice' | 'speakers') => ({
    ...openaiGate,
    meter: meter.of('openai', stage),
  });
  const set: EngineSet = { speech: [], translation: [], voice: [], speakers: [], separation: [] };
  if (openai.speech) set.speech.push(createOpenAiSpeechEngine(openai.speech, openaiHttp('speech')));
  if (config.deepl)
    set.translation.push(
      createDeepLEngine(config.deepl, { ...http('deepl'), meter: meter.of('deepl', 'translation') }),
    );
  if (openai.translation)
    set.translation.push(
      // A chat model writes a long answer for minutes: its own timeout, and no second request while the first may
      // still be generating (issue 26 item 5).
      createOpenAiTranslationEngine(
        openai.translation,
        {
          ...openaiHttp('translation'),
          timeoutSeconds: config.openaiTranslationTimeoutSeconds ?? 600,
          retryAfterTimeout: false,
        },
        { batchMaxTokens: config.openaiTranslationBatchMaxTokens },
      ),
    );
  if (config.libreTranslate)
    set.translation.push(
      createLibreTranslateEngine(config.libreTranslate, {
        ...http('libretranslate'),
        meter: meter.of('libretranslate', 'translation'),
      }),
    );
  // ElevenLabs first: the voices made for dubbing, when an operator pays for them.
  if (config.elevenLabsVoice)
    set.voice.push(
      createElevenLabsVoiceEngine(config.elevenLabsVoice, {
        ...elevenLabsGate,
        meter: meter.of('elevenlabs', 'voice'),
      }),
    );
  if (openai.voice)
    set.voice.push(
      withDefaultVoices(createOpenAiVoiceEngine(openai.voice, openaiHttp('voice')), config.voiceDefaults ?? {}),
    );
  if (openai.speakers) set.speakers!.push(createOpenAiSpeakersEngine(openai.speakers, openaiHttp('speakers')));
  if (config.elevenLabs)
    set.speakers!.push(
      createElevenLabsSpeakersEngine(config.elevenLabs, {
        ...elevenLabsGate,
        meter: meter.of('elevenlabs', 'speakers'),
      }),
    );
  // Metered as ElevenLabs (its cap) also when SEPARATION_BASE_URL points at another server of the same contract.
  if (config.separation)
    set.separation!.push(
      createElevenLabsSeparationEngine(config.separation, {
        ...config.http,
        meter: meter.of('elevenlabs', 'separation'),
      }),
    );
  if (config.local) {
    set.speech.push(createPocketsphinxEngine());
    set.translation.push(createApertiumEngine());
    set.voice.push(createFliteEngine(), createEspeakEngine());
    set.speakers!.push(createClassicSpeakersEngine());
  }
  return set;
}

/**
 * Creates the registry over the configured engines (`engines` may be given directly, e.g. in tests). `usage` keeps
 * the month's engine usage (the database's, shared by every process; default: this process's memory).
 */
export function createEngineRegistry(config: EnginesConfig, given?: EngineSet, usage?: UsageStore): EngineRegistry {
  const meter = createUsageMeter(config.spend, usage);
  const engines = given ?? buildEngines(config, meter);
  // The engine lists never change after start-up, so neither do their capabilities.
  let capabilities: CapabilitiesResponse | undefined;
  // Checking every engine starts a process per local engine and a request per network one: /healthz and /readyz
  // under load (issue 24 item 5) answer from a check at most 30 s old instead of checking on every request.
  const health = createHealthReader(engines);
  const quotas = createQuotaReader(config);
  return {
    quotas,
    health,
    spend: () => meter.spend(),
    usage: () => meter.usage(),
    choose: (req) => chooseEngines(engines, config.subtitles, req),
    capabilities: () => (capabilities ??= capabilitiesOf(engines)),
    cloner: () => engines.voice.find((e) => !!e.cloneVoice && !!e.deleteVoice),
    separator: () => engines.separation?.[0],
    findVoice: (language, id) => findVoice(engines.voice, normaliseLanguage(language), id),
    async describe() {
      const checked = await health();
      const ids = (stage: EngineHealth['stage']) =>
        checked.filter((h) => h.stage === stage && h.available).map((h) => h.engine);
      return { speech: ids('speech'), translation: ids('translation'), voice: ids('voice') };
    },
  };
}
