/**
 * API key management for the signed-in account: create (the secret is returned once), list, revoke. Creation is
 * limited to plans with API access (plan catalog `apiAccess`) and to MAX_ACTIVE_API_KEYS working keys.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { userHasApiAccess } from './api-access.ts';
import {
  MAX_ACTIVE_API_KEYS,
  type ApiKey,
  type ApiKeyListResponse,
  type CreateApiKeyRequest,
  type CreatedApiKeyResponse,
} from '../../../../contract/api-keys.ts';
import * as repo from './api-key.repository.ts';
import { newApiKeySecret } from './api-key.secret.ts';
import type { Tx } from '../../db/database.ts';
import { lockUser } from '../credits/ledger.repository.ts';
import { assertMayModify, type Actor } from '../teams/team-roles.ts';

type Ctx = Pick<AppContext, 'db' | 'config'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}

const hasApiAccess = (ctx: Ctx, userId: string) => userHasApiAccess(ctx.db, ctx.config.billing, userId);

/** GET /v1/api-keys */
export async function listKeys(ctx: Ctx, userId: string): Promise<ApiKeyListResponse> {
  const rows = await repo.listApiKeys(ctx.db, userId);
  return { keys: rows.map(present), api_access: await hasApiAccess(ctx, userId) };
}

/**
 * POST /v1/api-keys
 * @throws AppError API_ACCESS_NOT_IN_PLAN (403), API_KEY_LIMIT (409)
 */
export async function createKey(
  ctx: Ctx,
  userId: string,
  req: CreateApiKeyRequest,
  createdBy?: string,
): Promise<CreatedApiKeyResponse> {
  if (!(await hasApiAccess(ctx, userId))) throw new AppError('API_ACCESS_NOT_IN_PLAN');
  const { secret, keyHash, prefix } = newApiKeySecret();
  // Count and insert under the account's row lock: concurrent requests cannot pass the limit together (issue 35
  // item 5: 25 at once made 24 keys on PostgreSQL).
  const row = await ctx.db.transaction(async (tx: Tx) => {
    await lockUser(tx, userId);
    if ((await repo.countActiveApiKeys(tx, userId)) >= MAX_ACTIVE_API_KEYS) throw new AppError('API_KEY_LIMIT');
    return repo.insertApiKey(tx, { userId, name: req.name, prefix, keyHash, createdBy });
  });
  return { ...present(row), secret };
}

/**
 * DELETE /v1/api-keys/{id}: the key stops working at once, everywhere. `userId` is the account, `actor` the person
 * revoking: a plain team member revokes only the keys they made (a key with no maker is the owner's).
 * @throws AppError API_KEY_NOT_FOUND (404) for an id that is not the account's, TEAM_NOT_YOURS (403)
 */
export async function revokeKey(ctx: Ctx, userId: string, id: string, actor: Actor): Promise<ApiKey> {
  const key = await repo.findApiKey(ctx.db, userId, id);
  if (!key) throw new AppError('API_KEY_NOT_FOUND');
  assertMayModify(actor, key.createdBy ?? userId);
  const row = await repo.revokeApiKey(ctx.db, userId, id);
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return present(row);
}
