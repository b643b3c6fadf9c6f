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
  if ((await repo.countActiveApiKeys(ctx.db, userId)) >= MAX_ACTIVE_API_KEYS) throw new AppError('API_KEY_LIMIT');
  const { secret, keyHash, prefix } = newApiKeySecret();
  const row = await repo.insertApiKey(ctx.db, { userId, name: req.name, prefix, keyHash, createdBy });
  return { ...present(row), secret };
}

/**
 * DELETE /v1/api-keys/{id}: the key stops working at once, everywhere.
 * @throws AppError API_KEY_NOT_FOUND (404) for an id that is not the user's
 */
export async function revokeKey(ctx: Ctx, userId: string, id: string): Promise<ApiKey> {
  const row = await repo.revokeApiKey(ctx.db, userId, id);
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return present(row);
}
