/** Rows of api_keys: create, list, revoke, and the look-up by secret hash that authenticates a request. */
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Inserts a key; `keyHash` is the SHA-256 (hex) of the secret. `userId` is the account (a team's owner for a team
 * key), `createdBy` the team member whose key it is (absent: userId's own).
 */
export async function insertApiKey(
  db: DbOrTx,
  row: { userId: string; name: string; prefix: string; keyHash: string; createdBy?: string | null },
): Promise<ApiKeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning();
  return created;
}

/** The user's keys, newest first (revoked ones included). */
export async function listApiKeys(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

/** How many of the user's keys are not revoked. */
export async function countActiveApiKeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

/** The account's key `id` (revoked or not), or undefined. */
export async function findApiKey(db: DbOrTx, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return row;
}

/** Revokes the user's key `id` (no-op when already revoked). Returns the row, or undefined when not the user's. */
export async function revokeApiKey(db: DbOrTx, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return row;
}

/**
 * The working (not revoked) key with this hash, or undefined: its account (`userId`), the person it acts as
 * (`personId`: the team member who made it, else the account) and that person's e-mail.
 */
export async function findActiveKeyByHash(
  db: DbOrTx,
  keyHash: string,
): Promise<{ id: string; userId: string; personId: string; email: string; lastUsedAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      personId: users.id,
      email: users.email,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, sql`coalesce(${apiKeys.createdBy}, ${apiKeys.userId})`))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Sets last_used_at to `now` unless it was set less than `resolutionMs` milliseconds before. */
export async function touchApiKey(db: DbOrTx, id: string, now: Date, resolutionMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - resolutionMs))),
      ),
    );
}
