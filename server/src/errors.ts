/**
 * One error type for the whole server and one table from error code to HTTP status and message
 * (after tus-node-server's ERRORS). Every error body has the shape the web app reads (spec section 7):
 * `{ error: string, statusCode: number, code: string, ...details }`.
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are missing or invalid.' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect email or password.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email before signing in. Check your inbox for the 6-digit code.' },
  PAYMENT_REQUIRED: { status: 402, message: 'Not enough credits for this job.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists.' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state.' },
  INVALID_OTP: { status: 400, message: 'Invalid OTP. Please try again.' },
  OTP_EXPIRED: { status: 400, message: 'This code has expired. Request a new one.' },
  OTP_TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many wrong codes. Request a new one.' },
  ALREADY_VERIFIED: { status: 400, message: 'This email is already verified. Please sign in.' },
  INVALID_RESET_TOKEN: { status: 400, message: 'Invalid or expired token.' },
  EMAIL_CHANGE_UNSUPPORTED: { status: 400, message: 'Changing the email address of an account is not supported.' },
  GOOGLE_SIGN_IN_UNAVAILABLE: { status: 503, message: 'Sign-in with Google is not available right now. Please try again later.' },
  WEAK_PASSWORD: { status: 400, message: 'The password does not meet the rules.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not supported.' },
  UNPROCESSABLE: { status: 422, message: 'The file could not be processed.' },
  NO_ENGINE: { status: 400, message: 'No engine on this server can do this job.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'This service is not available.' },
  GOOGLE_NOT_CONFIGURED: { status: 503, message: 'Sign-in with Google is not configured on this server.' },
  PLAN_NOT_AVAILABLE: { status: 400, message: 'This plan is not available for upgrade.' },
  ALREADY_ON_PLAN: { status: 409, message: 'You are already on this plan.' },
  NO_SUBSCRIPTION: { status: 400, message: 'You are on the Free plan: there is no subscription to cancel.' },
  CHECKOUT_SESSION_INVALID: { status: 400, message: 'This checkout session is not valid or has expired. Please choose a plan again.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },
  PAYMENT_PROVIDER_ERROR: { status: 502, message: 'The payment provider could not be reached. Please try again.' },
  INTERNAL: { status: 500, message: 'An unexpected error occurred' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

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
