/**
 * The document translator's own error type. Messages are shown to users as they are (job status, CLI), so each
 * one says what is wrong with the file and what to do about it.
 */

/** Every way a document can be refused or fail. */
export type DocumentErrorCode =
  | 'NOT_A_ZIP'
  | 'NOT_A_WORD_FILE'
  | 'ENCRYPTED'
  | 'DTD_FORBIDDEN'
  | 'ZIP_BOMB'
  | 'TOO_MANY_PARTS'
  | 'TOO_LARGE'
  | 'EMPTY_DOCUMENT'
  | 'CORRUPT_DOCUMENT'
  | 'NOT_A_SUBTITLE_FILE'
  | 'UNSUPPORTED_FORMAT'
  | 'UNSUPPORTED_LANGUAGE'
  | 'NO_ENGINE'
  | 'ENGINE_FAILED'
  | 'ABORTED'
  | 'UNREADABLE';

/** A refused or failed document; `code` is stable for programs, `message` is for people. */
export class DocumentError extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentError';
  }
}
