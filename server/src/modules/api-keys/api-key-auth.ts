/**
 * API keys as bearer credentials: wraps the access-token service so that every place that authenticates a bearer
 * token (the route guard, tus, sign-out) also accepts `tjk_...` API keys, with the owner's identity and rules.
 * A key authenticates only while it is not revoked and its owner's plan includes API access (plan catalog
 * `apiAccess`). All the keys of an account (a team's: every member's) share one budget of `keyRatePerMinute`
 * requests a minute in this process, reads included (fixed one-minute window): 20 keys do not make 20 budgets
 * (issue 35 item 9).
 * The key is looked up by its SHA-256 on every request (no cache), so a revocation holds at once in every process.
 */
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { TokenService } from '../auth/token.service.ts';
import { currentPlanOf } from '../billing/current-plan.ts';
import { API_KEY_PREFIX } from '../../../../contract/api-keys.ts';
import { findActiveKeyByHash, touchApiKey } from './api-key.repository.ts';
import { hashApiKey } from './api-key.secret.ts';
import { accountIdOf } from '../teams/team.repository.ts';

/** last_used_at is written at most once per key and minute (milliseconds). */
const LAST_USED_RESOLUTION_MS = 60_000;
const WINDOW_MS = 60_000;

export interface ApiKeyAuthOptions {
  db: DbOrTx;
  /** Whether a plan id ('Free', 'pro'...) includes API access. */
  planHasApiAccess: (planId: string) => boolean;
  /** Requests per account per minute, over all its keys. */
  ratePerMinute: number;
  now?: () => Date;
}

/** True when a bearer credential is an API key rather than an access token. */
export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);

/**
 * The token service `tokens`, extended to API keys: `authenticate` and `verify` of a `tjk_` key answer its owner.
 * @throws AppError API_ACCESS_NOT_IN_PLAN (403) when the owner's plan has no API access, RATE_LIMITED (429, with
 *   `retry_after_seconds`) past the account's rate. An unknown or revoked key answers null (401 UNAUTHORIZED).
 */
export function withApiKeys(tokens: TokenService, opts: ApiKeyAuthOptions): TokenService {
  const now = opts.now ?? (() => new Date());
  const windows = new Map<string, { start: number; count: number }>();

  function countRequest(accountId: string, at: number): void {
    let w = windows.get(accountId);
    if (!w || at - w.start >= WINDOW_MS) {
      if (windows.size > 10_000) windows.clear();
      windows.set(accountId, (w = { start: at, count: 0 }));
    }
    w.count += 1;
    if (w.count > opts.ratePerMinute) {
      const seconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - at) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests with this account's API keys. Please try again in ${seconds} seconds.`,
        {
          retry_after_seconds: seconds,
        },
      );
    }
  }

  async function ownerOf(secret: string): Promise<{ id: string; email: string } | null> {
    const key = await findActiveKeyByHash(opts.db, hashApiKey(secret));
    // A key acts as its maker only while the maker acts for the key's account (teams: a member who left or was
    // removed, or an account's own key while its user is in someone else's team, does not authenticate).
    if (!key || (await accountIdOf(opts.db, key.personId)) !== key.userId) return null;
    const at = now();
    countRequest(key.userId, at.getTime());
    if (!opts.planHasApiAccess(await currentPlanOf(opts.db, key.userId, at)))
      throw new AppError('API_ACCESS_NOT_IN_PLAN');
    if (!key.lastUsedAt || at.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
      await touchApiKey(opts.db, key.id, at, LAST_USED_RESOLUTION_MS);
    return { id: key.personId, email: key.email };
  }

  return {
    ...tokens,
    issue: (userId) => tokens.issue(userId),
    forget: (userId, o) => tokens.forget(userId, o),
    verify: async (token) => (isApiKey(token) ? ((await ownerOf(token))?.id ?? null) : tokens.verify(token)),
    authenticate: async (token) => (isApiKey(token) ? ownerOf(token) : tokens.authenticate(token)),
  };
}
