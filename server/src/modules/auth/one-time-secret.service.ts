/**
 * One-time secrets sent by e-mail: 6-digit verification codes and password-reset tokens. Only their HMAC-SHA256
 * (keyed with the server secret) is stored, so a copy of the database alone cannot be used to verify an
 * account or reset a password, and a 6-digit code cannot be brute-forced offline.
 */
import crypto from 'node:crypto';

/** A uniformly random 6-digit code, '000000'-'999999' (spec 5: 6 characters). */
export function generateCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A reset token: 32 random bytes, base64url (43 characters). */
export function generateResetToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The stored form of a one-time secret: hex HMAC-SHA256 over `purpose:value`. `purpose` keeps a code of one
 * kind (or one user) from matching the hash of another.
 */
export function hashOneTimeSecret(serverSecret: string, purpose: string, value: string): string {
  return crypto.createHmac('sha256', serverSecret).update(`${purpose}:${value}`).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}
