/**
 * Request schemas and the acceptance rules of uploads. Source of the rules: spec sections 5 and 9 (media: any
 * video/* or audio/* up to 2 GB; documents .docx, .xlsx, .srt, .vtt up to 50 MB) and the uploads issue (refuse
 * anything else with a clear message before any byte is sent).
 */
import { AppError } from '../../errors.ts';
import {
  DOCUMENT_TYPES,
  GENERIC_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_MEDIA_BYTES,
  type DocumentExtension,
  type UploadKind,
} from '../../../../contract/uploads.ts';

export { MAX_DOCUMENT_BYTES, MAX_MEDIA_BYTES };

/** What an accepted upload is. */
export interface UploadClass {
  kind: UploadKind;
  /** The Content-Type the file is stored and PUT with. */
  contentType: string;
  maxBytes: number;
}

/**
 * Decides from the name and the declared type whether an upload is accepted (the content is checked after upload).
 * @throws AppError FILE_TYPE_NOT_ALLOWED (415) naming what is accepted, FILE_TOO_LARGE (413) when the
 *   declared size is over the limit.
 */
export function classifyUpload(filename: string, contentType: string, sizeBytes?: number): UploadClass {
  const type = contentType.split(';')[0].trim().toLowerCase();
  const ext = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  let cls: UploadClass;
  if (/^(video|audio)\/[a-z0-9.+-]+$/.test(type)) {
    cls = { kind: 'media', contentType: type, maxBytes: MAX_MEDIA_BYTES };
  } else if (
    isDocumentExtension(ext) &&
    ([...DOCUMENT_TYPES[ext]] as string[]).concat(GENERIC_CONTENT_TYPES).includes(type)
  ) {
    cls = { kind: 'document', contentType: DOCUMENT_TYPES[ext][0], maxBytes: MAX_DOCUMENT_BYTES };
  } else {
    const what = isDocumentExtension(ext)
      ? `a .${ext} file sent as ${type || 'no type'}`
      : `${type || 'a file without a type'}${ext ? ` (.${ext})` : ''}`;
    throw new AppError(
      'FILE_TYPE_NOT_ALLOWED',
      `This file type is not supported: ${what}. Upload a video or audio file (MP4, MOV, AVI, MKV, MP3, WAV, M4A) or a document (.docx, .xlsx, .srt, .vtt).`,
    );
  }
  if (sizeBytes !== undefined) assertSize(cls, sizeBytes);
  return cls;
}

/** @throws AppError FILE_TOO_LARGE when `sizeBytes` is over the class's limit. */
export function assertSize(cls: Pick<UploadClass, 'kind' | 'maxBytes'>, sizeBytes: number): void {
  if (sizeBytes > cls.maxBytes) {
    throw new AppError(
      'FILE_TOO_LARGE',
      `This file is larger than the ${formatBytes(cls.maxBytes)} allowed for ${cls.kind === 'media' ? 'video and audio' : 'documents'}.`,
      {
        max_bytes: cls.maxBytes,
      },
    );
  }
}

function isDocumentExtension(ext: string): ext is DocumentExtension {
  return Object.hasOwn(DOCUMENT_TYPES, ext);
}

function formatBytes(n: number): string {
  return n >= 1024 ** 3 ? `${n / 1024 ** 3} GB` : `${n / 1024 ** 2} MB`;
}
