/** Password-reset tokens (table password_reset_tokens): stored hashed, single use, with an expiry. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

/** Stores a new token hash for the user. */
export async function insertResetToken(
  db: DbOrTx,
  entry: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(entry);
}

/** The token row with this hash, or null. */
export async function findResetToken(db: DbOrTx, tokenHash: string): Promise<ResetTokenRow | null> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks the token used; false when it was already used (single use under concurrency). */
export async function useResetToken(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/** Marks every unused token of the user used (after a reset, older links stop working). */
export async function retireResetTokensOf(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
