/**
 * Picks the engines of a job: per stage and language the best configured engine (network neural engines before
 * local classic ones; engines.md), and fails before any work with a message naming the engines that would serve
 * a language that has none.
 */
import type { EnginesConfig } from '../config/engines.config.ts';
import { MediaError } from '../media/media-error.ts';
import { languageLabel, normaliseLanguage } from './languages.ts';
import { speechSupports, type SpeechEngine } from './speech.engine.ts';
import type { TranslationEngine } from './translation.engine.ts';
import type { Voice, VoiceEngine } from './voice.engine.ts';
import { createPocketsphinxEngine } from './speech/pocketsphinx.engine.ts';
import { createOpenAiSpeechEngine } from './speech/openai.engine.ts';
import { createApertiumEngine } from './translation/apertium.engine.ts';
import { createDeepLEngine } from './translation/deepl.engine.ts';
import { createLibreTranslateEngine } from './translation/libretranslate.engine.ts';
import { createOpenAiTranslationEngine } from './translation/openai.engine.ts';
import { createEspeakEngine } from './voice/espeak.engine.ts';
import { createFliteEngine } from './voice/flite.engine.ts';
import { createOpenAiVoiceEngine } from './voice/openai.engine.ts';

/** Thrown by `planJob` when a stage has no engine for a language; `code` is 'NO_ENGINE'. */
export class NoEngineError extends MediaError {
  constructor(readonly problems: string[]) {
    super('NO_ENGINE', problems.join(' '));
    this.name = 'NoEngineError';
  }
}

/** The voice chosen for one target language, and the voices the mode offers (manual: 5, dubbing: all). */
export interface VoiceChoice {
  engine: VoiceEngine;
  voice: Voice;
  offered: Voice[];
}

/** The engines of one job. `sourceLanguage` is the base code, or 'auto' while the speech engine will detect it. */
export interface JobEnginePlan {
  sourceLanguage: string;
  /** True when the source was 'auto' and the speech engine cannot detect: `sourceLanguage` is then assumed. */
  languageAssumed: boolean;
  speech: SpeechEngine;
  /** Target base codes, deduplicated, in request order. */
  targetLanguages: string[];
  voices: Record<string, VoiceChoice>;
  subtitleRules: { maxCharsPerSecond: number; maxLineChars: number };
  /**
   * The translation engine for source -> target; null when they are the same language.
   * @throws NoEngineError when none serves the pair (only possible after 'auto' detection).
   */
  translationFor(source: string, target: string): TranslationEngine | null;
}

/** What a job asks for. Language codes may be studio codes ('en-gb'); 'auto' for the source. */
export interface JobEngineRequest {
  sourceLanguage: string;
  targetLanguages: string[];
  subtitles: boolean;
  voiceOver: boolean;
  voiceMode: 'manual' | 'dubbing';
}

export interface EngineRegistry {
  /** Throws NoEngineError (message names the engines that would serve it and how to configure them) before any work. */
  planJob(req: JobEngineRequest): JobEnginePlan;
  /** For GET /healthz: which engines are available now. */
  describe(): Promise<{ speech: string[]; translation: string[]; voice: string[] }>;
}

const SPEECH_HINT = 'an OpenAI-compatible speech server (OpenAI, Groq, speaches, LocalAI: set OPENAI_BASE_URL or OPENAI_SPEECH_BASE_URL)';
const TRANSLATION_HINT =
  'DeepL (set DEEPL_API_KEY), LibreTranslate (set LIBRETRANSLATE_URL) or an OpenAI-compatible chat server (set OPENAI_BASE_URL or OPENAI_TRANSLATION_BASE_URL)';
const VOICE_HINT = 'an OpenAI-compatible speech synthesis server (set OPENAI_BASE_URL or OPENAI_VOICE_BASE_URL)';

/** Engines of each stage, best first, as the configuration enables them. */
export interface EngineSet {
  speech: SpeechEngine[];
  translation: TranslationEngine[];
  voice: VoiceEngine[];
}

/** Builds the engine lists from the configuration (no I/O). */
export function buildEngines(config: EnginesConfig): EngineSet {
  const { openai, http } = config;
  const set: EngineSet = { speech: [], translation: [], voice: [] };
  if (openai.speech) set.speech.push(createOpenAiSpeechEngine(openai.speech, http));
  if (config.deepl) set.translation.push(createDeepLEngine(config.deepl, http));
  if (openai.translation) set.translation.push(createOpenAiTranslationEngine(openai.translation, http));
  if (config.libreTranslate) set.translation.push(createLibreTranslateEngine(config.libreTranslate, http));
  if (openai.voice) set.voice.push(createOpenAiVoiceEngine(openai.voice, http));
  if (config.local) {
    set.speech.push(createPocketsphinxEngine());
    set.translation.push(createApertiumEngine());
    set.voice.push(createFliteEngine(), createEspeakEngine());
  }
  return set;
}

