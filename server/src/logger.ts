/** pino logger factory: JSON lines in production, level from LOG_LEVEL. */
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', '*.password', '*.new_password', '*.otp', '*.token'], censor: '[redacted]' },
  });
}
