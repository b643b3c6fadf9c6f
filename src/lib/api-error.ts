/**
 * Errors the web app shows by code. Every API failure carries a contract code (contract/errors.ts); a few
 * failures happen on this side of the wire (no connection, an answer that does not match the contract, an upload
 * refused without a code) and get a client code. The UI never shows the server's English sentence: it words the
 * code in the user's language (src/lib/error-messages.ts).
 */
import * as v from 'valibot';
import { ErrorBody, ERROR_CODES, type ErrorCode } from '../../contract/errors.ts';

/**
 * Codes of failures seen on the client: NETWORK (the server could not be reached), INVALID_RESPONSE (an answer
 * that does not match the contract), UNKNOWN (a failure without a known code: the caller's fallback text is shown),
 * UPLOAD_FAILED (an upload refused with a bare HTTP status), NOT_SAME_FILE (a re-picked file of another size),
 * UPLOAD_GONE (an upload no longer kept on the device).
 */
export const CLIENT_ERROR_CODES = [
  'NETWORK',
  'INVALID_RESPONSE',
  'UNKNOWN',
  'UPLOAD_FAILED',
  'NOT_SAME_FILE',
  'UPLOAD_GONE',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type AppErrorCode = ErrorCode | ClientErrorCode;

/** The details an error body may carry besides its text (PAYMENT_REQUIRED price, NO_ENGINE problems...). */
export type ErrorDetails = Pick<
  ErrorBody,
  | 'fields'
  | 'price'
  | 'balance'
  | 'retry_after_seconds'
  | 'attempts_left'
  | 'max_bytes'
  | 'problems'
  | 'line'
  | 'column'
>;

/** A failure as plain data: crosses the worker boundary and is kept in IndexedDB. `status` 0: no HTTP answer. */
export interface ErrorInfo {
  code: AppErrorCode;
  status: number;
  details: ErrorDetails;
}

/** Error answered by the API (or found on the client). `message` is English, for logs and developers only. */
export class ApiError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly details: ErrorDetails;
  constructor(code: AppErrorCode, status: number, details: ErrorDetails = {}, message: string = code) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  get info(): ErrorInfo {
    return { code: this.code, status: this.status, details: this.details };
  }
}

/** The server could not be reached (offline, refused, DNS, a proxy's 502-504): the request may be retried later. */
export class NetworkError extends ApiError {
  constructor() {
    super('NETWORK', 0, {}, 'The server could not be reached. Check your connection.');
    this.name = 'NetworkError';
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set<string>([...ERROR_CODES, ...CLIENT_ERROR_CODES]);

/** True for a contract or client error code. */
export function isAppErrorCode(code: unknown): code is AppErrorCode {
  return typeof code === 'string' && KNOWN_CODES.has(code);
}

/**
 * The ErrorInfo of an error answer `data` with HTTP `status`: its contract code and details when the body is a
 * contract error body, UNKNOWN otherwise.
 */
export function errorInfoFromBody(status: number, data: unknown): ErrorInfo {
  const parsed = v.safeParse(ErrorBody, data);
  if (!parsed.success) return { code: 'UNKNOWN', status, details: {} };
  const { error: _text, statusCode, code, ...details } = parsed.output;
  return { code, status: statusCode || status, details };
}

/**
 * The ErrorInfo of anything thrown: an ApiError, an error that crossed the worker boundary (a plain Error with
 * `code`, `status` and `details` copied onto it), or UNKNOWN.
 */
export function errorInfoOf(error: unknown): ErrorInfo {
  if (error instanceof ApiError) return error.info;
  const e = error as Partial<ErrorInfo> | null;
  if (e && typeof e === 'object' && isAppErrorCode(e.code)) {
    return { code: e.code, status: typeof e.status === 'number' ? e.status : 0, details: e.details ?? {} };
  }
  return { code: 'UNKNOWN', status: 0, details: {} };
}
