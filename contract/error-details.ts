/**
 * What some error codes carry in their details (contract/errors.ts ErrorBody): why a saved cue is refused
 * (INVALID_CUE `problem`) and which stage has no engine for which language (NO_ENGINE `problems`).
 */
import * as v from 'valibot';

/** Why a saved cue is refused (INVALID_CUE `problem`): timing or text that cannot be rendered. */
export const CUE_PROBLEMS = [
  'end_before_start',
  'overlap',
  'negative_time',
  'empty_text',
  // A cue ending after the media does (issue 24).
  'beyond_media',
] as const;
export type CueProblem = (typeof CUE_PROBLEMS)[number];

/** Stages whose engine a NO_ENGINE problem names. */
export const ENGINE_STAGES = ['speech', 'translation', 'voice'] as const;
export type EngineStage = (typeof ENGINE_STAGES)[number];

/**
 * Stages a configured engine serves (GET /readyz's `engines`): the NO_ENGINE stages, speaker diarization and voice
 * separation ("Remove the original speech").
 */
export const ENGINE_SET_STAGES = [...ENGINE_STAGES, 'speakers', 'separation'] as const;
export type EngineSetStage = (typeof ENGINE_SET_STAGES)[number];

/**
 * One reason a job cannot run on the configured engines (NO_ENGINE `details.problems`): `stage` has no engine for
 * `language` (base code): speech: its speech is not recognised (the job's source); translation: nothing translates
 * into it from `source_language` (absent when the source is 'auto' and not known yet: nothing translates into it
 * from any language); voice: no voice speaks it. The web words it in the user's language.
 */
export const EngineProblem = v.object({
  stage: v.picklist(ENGINE_STAGES),
  language: v.string(),
  source_language: v.optional(v.string()),
});
export type EngineProblem = v.InferOutput<typeof EngineProblem>;
