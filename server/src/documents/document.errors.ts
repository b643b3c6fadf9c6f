/**
 * The document translator's own error type. Messages are shown to API and CLI users as they are, so each one says
 * what is wrong with the file and what to do about it; codes are the contract's (the web words them itself).
 */
import { CodedError } from '../errors.ts';

/** Every way a document can be refused or fail. */
export type DocumentErrorCode =
  | 'NOT_A_ZIP'
  | 'NOT_A_WORD_FILE'
  | 'ENCRYPTED'
  | 'DTD_FORBIDDEN'
  | 'ZIP_BOMB'
  | 'TOO_MANY_PARTS'
  | 'DOCUMENT_TOO_LARGE'
  | 'EMPTY_DOCUMENT'
  | 'CORRUPT_DOCUMENT'
  | 'NOT_A_SUBTITLE_FILE'
  | 'UNSUPPORTED_FORMAT'
  | 'UNSUPPORTED_LANGUAGE'
  | 'ENGINE_FAILED'
  | 'ENGINE_QUOTA_EXCEEDED'
  | 'ENGINE_SPEND_CAP_REACHED'
  | 'ENGINE_INPUT_TOO_LARGE'
  | 'ENGINE_REFUSED'
  | 'CANCELLED'
  | 'UNREADABLE';

/** A refused or failed document; `code` is stable for programs, `message` is for people. */
export class DocumentError extends CodedError {
  declare readonly code: DocumentErrorCode;
  constructor(code: DocumentErrorCode, message?: string, detail?: string) {
    super(code, message, detail);
    this.name = 'DocumentError';
  }
}
