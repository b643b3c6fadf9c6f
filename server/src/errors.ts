/**
 * One error type for the whole server; the table from error code to HTTP status and English message is the
 * contract's (contract/errors.ts). Every error body has the shape the web app reads (spec section 7):
 * `{ error: string, statusCode: number, code: string, ...details }`.
 */
import { ERRORS, type ErrorCode } from '../../contract/errors.ts';

export { ERRORS, type ErrorCode };

/**
 * An error the API answers with. `message` overrides the table's message; `details` are merged into the body
 * (for example `{ price, balance }` with PAYMENT_REQUIRED).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.status = ERRORS[code].status;
  }

  /** The JSON body sent to the client. */
  toBody(): Record<string, unknown> {
    return { ...this.details, error: this.message, statusCode: this.status, code: this.code };
  }
}

/**
 * A failure of a job or of an uploaded file's content: a contract code, an English message for people (the API's
 * `error`, the CLI) that names no engine or library output, and the technical `detail` (an engine's or ffmpeg's
 * own words) kept for logs and the job's stored detail, never shown to users.
 */
export class CodedError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly detail?: string,
  ) {
    super(message ?? ERRORS[code].message);
    this.name = 'CodedError';
  }
}

/** The API error of a coded failure (same code, message and status; the detail stays out). */
export function appErrorOf(err: CodedError): AppError {
  return new AppError(err.code, err.message);
}
