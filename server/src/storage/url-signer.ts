/**
 * HMAC-SHA256 signatures for expiring URLs (local downloads and signed PUT uploads). The signed string lists
 * every field that must not be changed (method, path, expiry, and for downloads the file name and type), so a
 * URL cannot be reused for another file, another name or a longer time.
 */
import crypto from 'node:crypto';

/** Signs `fields` (joined by newlines) with `secret`; returns a base64url HMAC-SHA256. */
export function sign(secret: string, fields: Array<string | number>): string {
  return crypto.createHmac('sha256', secret).update(fields.join('\n')).digest('base64url');
}

/**
 * True when `signature` is the signature of `fields` and `expires` (Unix seconds) is not past.
 * Compares in constant time.
 */
export function verify(
  secret: string,
  fields: Array<string | number>,
  signature: string | undefined,
  expires: number,
  nowMs = Date.now(),
): boolean {
  if (!signature || !Number.isFinite(expires) || expires * 1000 < nowMs) return false;
  const expected = Buffer.from(sign(secret, fields));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Unix time in seconds `ttlSeconds` from now. */
export function expiresIn(ttlSeconds: number, nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000) + ttlSeconds;
}
