/** Rows of idempotency_keys (migration 0031). Times are the database's own clock, the same for every process. */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** A key is remembered this long (Stripe: 24 hours). */
export const KEY_LIFETIME = sql`interval '24 hours'`;

/** Forgets the user's key when it is older than its lifetime. */
export async function dropExpiredKey(db: DbOrTx, userId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`),
      ),
    );
}

/** Claims the key for a first request: true when this call inserted it (and so must run the request). */
export async function claimKey(db: DbOrTx, userId: string, key: string, requestHash: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: DbOrTx, userId: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Takes over a key whose first request has held it unanswered for longer than `staleSeconds` (its process died):
 * true when this call took it.
 */
export async function takeOverStaleKey(
  db: DbOrTx,
  userId: string,
  key: string,
  staleSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ lockedAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseStatus),
        lt(idempotencyKeys.lockedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Keeps the answer of the first request. */
export async function saveResponse(
  db: DbOrTx,
  userId: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Releases a key whose first request failed, so the same key may be sent again. */
export async function releaseKey(db: DbOrTx, userId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseStatus)),
    );
}

/** Removes every key past its lifetime; returns how many. */
export async function sweepExpiredKeys(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
