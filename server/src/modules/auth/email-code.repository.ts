/**
 * E-mail verification codes (table email_codes): one live code per user and purpose; a new code replaces the
 * earlier ones. Attempts are counted with a conditional UPDATE so concurrent guesses cannot exceed the limit.
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { emailCodes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export type EmailCodeRow = typeof emailCodes.$inferSelect;
export const VERIFY_EMAIL_PURPOSE = 'verify_email';

/** Deletes the user's unused codes of `purpose` and stores a new one (hashed) expiring at `expiresAt`. */
export async function replaceCode(
  db: DbOrTx,
  entry: { userId: string; purpose: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .delete(emailCodes)
    .where(
      and(eq(emailCodes.userId, entry.userId), eq(emailCodes.purpose, entry.purpose), isNull(emailCodes.consumedAt)),
    );
  await db.insert(emailCodes).values(entry);
}

/** The user's newest unused code of `purpose`, or null. */
export async function latestLiveCode(db: DbOrTx, userId: string, purpose: string): Promise<EmailCodeRow | null> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one wrong guess unless the code already has `maxAttempts`. Returns the attempts now recorded, or null
 * when the limit had already been reached (or the code is gone).
 */
export async function recordWrongAttempt(db: DbOrTx, codeId: string, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt), lt(emailCodes.attempts, maxAttempts)))
    .returning({ attempts: emailCodes.attempts });
  return row ? row.attempts : null;
}

/** Marks the code used; false when it was already used (single use under concurrency). */
export async function consumeCode(db: DbOrTx, codeId: string): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}
