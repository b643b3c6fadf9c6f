/** API key secrets: `tjk_` + 32 random bytes in base64url (256 bits), stored only as their SHA-256. */
import crypto from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '../../../../contract/api-keys.ts';

/** A new secret, its hash (hex) and the prefix lists show. */
export function newApiKeySecret(): { secret: string; keyHash: string; prefix: string } {
  const secret = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { secret, keyHash: hashApiKey(secret), prefix: secret.slice(0, API_KEY_SHOWN_CHARS) };
}

/**
 * SHA-256 of a secret, hex. A fast hash is enough for 256 random bits (no dictionary to try), and lets a request
 * find its key by an index look-up.
 */
export function hashApiKey(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}
