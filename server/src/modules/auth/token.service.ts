/**
 * Access tokens: HS256 JWTs (jose) carrying the user id in `sub`, with an expiry. Tokens are stateless; sign-out
 * and password reset revoke every earlier token of a user through `validAfter` (users.tokens_valid_after),
 * compared with the millisecond issue time the token carries in `iat_ms` (the standard `iat` is in whole seconds,
 * too coarse for "sign out, then sign in again within the same second").
 * Verified tokens and users' revocation moments are cached in memory (token.cache.ts): whoever changes
 * tokens_valid_after or deletes a user calls `forget(userId)` so this process refuses revoked tokens at once;
 * other processes hear of it by NOTIFY (token-revocation.ts), or at the latest after SUBJECT_TTL_MS (5 s).
 */
import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { createTokenCache, SUBJECT_TTL_MS, type VerifiedToken } from './token.cache.ts';
import type { TokenSubject } from './token-subject.repository.ts';

export interface TokenService {
  /** Signs an access token for `userId`, valid for the configured TTL (seconds). */
  issue(userId: string): Promise<string>;
  /** Returns the user id of a valid token, or null when the token is invalid, expired, revoked or not ours. */
  verify(token: string): Promise<string | null>;
  /**
   * The user { id, email } of a valid token, or null when the token is invalid, expired, revoked, not ours or its
   * user no longer exists. Needs the subject look-up given to createTokenService (throws without it).
   */
  authenticate(token: string): Promise<{ id: string; email: string } | null>;
  /**
   * Drops what this process caches about the user. Call after changing users.tokens_valid_after (sign-out,
   * password reset) and when an account deletion starts (`deleting: true` keeps the user uncached meanwhile).
   */
  forget(userId: string, opts?: { deleting?: boolean }): void;
}

/** Reads a user's e-mail and revocation moment; undefined when the user no longer exists. */
export type SubjectLookup = (userId: string) => Promise<TokenSubject | undefined>;

/**
 * @param secret HMAC key material (at least 32 characters).
 * @param ttlSeconds lifetime of an access token, seconds.
 * @param lookup optional user look-up; without it tokens are valid until they expire and `authenticate` throws.
 * @param subjectTtlMs how long a looked-up user is trusted in memory, milliseconds (default SUBJECT_TTL_MS).
 */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  lookup?: SubjectLookup,
  subjectTtlMs = SUBJECT_TTL_MS,
): TokenService {
  // A KeyObject made once: given raw bytes, jose imports a key on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const issuer = 'tarjama';
  const cache = createTokenCache(subjectTtlMs);

  /** Signature, issuer, algorithm, expiry and type, from the cache when this token was verified before. */
  async function verified(token: string): Promise<VerifiedToken | null> {
    const hit = cache.token(token);
    if (hit) return hit;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
    const result = { sub: payload.sub, issuedAtMs, expiresAtMs: payload.exp * 1000 };
    cache.rememberToken(token, result);
    return result;
  }

  /** The token's user when it is valid and not revoked. */
  async function subjectOf(token: string): Promise<TokenSubject | null> {
    const t = await verified(token);
    if (!t) return null;
    const subject = await cache.subject(t.sub, lookup!);
    if (!subject) return null;
    // Strictly after: a token issued in the very millisecond of a sign-out is refused too.
    if (subject.tokensValidAfter && t.issuedAtMs <= subject.tokensValidAfter.getTime()) return null;
    return subject;
  }

  return {
    issue: (userId) =>
      new SignJWT({ typ: 'access', iat_ms: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      if (!lookup) return (await verified(token))?.sub ?? null;
      return (await subjectOf(token))?.id ?? null;
    },
    async authenticate(token) {
      if (!lookup) throw new Error('createTokenService: authenticate needs a subject look-up');
      const subject = await subjectOf(token);
      return subject ? { id: subject.id, email: subject.email } : null;
    },
    forget: (userId, opts) => cache.forget(userId, opts),
  };
}
