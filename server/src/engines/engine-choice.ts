/**
 * The one engine choice of the product: for a request (a media job, a document job, the CLI, a benchmark) it
 * picks the speech, translation and voice engines, or refuses before any work with every problem at once.
 * Order (engines.md): per stage the first configured engine that serves the language, network engines before
 * local ones (the order of `buildEngines`); Apertium serves pairs among en, es, fr, pt, it, pivoting through es;
 * voices by mode: 'dubbing' takes the best quality (neural > natural > robotic), 'manual' the local Standard
 * voices; a voice the user chose wins over both.
 */
import type { Service, VoiceOverMode } from '../../../contract/jobs.ts';
import type { EngineProblem } from '../../../contract/errors.ts';
import { normaliseLanguage, STUDIO_LANGUAGES } from '../../../contract/languages.ts';
import type { CueSettings } from '../../../contract/cue-rules.ts';
import { NoEngineError, VoiceNotAvailableError, type ConfiguredEngines } from './engine-problems.ts';
import { speechSupports, type SpeechEngine } from './speech.engine.ts';
import type { SpeakersEngine } from './speakers.engine.ts';
import type { SeparationEngine } from './separation.engine.ts';
import type { TranslationEngine } from './translation.engine.ts';
import { withFallback } from './translation/fallback.ts';
import { withSpeechFallback } from './speech/fallback.ts';
import type { EngineFallback } from './engine-fallback.ts';
import type { Voice, VoiceEngine } from './voice.engine.ts';

/** What a request asks for. Codes may be studio codes ('en-gb'); the source may be 'auto' (media only). */
export interface EngineRequest {
  sourceLanguage: string;
  targetLanguages: readonly string[];
  /** Media: subtitle and/or voice_over; documents: document. */
  services: readonly Service[];
  /** Voice-over mode; 'dubbing' when absent (spec section 4). */
  voiceMode?: VoiceOverMode;
  /** The chosen voice (`<engine>:<voice id>`) per target language code; others get the mode's default. */
  voices?: Readonly<Record<string, string>>;
  /**
   * Set (true, or the pipeline's own-words file) when the user brings the source words (subtitles or transcript):
   * no speech engine is needed, and the source language must be given.
   */
  ownWords?: boolean | object;
}

/** The voice of one target language: its engine, the voice, its API id, and the voices the mode offers. */
export interface VoiceChoice {
  engine: VoiceEngine;
  voice: Voice;
  /** `<engine>:<voice id>`, as GET /v1/capabilities lists it. */
  id: string;
  /** True when the request chose it. */
  chosen: boolean;
  /** The voices of the engine the mode offers (manual: 5, dubbing: all). */
  offered: Voice[];
}

/** The engines of one request. */
export interface EnginePlan {
  /** The base code, or 'auto' while the speech engine will detect it. */
  sourceLanguage: string;
  /** True when the source was 'auto' and the speech engine cannot detect: `sourceLanguage` is then assumed. */
  languageAssumed: boolean;
  /** The speech engine of a media request; null for documents. */
  speech: SpeechEngine | null;
  /** The speaker diarization engine of a media request (the first configured); null for documents or none. */
  speakers?: SpeakersEngine | null;
  /** The voice separation engine of a media request (the first configured); null for documents or none. */
  separation?: SeparationEngine | null;
  /** Target base codes, deduplicated, in request order. */
  targetLanguages: string[];
  /** Voice-over requests: the voice per target base code. */
  voices: Record<string, VoiceChoice>;
  subtitleRules: CueSettings;
  /**
   * The translation engine for source -> target (base or studio codes); null when they are the same language.
   * When several configured engines serve the pair, the next one takes over a batch the first fails
   * (translation/fallback.ts); its `id` then names the engine that answered.
   * @throws NoEngineError when none serves the pair (possible only for a source detected after 'auto').
   */
  translationFor: (source: string, target: string) => TranslationEngine | null;
  /**
   * The fallbacks of this plan's engines so far (speech and translation, engine-fallback.ts), in order: the job's
   * notes name them.
   */
  fallbacks: EngineFallback[];
}

/** The API id of a voice: `<engine>:<voice id>` ('espeak-ng:es+f2'). */
export const voiceIdOf = (engine: VoiceEngine, voice: Voice) => `${engine.id}:${voice.id}`;

/** The voice with API id `id` for `language` (base code), or null when no configured engine offers it. */
export function findVoice(
  engines: readonly VoiceEngine[],
  language: string,
  id: string,
): { engine: VoiceEngine; voice: Voice } | null {
  const at = id.indexOf(':');
  const engine = engines.find((e) => e.id === id.slice(0, at));
  const voice = engine?.voices(language).find((v) => v.id === id.slice(at + 1));
  return engine && voice ? { engine, voice } : null;
}

/** The first engine translating from -> to (base codes), or undefined. */
function translatorOf(engines: ConfiguredEngines, from: string, to: string): TranslationEngine | undefined {
  return engines.translation.find((e) => e.supports(from, to));
}

