/**
 * Access tokens: HS256 JWTs (jose) carrying the user id in `sub`, with an expiry. Tokens are stateless; sign-out
 * and password reset revoke every earlier token of a user through `validAfter` (users.tokens_valid_after),
 * compared with the millisecond issue time the token carries in `iat_ms` (the standard `iat` is in whole seconds,
 * too coarse for "sign out, then sign in again within the same second").
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenService {
  /** Signs an access token for `userId`, valid for the configured TTL (seconds). */
  issue(userId: string): Promise<string>;
  /** Returns the user id of a valid token, or null when the token is invalid, expired, revoked or not ours. */
  verify(token: string): Promise<string | null>;
}

/**
 * Where revocation is looked up: the moment before which a user's tokens are refused (null: none refused),
 * or undefined when the user no longer exists.
 */
export type TokensValidAfter = (userId: string) => Promise<Date | null | undefined>;

/**
 * @param secret HMAC key material (at least 32 characters).
 * @param ttlSeconds lifetime of an access token, seconds.
 * @param validAfter optional revocation look-up; without it tokens are valid until they expire.
 */
export function createTokenService(secret: string, ttlSeconds: number, validAfter?: TokensValidAfter): TokenService {
  const key = new TextEncoder().encode(secret);
  const issuer = 'tarjama';
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
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] }));
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
      if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
      if (!validAfter) return payload.sub;
      const after = await validAfter(payload.sub);
      if (after === undefined) return null;
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
      // Strictly after: a token issued in the very millisecond of a sign-out is refused too.
      if (after && issuedAtMs <= after.getTime()) return null;
      return payload.sub;
    },
  };
}
