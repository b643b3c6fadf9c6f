/** Helpers of the credit ledger tests: users, job rows to reserve for, and a ledger read-back. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { creditLedger, jobs, users } from '../../../server/src/db/schema/index.ts';
import type { Db, DbOrTx } from '../../../server/src/db/database.ts';

export async function insertUser(db: Db): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email: `ledger-${crypto.randomBytes(6).toString('hex')}@example.com` })
    .returning({ id: users.id });
  return row.id;
}

/**
 * A job row as the jobs module writes it inside reserveForNewJob's transaction: a video job to Spanish subtitles
 * reserving `price` credits, with `overrides` (status, progress...) applied.
 */
export async function insertJob(
  tx: DbOrTx,
  userId: string,
  price: number,
  overrides: Partial<typeof jobs.$inferInsert> = {},
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(jobs)
    .values({
      userId,
      jobType: 'video_translation',
      servicesRequested: ['subtitle'],
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      originalFilename: 'talk.mp4',
      sourceFileUrl: 'https://example.com/talk.mp4',
      creditsReserved: price,
      ...overrides,
    })
    .returning({ id: jobs.id });
  return row;
}

/** Every entry of a user, oldest first. */
export async function entriesOf(db: Db, userId: string) {
  return db
    .select({ kind: creditLedger.kind, amount: creditLedger.amount, key: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
}
