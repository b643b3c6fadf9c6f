/**
 * The media pipeline's own error: a contract error code, a message shown to the user as the job's error text,
 * and the technical detail (engine or ffmpeg output) kept for logs.
 */
import { CodedError } from '../errors.ts';

/** Codes of media pipeline failures (contract/errors.ts). */
export type MediaErrorCode =
  | 'NO_AUDIO_STREAM'
  | 'CORRUPT_MEDIA'
  | 'EMPTY_MEDIA'
  | 'NO_SPEECH'
  | 'ENGINE_FAILED'
  | 'ENGINE_QUOTA_EXCEEDED'
  | 'ENGINE_SPEND_CAP_REACHED'
  | 'ENGINE_INPUT_TOO_LARGE'
  | 'ENGINE_REFUSED'
  | 'STORAGE_UNAVAILABLE'
  | 'STORAGE_ACCESS_DENIED'
  | 'INPUT_MISSING'
  | 'CANCELLED'
  | 'FFMPEG_FAILED'
  | 'SOURCE_DELETED'
  | 'NOT_A_SUBTITLE_FILE'
  | 'SUBTITLE_ENCODING'
  | 'SUBTITLE_BAD_TIMING'
  | 'SUBTITLE_TIMES_OUTSIDE_MEDIA'
  | 'TRANSCRIPT_EMPTY'
  | 'OWN_WORDS_TOO_LARGE'
  | 'OWN_WORDS_TOO_MANY_CUES'
  | 'OWN_WORDS_CUE_TOO_LONG'
  | 'OWN_WORDS_TOO_MUCH_TEXT'
  | 'SEPARATION_NOT_AVAILABLE';

/** A user-readable pipeline failure. */
export class MediaError extends CodedError {
  declare readonly code: MediaErrorCode;
  constructor(code: MediaErrorCode, message?: string, detail?: string) {
    super(code, message, detail);
    this.name = 'MediaError';
  }
}
