/**
 * Uploads (spec sections 5, 7 and 9): what may be uploaded, the limits, and the presigned-URL call. A file is
 * sent by a signed PUT to `upload_url` or resumably by tus 1.0 to `tus_url` (with `upload_id` in the
 * Upload-Metadata); `file_url` then names it as a job's `media_url`.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { noControlCharacters, safeFileName } from './text-hygiene.ts';

/** Largest media upload, bytes (spec section 9: 2 GB). */
export const MAX_MEDIA_BYTES = 2 * 1024 ** 3;
/** Largest document upload, bytes (spec section 9: 50 MB). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 ** 2;

/** Word-processing MIME type (spec section 5). */
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Document extensions and the content types a browser may give them; the first is the one stored. '' and
 * octet-stream (what browsers send when unsure) are accepted for every extension.
 */
export const DOCUMENT_TYPES = {
  docx: [DOCX_MIME],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  srt: ['application/x-subrip', 'text/srt', 'text/plain', 'application/srt'],
  vtt: ['text/vtt', 'text/plain'],
  // A plain transcript, only as a media job's source_subtitles_url (auto-sync times it).
  txt: ['text/plain'],
} as const satisfies Record<string, readonly string[]>;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;
export const GENERIC_CONTENT_TYPES: readonly string[] = [
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/zip',
];

/** Upload kinds: video/audio, or a document. */
export const UPLOAD_KINDS = ['media', 'document'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Name of the tus Upload-Metadata key that ties a tus upload to its presigned upload (base64 value). */
export const TUS_UPLOAD_ID_METADATA = 'upload_id';

/**
 * POST /v1/uploads/presigned-url. `filename` refuses control characters and is reduced to a name with no path
 * separator of any platform (safeFileName: `..\..\win.mp4` becomes `win.mp4`) before anything is stored.
 */
export const PresignedUrlRequest = v.object({
  filename: v.pipe(
    v.string('filename is required'),
    v.trim(),
    v.minLength(1, 'filename is required'),
    v.maxLength(255, 'filename is too long'),
    noControlCharacters(),
    v.transform(safeFileName),
  ),
  content_type: v.pipe(v.string('content_type is required'), v.trim(), v.toLowerCase(), v.maxLength(255)),
  /** Bytes, when the client knows it: a file over the limit is refused before any byte is sent. */
  size_bytes: v.optional(v.pipe(finiteNumber(), v.integer(), v.minValue(0))),
});
export type PresignedUrlRequest = v.InferOutput<typeof PresignedUrlRequest>;

/** POST /v1/uploads/presigned-url answer (spec section 3 "Upload URL response" plus tus). */
export const PresignedUrlResponse = v.object({
  upload_id: v.string(),
  /** Signed PUT target (headers: the same Content-Type; x-amz-acl public-read is accepted). */
  upload_url: v.string(),
  /** The file's name for `media_url` once uploaded. */
  file_url: v.string(),
  /** tus 1.0 creation endpoint. */
  tus_url: v.string(),
  /** ISO 8601 expiry of `upload_url`. */
  expires_at: v.string(),
});
export type PresignedUrlResponse = v.InferOutput<typeof PresignedUrlResponse>;
