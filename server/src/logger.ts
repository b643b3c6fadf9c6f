/**
 * pino logger factory: JSON lines in production, level from LOG_LEVEL. Secrets never reach the log (issue 14,
 * finding 5): passwords, codes, tokens, hashes and the Authorization/Cookie headers are redacted, logged request
 * URLs lose their secret query values (API keys, tokens, codes, presigned signatures; issue 35 item 7), and errors are
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

/**
 * Query parameters whose values are secrets wherever they appear in a logged URL (issue 35 item 7): credentials a
 * client may put in the address (`api_key=`, `token=`, OAuth's `code=` and `state=`), and the signatures and
 * credentials of presigned URLs (AWS Signature V4's `X-Amz-*`, our local `signature=`). Compared lower-case.
 */
const SECRET_QUERY_PARAMS = new Set([
  'api_key',
  'apikey',
  'key',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'state',
  'password',
  'secret',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/**
 * `url` (a request target such as `/v1/jobs?api_key=...`, or an absolute URL) with the value of every secret query
 * parameter replaced by `[redacted]`; the path and the other parameters unchanged. A `tjk_` API key anywhere in the
 * text is redacted too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const redactKeys = (text: string) => text.replace(/tjk_[A-Za-z0-9_-]+/g, 'tjk_[redacted]');
  if (q < 0) return redactKeys(url);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape: compare the raw name
      }
      return eq >= 0 && SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return redactKeys(`${url.slice(0, q)}?${query}`);
}

/** The request as Fastify logs it (its own serializer's fields), with secrets taken out of the URL. */
function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

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
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'headers["set-cookie"]',
        '*.headers.authorization',
        '*.headers.cookie',
        '*.headers["set-cookie"]',
        ...SECRET_KEYS.map((k) => `*.${k}`),
        ...SECRET_KEYS.map((k) => `*.*.${k}`),
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
