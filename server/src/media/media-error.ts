/**
 * The media pipeline's own error: a code for the job worker and a message shown to the user as the job's error text.
 */

/** Codes of media pipeline failures. */
export type MediaErrorCode =
  | 'NO_AUDIO_STREAM'
  | 'CORRUPT_MEDIA'
  | 'EMPTY_MEDIA'
  | 'NO_ENGINE'
  | 'NO_SPEECH'
  | 'ENGINE_FAILED'
  | 'CANCELLED'
  | 'FFMPEG_FAILED';

/** A user-readable pipeline failure. */
export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
