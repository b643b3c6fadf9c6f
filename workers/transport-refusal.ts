/** Reads an upload refusal's answer (signed PUT or tus) into the failure the page shows. */
import { errorInfoFromBody, type ErrorInfo } from '../src/lib/api-error.ts';

/**
 * The coded refusal of an upload answer: the contract error body's code and details (FILE_TOO_LARGE, CORRUPT_MEDIA,
 * EMPTY_DOCUMENT...), or UPLOAD_FAILED with the HTTP status when the body carries no code (spec section 8:
 * 'Upload failed with status: {status}').
 */
export function refusalOf(status: number, body: string): ErrorInfo {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    data = undefined;
  }
  const info = errorInfoFromBody(status, data);
  return info.code === 'UNKNOWN' ? { code: 'UPLOAD_FAILED', status, details: {} } : info;
}