/** The mode's default voice for `lang`: dubbing takes the highest quality, manual prefers local Standard voices. */
function defaultVoice(engines: readonly VoiceEngine[], lang: string, mode: VoiceOverMode): VoiceChoice | null {
  const rank = { neural: 3, natural: 2, robotic: 1 };
  const candidates = engines.map((engine) => ({ engine, voices: engine.voices(lang) })).filter((c) => c.voices.length);
  if (!candidates.length) return null;
  const score = (c: (typeof candidates)[number]) =>
    (mode === 'dubbing' ? rank[c.voices[0].quality] * 10 : c.engine.kind === 'local' ? 10 : 0) +
    rank[c.voices[0].quality];
  const best = candidates.reduce((a, b) => (score(b) > score(a) ? b : a));
  const offered = mode === 'manual' ? best.voices.slice(0, 5) : best.voices;
  return { engine: best.engine, voice: offered[0], id: voiceIdOf(best.engine, offered[0]), chosen: false, offered };
}

/**
 * The speech engine of a media request and the source language it will work in: over every configured recogniser
 * of the language, falling back in order (speech/fallback.ts).
 */
function chooseSpeech(engines: ConfiguredEngines, source: string, fallbacks: EngineFallback[]) {
  if (source !== 'auto') {
    const serving = engines.speech.filter((e) => speechSupports(e, source));
    return {
      speech: serving.length ? withSpeechFallback(serving, fallbacks) : undefined,
      sourceLanguage: source,
      assumed: false,
    };
  }
  const speech = engines.speech.find((e) => e.detectsLanguage) ?? engines.speech[0];
  // No engine can tell the language: assume the one the local engine understands, and say so.
  if (speech && !speech.detectsLanguage)
    return { speech, sourceLanguage: speech.languages === '*' ? 'en' : speech.languages[0], assumed: true };
  return { speech, sourceLanguage: source, assumed: false };
}

/**
 * Chooses the engines of `req` over the configured `engines`.
 * @throws NoEngineError listing every stage and language without an engine (nothing has run yet);
 *         VoiceNotAvailableError when a chosen voice is not offered for its language or names another language;
 *         Error for a request without services, or a document request without its source language.
 */
export function chooseEngines(engines: ConfiguredEngines, subtitleRules: CueSettings, req: EngineRequest): EnginePlan {
  const media = req.services.includes('subtitle') || req.services.includes('voice_over');
  const source = req.sourceLanguage.trim().toLowerCase() === 'auto' ? 'auto' : normaliseLanguage(req.sourceLanguage);
  if (!media && !req.services.includes('document')) throw new Error('The request asks for no service.');
  if (!media && source === 'auto') throw new Error('A document request needs its source language.');
  const targets = [...new Set(req.targetLanguages.map(normaliseLanguage))];
  const problems: EngineProblem[] = [];
  const fallbacks: EngineFallback[] = [];

  if (req.ownWords && source === 'auto') throw new Error('Own words need their source language.');
  const { speech, sourceLanguage, assumed } = req.ownWords
    ? { speech: null, sourceLanguage: source, assumed: false }
    : media
      ? chooseSpeech(engines, source, fallbacks)
      : { speech: null, sourceLanguage: source, assumed: false };
  if (media && !speech && !req.ownWords) problems.push({ stage: 'speech', language: source });

  for (const t of targets) {
    if (t === sourceLanguage) continue;
    if (sourceLanguage !== 'auto') {
      if (!translatorOf(engines, sourceLanguage, t))
        problems.push({ stage: 'translation', language: t, source_language: sourceLanguage });
    } else if (!STUDIO_LANGUAGES.some((s) => s !== t && translatorOf(engines, s, t)))
      problems.push({ stage: 'translation', language: t });
  }

  const voices: Record<string, VoiceChoice> = {};
  let badVoice: VoiceNotAvailableError | undefined;
  if (req.services.includes('voice_over')) {
    const chosen = new Map(Object.entries(req.voices ?? {}).map(([code, id]) => [normaliseLanguage(code), id]));
    for (const [lang, id] of chosen)
      if (!targets.includes(lang)) badVoice ??= new VoiceNotAvailableError(id, lang, true);
    for (const t of targets) {
      const choice = defaultVoice(engines.voice, t, req.voiceMode ?? 'dubbing');
      if (!choice) problems.push({ stage: 'voice', language: t });
      const id = chosen.get(t);
      if (id === undefined) {
        if (choice) voices[t] = choice;
        continue;
      }
      const found = findVoice(engines.voice, t, id);
      if (found) voices[t] = { ...found, id, chosen: true, offered: [found.voice] };
      else badVoice ??= new VoiceNotAvailableError(id, t);
    }
  }
  if (problems.length) throw new NoEngineError(problems, engines);
  if (badVoice) throw badVoice;

  return {
    sourceLanguage,
    languageAssumed: assumed,
    speech: speech ?? null,
    speakers: media ? (engines.speakers?.[0] ?? null) : null,
    separation: media ? (engines.separation?.[0] ?? null) : null,
    targetLanguages: targets,
    voices,
    subtitleRules: { ...subtitleRules },
    translationFor(from, to) {
      const [f, t] = [normaliseLanguage(from), normaliseLanguage(to)];
      if (f === t) return null;
      const serving = engines.translation.filter((e) => e.supports(f, t));
      if (!serving.length)
        throw new NoEngineError([{ stage: 'translation', language: t, source_language: f }], engines);
      return withFallback(serving, undefined, fallbacks);
    },
    fallbacks,
  };
}
