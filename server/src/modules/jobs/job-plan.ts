/**
 * The engine plan of a stored job (issue 36 item 3: built once, from the job's own request): the first run, a
 * retry, the re-dub's estimate and the re-dub itself choose the same engines and voices for the same job.
 */
import type { EnginePlan } from '../../engines/engine-choice.ts';
import type { EngineRegistry } from '../../engines/engine.registry.ts';
import type { JobRow } from './job.repository.ts';

/**
 * The plan of `job`: its source and target languages, services, voice mode, the voices it was given and whether it
 * brings its own words (subtitles or a transcript).
 * @throws NoEngineError when no configured engine can do a part; VoiceNotAvailableError for a voice gone since.
 */
export function planOf(engines: Pick<EngineRegistry, 'choose'>, job: JobRow): EnginePlan {
  return engines.choose({
    sourceLanguage: job.sourceLanguage,
    targetLanguages: job.targetLanguages,
    services: job.servicesRequested,
    voiceMode: job.voiceOverMode ?? 'dubbing',
    voices: job.voices,
    ownWords: !!job.sourceWordsUploadId,
  });
}
