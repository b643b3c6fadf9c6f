/**
 * In-memory caches behind the bearer-token check, so that a signed-in client's request costs neither an HMAC
 * verification nor a database query (measured with `npm run bench:api`: before them, the two per-request user
 * queries and jose's key import + HMAC were most of GET /v1/jobs/'s CPU time).
 * - Verified tokens: token string -> { sub, issued-at ms, expiry ms }. A token's signature and claims never change,
 *   so an entry lives until the token expires; the expiry is checked on every hit. Only valid tokens are stored.
 * - Subjects: user id -> { e-mail, tokens_valid_after } (or "no such user"), kept SUBJECT_TTL_MS.
 * Revocation: `forget(userId)` (sign-out, password reset, account deletion in this process) drops the user's
 * subject, so the next request reads the database and a revoked token is refused at once in this process. A load
 * that started before a forget is not stored (epoch check). Other server processes are told by a PostgreSQL
 * NOTIFY (token-revocation.ts) and forget at once; SUBJECT_TTL_MS bounds how long a token revoked elsewhere can
 * still work there when that notice is missed.
 * Both maps are bounded (oldest inserted dropped first).
 */
import type { TokenSubject } from './token-subject.repository.ts';

/** How long a user's e-mail and revocation moment are trusted without reading the database, milliseconds. */
export const SUBJECT_TTL_MS = 5000;
/** How long, after an account deletion starts here, the user's subject is never cached (deletion takes a while). */
export const DELETION_BYPASS_MS = 10 * 60_000;
const MAX_TOKENS = 10_000;
const MAX_SUBJECTS = 10_000;

/** A token whose signature, issuer and type were verified. Times are epoch milliseconds. */
export interface VerifiedToken {
  sub: string;
  issuedAtMs: number;
  expiresAtMs: number;
}

interface SubjectEntry {
  subject: TokenSubject | undefined;
  at: number;
}

/** Bounded token and subject caches; see the file comment. */
export interface TokenCache {
  /** The verified token, or undefined when not cached or expired (then dropped). */
  token(token: string): VerifiedToken | undefined;
  rememberToken(token: string, verified: VerifiedToken): void;
  /**
   * The user's subject (undefined: no such user), from the cache or `load` (concurrent misses share one load).
   * @throws whatever `load` throws (nothing is cached then).
   */
  subject(
    userId: string,
    load: (userId: string) => Promise<TokenSubject | undefined>,
  ): Promise<TokenSubject | undefined>;
  /** Drops the user's subject; with `deleting`, the user's subject is not cached again for DELETION_BYPASS_MS. */
  forget(userId: string, opts?: { deleting?: boolean }): void;
}

function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** @param ttlMs subject lifetime, milliseconds (SUBJECT_TTL_MS; 0 disables the subject cache). */
export function createTokenCache(ttlMs = SUBJECT_TTL_MS): TokenCache {
  const tokens = new Map<string, VerifiedToken>();
  const subjects = new Map<string, SubjectEntry>();
  const loading = new Map<string, Promise<TokenSubject | undefined>>();
  const bypass = new Map<string, number>();
  // Bumped by every forget: a load that began under an older epoch may hold a pre-revocation row.
  let epoch = 0;

  return {
    token(token) {
      const hit = tokens.get(token);
      if (hit && Date.now() >= hit.expiresAtMs) {
        tokens.delete(token);
        return undefined;
      }
      return hit;
    },
    rememberToken(token, verified) {
      setBounded(tokens, token, verified, MAX_TOKENS);
    },
    async subject(userId, load) {
      const now = Date.now();
      const hit = subjects.get(userId);
      if (hit && now - hit.at < ttlMs) return hit.subject;
      const until = bypass.get(userId);
      if (until !== undefined) {
        if (now < until) return load(userId);
        bypass.delete(userId);
      }
      let pending = loading.get(userId);
      if (!pending) {
        const started = epoch;
        const p: Promise<TokenSubject | undefined> = load(userId)
          .then((subject) => {
            if (epoch === started && ttlMs > 0) setBounded(subjects, userId, { subject, at: now }, MAX_SUBJECTS);
            return subject;
          })
          .finally(() => {
            if (loading.get(userId) === p) loading.delete(userId);
          });
        pending = p;
        loading.set(userId, p);
      }
      return pending;
    },
    forget(userId, opts) {
      epoch++;
      subjects.delete(userId);
      // A load in flight may have read the row before the change: later callers must not share it.
      loading.delete(userId);
      if (opts?.deleting) setBounded(bypass, userId, Date.now() + DELETION_BYPASS_MS, MAX_SUBJECTS);
    },
  };
}
