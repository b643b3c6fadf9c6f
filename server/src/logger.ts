/**
 * pino logger factory: JSON lines in production, level from LOG_LEVEL. Secrets never reach the log (issue 14,
 * finding 5): passwords, codes, tokens, hashes and the Authorization/Cookie headers are redacted, and errors are
 * serialised without the parameters of a failed SQL query (drizzle puts them in `params` and in the message, and
 * they hold password hashes, e-mails and names).
 */
import pino, { type Logger } from 'pino';

export type { Logger };

/** Log keys whose values are replaced by '[redacted]' wherever they appear one level down (and on `req`). */
const SECRET_KEYS = [
  'password',
  'new_password',
  'otp',
  'token',
  'access_token',
  'passwordHash',
  'password_hash',
  'codeHash',
  'tokenHash',
  'params',
];

type SerializedError = Record<string, unknown> & { message?: string; stack?: string; cause?: unknown };

/** Drops the `params: ...` tail drizzle adds to a failed query's message and stack, and the params themselves. */
function scrubError(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const err = { ...(value as SerializedError) };
  const scrub = (text: unknown) =>
    typeof text === 'string' ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]') : text;
  err.message = scrub(err.message) as string | undefined;
  err.stack = scrub(err.stack) as string | undefined;
  if ('params' in err) err.params = '[redacted]';
  if (err.cause) err.cause = scrubError(err.cause, depth + 1);
  return err;
}

/** Serialises an error like pino's standard serializer, without query parameters. */
export function serializeError(err: unknown): unknown {
  return scrubError(err instanceof Error ? pino.stdSerializers.err(err) : err);
}

/** The app's logger at `level`; `destination` (default stdout) is for tests reading the lines back. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...SECRET_KEYS.map((k) => `*.${k}`),
        ...SECRET_KEYS.map((k) => `*.*.${k}`),
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