/** Chooses a voice engine for `lang`: dubbing takes the highest quality, manual prefers local Standard voices. */
function chooseVoice(engines: VoiceEngine[], lang: string, mode: 'manual' | 'dubbing'): VoiceChoice | null {
  const rank = { neural: 3, natural: 2, robotic: 1 };
  const candidates = engines.map((engine) => ({ engine, voices: engine.voices(lang) })).filter((c) => c.voices.length);
  if (!candidates.length) return null;
  const score = (c: (typeof candidates)[number]) => (mode === 'dubbing' ? rank[c.voices[0].quality] * 10 : c.engine.kind === 'local' ? 10 : 0) + rank[c.voices[0].quality];
  const best = candidates.reduce((a, b) => (score(b) > score(a) ? b : a));
  const offered = mode === 'manual' ? best.voices.slice(0, 5) : best.voices;
  return { engine: best.engine, voice: offered[0], offered };
}

/** Creates the registry over the configured engines (`engines` may be given directly, e.g. in tests). */
export function createEngineRegistry(config: EnginesConfig, engines: EngineSet = buildEngines(config)): EngineRegistry {
  const names = (list: { id: string }[]) => list.map((e) => e.id).join(', ') || 'none';

  function translationFor(source: string, target: string): TranslationEngine | null {
    if (source === target) return null;
    const engine = engines.translation.find((e) => e.supports(source, target));
    if (!engine)
      throw new NoEngineError([
        `No translation engine for ${languageLabel(source)} to ${languageLabel(target)}: the configured engines (${names(engines.translation)}) do not translate this pair` +
          `${engines.translation.some((e) => e.id === 'apertium') ? ' (Apertium, the local engine, translates only between English, Spanish, French, Portuguese and Italian)' : ''}. ` +
          `It would be served by ${TRANSLATION_HINT}.`,
      ]);
    return engine;
  }

  return {
    planJob(req) {
      const problems: string[] = [];
      const auto = req.sourceLanguage.trim().toLowerCase() === 'auto';
      const source = auto ? 'auto' : normaliseLanguage(req.sourceLanguage);
      const targets = [...new Set(req.targetLanguages.map(normaliseLanguage))];
      if (!targets.length) problems.push('No target language was chosen.');

      let speech: SpeechEngine | undefined;
      let sourceLanguage = source;
      let languageAssumed = false;
      if (auto) {
        speech = engines.speech.find((e) => e.detectsLanguage) ?? engines.speech[0];
        if (speech && !speech.detectsLanguage) {
          // No engine can tell the language: assume the one the local engine understands, and say so.
          sourceLanguage = speech.languages === '*' ? 'en' : speech.languages[0];
          languageAssumed = true;
        }
      } else speech = engines.speech.find((e) => speechSupports(e, source));
      if (!speech)
        problems.push(
          `No speech recognition engine for ${languageLabel(source)}: ` +
            `${engines.speech.length ? `the configured engines (${engines.speech.map((e) => `${e.id}: ${e.languages === '*' ? 'any language' : e.languages.map(languageLabel).join(', ')}`).join('; ')}) do not understand it` : 'no speech engine is configured'}. ` +
            `It would be served by ${SPEECH_HINT}.`,
        );

      if (sourceLanguage !== 'auto')
        for (const t of targets) {
          try {
            translationFor(sourceLanguage, t);
          } catch (e) {
            problems.push((e as NoEngineError).message);
          }
        }
      else
        for (const t of targets)
          if (!engines.translation.some((e) => [...STUDIO].some((s) => s !== t && e.supports(s, t))))
            problems.push(`No translation engine into ${languageLabel(t)}. It would be served by ${TRANSLATION_HINT}.`);

      const voices: Record<string, VoiceChoice> = {};
      if (req.voiceOver)
        for (const t of targets) {
          const choice = chooseVoice(engines.voice, t, req.voiceMode);
          if (choice) voices[t] = choice;
          else problems.push(`No voice for ${languageLabel(t)}: the configured voice engines (${names(engines.voice)}) do not speak it. It would be served by ${VOICE_HINT}.`);
        }
      if (!req.subtitles && !req.voiceOver) problems.push('Choose subtitles, voice-over or both.');
      if (problems.length) throw new NoEngineError(problems);
      return {
        sourceLanguage,
        languageAssumed,
        speech: speech!,
        targetLanguages: targets,
        voices,
        subtitleRules: { ...config.subtitles },
        translationFor,
      };
    },
    async describe() {
      const avail = async <T extends { id: string; available(): Promise<boolean> }>(list: T[]) =>
        (await Promise.all(list.map(async (e) => ((await e.available().catch(() => false)) ? e.id : null)))).filter((x): x is string => !!x);
      const [speech, translation, voice] = await Promise.all([avail(engines.speech), avail(engines.translation), avail(engines.voice)]);
      return { speech, translation, voice };
    },
  };
}

const STUDIO = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'hi'];
