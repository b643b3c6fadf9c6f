/** Access tokens: HS256 JWTs (jose) carrying the user id in `sub`, with an expiry. */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenService {
  /** Signs an access token for `userId`, valid for the configured TTL (seconds). */
  issue(userId: string): Promise<string>;
  /** Returns the user id of a valid token, or null when the token is invalid, expired or not ours. */
  verify(token: string): Promise<string | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const issuer = 'tarjama';
  return {
    issue: (userId) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] });
        return payload.typ === 'access' && typeof payload.sub === 'string' ? payload.sub : null;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
