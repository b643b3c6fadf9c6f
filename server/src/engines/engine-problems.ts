/**
 * Why a request cannot run on the configured engines, for programs (contract `EngineProblem`s: the API's
 * NO_ENGINE `problems`, which the web words in the user's language) and for operators (one English sentence per
 * problem naming the configured engines and the settings that would serve it: the API's `error`, the CLI, logs).
 * The hints naming configuration variables live here only.
 */
import type { SeparationEngine } from './separation.engine.ts';
import type { EngineProblem, EngineStage } from '../../../contract/errors.ts';
import { languageLabel } from '../../../contract/languages.ts';
import { CodedError } from '../errors.ts';
import type { SpeakersEngine } from './speakers.engine.ts';
import type { SpeechEngine } from './speech.engine.ts';
import type { TranslationEngine } from './translation.engine.ts';
import type { VoiceEngine } from './voice.engine.ts';

/** The engines (settings) that would serve each stage; engines.config.ts and docs/configuration.md list the variables. */
export const ENGINE_HINTS: Record<EngineStage, string> = {
  speech:
    'an OpenAI-compatible speech server (OpenAI, Groq, speaches, LocalAI: set OPENAI_BASE_URL or OPENAI_SPEECH_BASE_URL)',
  translation:
    'DeepL (set DEEPL_API_KEY), LibreTranslate (set LIBRETRANSLATE_URL) or an OpenAI-compatible chat server (set OPENAI_BASE_URL or OPENAI_TRANSLATION_BASE_URL)',
  voice: 'an OpenAI-compatible speech synthesis server (set OPENAI_BASE_URL or OPENAI_VOICE_BASE_URL)',
};

/** The configured engines of each stage, for the sentences. */
export interface ConfiguredEngines {
  speech: readonly SpeechEngine[];
  translation: readonly TranslationEngine[];
  voice: readonly VoiceEngine[];
  /** Speaker diarization engines, best first (issue 19); none means the speakers stage is skipped. */
  speakers?: readonly SpeakersEngine[];
  /** Voice separation engines, best first ("Remove the original speech", issue 21 item 4); none: not offered. */
  separation?: readonly SeparationEngine[];
}

const names = (list: readonly { id: string }[]) => list.map((e) => e.id).join(', ') || 'none';

/** The English sentence of one problem: what is missing, what is configured, what would serve it. */
export function problemSentence(p: EngineProblem, engines: ConfiguredEngines): string {
  const hint = `It would be served by ${ENGINE_HINTS[p.stage]}.`;
  switch (p.stage) {
    case 'speech': {
      const configured = engines.speech.length
        ? `the configured engines (${engines.speech
            .map((e) => `${e.id}: ${e.languages === '*' ? 'any language' : e.languages.map(languageLabel).join(', ')}`)
            .join('; ')}) do not understand it`
        : 'no speech engine is configured';
      return `No speech recognition engine for ${languageLabel(p.language)}: ${configured}. ${hint}`;
    }
    case 'translation': {
      if (!p.source_language) return `No translation engine into ${languageLabel(p.language)}. ${hint}`;
      const apertium = engines.translation.some((e) => e.id === 'apertium')
        ? ' (Apertium, the local engine, translates only between English, Spanish, French, Portuguese and Italian)'
        : '';
      return (
        `No translation engine for ${languageLabel(p.source_language)} to ${languageLabel(p.language)}: ` +
        `the configured engines (${names(engines.translation)}) do not translate this pair${apertium}. ${hint}`
      );
    }
    case 'voice':
      return `No voice for ${languageLabel(p.language)}: the configured voice engines (${names(engines.voice)}) do not speak it. ${hint}`;
  }
}

/**
 * Thrown by the engine choice before any work when a stage has no engine for a language. `problems` are the
 * contract's (for the API's `details.problems`); the message has one English sentence per problem.
 */
export class NoEngineError extends CodedError {
  constructor(
    readonly problems: EngineProblem[],
    engines: ConfiguredEngines,
  ) {
    super('NO_ENGINE', problems.map((p) => problemSentence(p, engines)).join(' '));
    this.name = 'NoEngineError';
  }
}

/**
 * Thrown when a request names a voice that no configured engine offers for that language, or a voice for a
 * language the request does not translate into (`notTarget`). Code VOICE_NOT_AVAILABLE.
 */
export class VoiceNotAvailableError extends CodedError {
  constructor(
    readonly voice: string,
    readonly language: string,
    notTarget = false,
  ) {
    super(
      'VOICE_NOT_AVAILABLE',
      notTarget
        ? `A voice was chosen for ${languageLabel(language)}, which is not one of the target languages.`
        : `The voice ${JSON.stringify(voice)} is not available for ${languageLabel(language)}: choose one of the voices GET /v1/capabilities lists for it.`,
    );
    this.name = 'VoiceNotAvailableError';
  }
}
