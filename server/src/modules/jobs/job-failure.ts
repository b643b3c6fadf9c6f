/**
 * How a failed try of a job is told apart and recorded: permanent failures (the user must change something) end the
 * job at once; others are retried up to MAX_TRIES. The user reads the code's words; the raw message stays in the
 * technical detail.
 */
import { CodedError, ERRORS, type ErrorCode } from '../../errors.ts';
import { MediaError } from '../../media/media-error.ts';
import { DocumentError } from '../../documents/document-translator.ts';
import { ContentRejectedError } from '../uploads/upload-content.ts';
import { NoEngineError, VoiceNotAvailableError } from '../../engines/engine.registry.ts';
import { StorageError } from '../../storage/file-storage.ts';
import { YoutubeError } from './youtube.adapter.ts';

/** What a failed try records: the contract code, the English message, and the technical detail for support. */
export interface Failure {
  code: ErrorCode;
  message: string;
  detail: string | null;
}

/** An error the user must fix (file, language, link, engines): retrying cannot help. */
export function isPermanent(err: unknown): boolean {
  if (err instanceof YoutubeError || err instanceof ContentRejectedError) return true;
  // The configuration lost an engine or a voice since submission.
  if (err instanceof NoEngineError || err instanceof VoiceNotAvailableError) return true;
  // The bucket refuses this server's credentials: only the operator can fix that.
  if (err instanceof StorageError && err.code === 'ACCESS_DENIED') return true;
  if (err instanceof MediaError || err instanceof DocumentError)
    return err.code !== 'ENGINE_FAILED' && err.code !== 'STORAGE_UNAVAILABLE';
  return false;
}

/**
 * The failure a try records. Coded errors keep their code and message; a YouTube download failure is worded by
 * its adapter; anything else (a bug, a crash of a library) is INTERNAL, its own words kept only as the detail.
 */
export function failureOf(err: unknown): Failure {
  const raw = err instanceof Error ? err.message : String(err);
  if (err instanceof CodedError)
    return { code: err.code, message: err.message.slice(0, 1000), detail: err.detail?.slice(0, 4000) ?? null };
  if (err instanceof YoutubeError) return { code: 'YOUTUBE_DOWNLOAD_FAILED', message: err.message, detail: null };
  // Storing the outputs failed: the storage's own words (paths) stay in the detail.
  if (err instanceof StorageError && err.code === 'IO')
    return { code: 'STORAGE_UNAVAILABLE', message: ERRORS.STORAGE_UNAVAILABLE.message, detail: raw.slice(0, 4000) };
  if (err instanceof StorageError && err.code === 'ACCESS_DENIED')
    return { code: 'STORAGE_ACCESS_DENIED', message: ERRORS.STORAGE_ACCESS_DENIED.message, detail: raw.slice(0, 4000) };
  return { code: 'INTERNAL', message: ERRORS.INTERNAL.message, detail: raw.slice(0, 4000) };
}
