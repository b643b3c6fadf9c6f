/**
 * The checks of a media job request that come before its price (issue 35 item 11): one set, run by the submission
 * and by the estimate, so a quote is refused exactly where the job would be.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  NoEngineError,
  VoiceNotAvailableError,
  type EnginePlan,
  type EngineRequest,
} from '../../engines/engine.registry.ts';
import { AUTO_LANGUAGE } from '../../../../contract/languages.ts';
import type { MediaService, TranslateJobRequest } from '../../../../contract/jobs.ts';
import type { UploadRow } from '../uploads/upload.repository.ts';

type Ctx = Pick<AppContext, 'engines'>;

/** Where a job's media comes from. */
export type Source = { kind: 'upload'; upload: UploadRow } | { kind: 'youtube'; url: string; seconds: number };

/**
 * An upload with no picture to burn subtitles into: probed without a video stream at upload (an .mp4 or .mkv
 * holding only sound, issue 24 item 6), or, for uploads older than that probe, declared as audio (audio/*).
 */
export const isAudioOnly = (upload: UploadRow) =>
  upload.hasVideo === false || (upload.hasVideo == null && upload.contentType.toLowerCase().startsWith('audio/'));

/**
 * The engines of a submission (the same choice the worker makes when it runs the job).
 * @throws AppError NO_ENGINE with `problems` (contract EngineProblem[]), VOICE_NOT_AVAILABLE with `voice`, `language`
 */
export function chooseEngines(ctx: Ctx, req: EngineRequest): EnginePlan {
  try {
    return ctx.engines.choose(req);
  } catch (err) {
    if (err instanceof NoEngineError) throw new AppError('NO_ENGINE', err.message, { problems: err.problems });
    if (err instanceof VoiceNotAvailableError)
      throw new AppError('VOICE_NOT_AVAILABLE', err.message, { voice: err.voice, language: err.language });
    throw err;
  }
}

/** What checkMediaRequest checks: the request's services, languages and options. */
export interface MediaRequestChecks {
  sourceLanguage: string;
  /** False when an estimate names no source language: the spoken-language check is left to the submission. */
  languageNamed: boolean;
  targets: string[];
  services: MediaService[];
  voiceMode?: TranslateJobRequest['voice_over_mode'];
  voices?: TranslateJobRequest['voices'];
  ownWords: boolean;
  voiceClone: boolean;
  removeOriginalSpeech?: boolean;
}

/**
 * The checks of a media job that come before its price, shared by the submission and the estimate (issue 35 item
 * 11: with voice cloning unavailable the estimate quoted 6 credits while the submission was refused).
 * @returns the engines the job would run with
 * @throws AppError BURN_IN_NEEDS_VIDEO, NO_ENGINE, VOICE_NOT_AVAILABLE, SPEECH_LANGUAGE_REQUIRED,
 *   VOICE_CLONE_NOT_AVAILABLE, SEPARATION_NOT_AVAILABLE
 */
export function checkMediaRequest(ctx: Ctx, source: Source, req: MediaRequestChecks): EnginePlan {
  // Burned-in subtitles are drawn into the picture: an audio file has none, and would be charged for nothing.
  if (req.services.includes('burned_subtitles') && source.kind === 'upload' && isAudioOnly(source.upload))
    throw new AppError('BURN_IN_NEEDS_VIDEO');
  const plan = chooseEngines(ctx, {
    sourceLanguage: req.sourceLanguage,
    targetLanguages: req.targets,
    services: req.services,
    voiceMode: req.voiceMode,
    voices: req.voices,
    ownWords: req.ownWords,
  });
  // Speech on Auto-detect with no recogniser that identifies the language: a recogniser that knows one language
  // would turn any other into nonsense captions, and they would be billed (issue 22, item 3). Refused before
  // anything is reserved; the studio asks for the spoken language instead (capabilities speech_language_detection).
  if (req.languageNamed && !req.ownWords && req.sourceLanguage === AUTO_LANGUAGE && plan.languageAssumed)
    throw new AppError(
      'SPEECH_LANGUAGE_REQUIRED',
      `No speech engine here identifies the spoken language: name it in source_language (${ctx.engines
        .capabilities()
        .languages.filter((l) => l.speech)
        .map((l) => l.code)
        .join(', ')}).`,
    );
  if (req.voiceClone) checkVoiceClone(ctx, plan);
  if (req.removeOriginalSpeech && !ctx.engines.separator()) throw new AppError('SEPARATION_NOT_AVAILABLE');
  return plan;
}

/**
 * A voice-over in the speakers' own voices (issue 21 item 4) needs a voice engine that clones voicing every target
 * language (Premium with ElevenLabs configured; a chosen voice of another engine cannot speak a clone); the user's
 * consent is the submission's own check.
 * @throws AppError VOICE_CLONE_NOT_AVAILABLE.
 */
function checkVoiceClone(ctx: Ctx, plan: EnginePlan): void {
  const cloner = ctx.engines.cloner();
  if (!cloner) throw new AppError('VOICE_CLONE_NOT_AVAILABLE');
  const other = Object.entries(plan.voices).find(([, choice]) => choice.engine !== cloner);
  if (other)
    throw new AppError(
      'VOICE_CLONE_NOT_AVAILABLE',
      `The voice of ${other[0]} (${other[1].id}) cannot speak a cloned voice: choose Premium voices of ${cloner.id}.`,
    );
}
