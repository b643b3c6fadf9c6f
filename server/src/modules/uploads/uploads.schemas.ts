/**
 * Request schemas and the acceptance rules of uploads. Source of the rules: spec sections 5 and 9 (media: any
 * video/* or audio/* up to 2 GB; documents .docx, .xlsx, .srt, .vtt up to 50 MB) and the uploads issue (refuse
 * anything else with a clear message before any byte is sent).
 */
import * as v from 'valibot';
import { AppError } from '../../errors.ts';

export const PresignedUrlRequest = v.object({
  filename: v.pipe(v.string('filename is required'), v.trim(), v.minLength(1, 'filename is required'), v.maxLength(255, 'filename is too long')),
  content_type: v.pipe(v.string('content_type is required'), v.trim(), v.toLowerCase(), v.maxLength(255)),
  size_bytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type PresignedUrlRequest = v.InferOutput<typeof PresignedUrlRequest>;

/** Largest media upload, bytes (spec section 9: 2 GB). */
export const MAX_MEDIA_BYTES = 2 * 1024 ** 3;
/** Largest document upload, bytes (spec section 9: 50 MB). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 ** 2;

/** Content types a browser may give each document extension; '' and octet-stream are what browsers send when unsure. */
const DOCUMENT_TYPES: Record<string, string[]> = {
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  srt: ['application/x-subrip', 'text/srt', 'text/plain', 'application/srt'],
  vtt: ['text/vtt', 'text/plain'],
};
const GENERIC_TYPES = ['', 'application/octet-stream', 'binary/octet-stream', 'application/zip'];

/** What an accepted upload is. */
export interface UploadClass {
  kind: 'media' | 'document';
  /** The Content-Type the file is stored and PUT with. */
  contentType: string;
  maxBytes: number;
}

/**
 * Decides from the name and the declared type whether an upload is accepted (the content is checked after upload).
 * @throws AppError UNSUPPORTED_MEDIA_TYPE (415) naming what is accepted, PAYLOAD_TOO_LARGE (413) when the
 *   declared size is over the limit.
 */
export function classifyUpload(filename: string, contentType: string, sizeBytes?: number): UploadClass {
  const type = contentType.split(';')[0].trim().toLowerCase();
  const ext = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  let cls: UploadClass;
  if (/^(video|audio)\/[a-z0-9.+-]+$/.test(type)) {
    cls = { kind: 'media', contentType: type, maxBytes: MAX_MEDIA_BYTES };
  } else if (DOCUMENT_TYPES[ext] && (DOCUMENT_TYPES[ext].includes(type) || GENERIC_TYPES.includes(type))) {
    cls = { kind: 'document', contentType: DOCUMENT_TYPES[ext][0], maxBytes: MAX_DOCUMENT_BYTES };
  } else {
    const what = DOCUMENT_TYPES[ext] ? `a .${ext} file sent as ${type || 'no type'}` : `${type || 'a file without a type'}${ext ? ` (.${ext})` : ''}`;
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `This file type is not supported: ${what}. Upload a video or audio file (MP4, MOV, AVI, MKV, MP3, WAV, M4A) or a document (.docx, .xlsx, .srt, .vtt).`,
    );
  }
  if (sizeBytes !== undefined) assertSize(cls, sizeBytes);
  return cls;
}

/** @throws AppError PAYLOAD_TOO_LARGE when `sizeBytes` is over the class's limit. */
export function assertSize(cls: Pick<UploadClass, 'kind' | 'maxBytes'>, sizeBytes: number): void {
  if (sizeBytes > cls.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `This file is larger than the ${formatBytes(cls.maxBytes)} allowed for ${cls.kind === 'media' ? 'video and audio' : 'documents'}.`, {
      max_bytes: cls.maxBytes,
    });
  }
}

function formatBytes(n: number): string {
  return n >= 1024 ** 3 ? `${n / 1024 ** 3} GB` : `${n / 1024 ** 2} MB`;
}
