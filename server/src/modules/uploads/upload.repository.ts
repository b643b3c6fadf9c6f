/** Rows of the uploads table (server/src/db/schema/jobs.schema.ts). Every read is scoped to the owner. */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { jobs, uploads } from '../../db/schema/index.ts';
import type { ErrorCode } from '../../../../contract/errors.ts';
import type { UploadKind } from '../../../../contract/uploads.ts';
import type { DbOrTx } from '../../db/database.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  db: DbOrTx,
  row: {
    id: string;
    userId: string;
    filename: string;
    contentType: string;
    kind: UploadKind;
    storageKey: string;
    sizeBytes?: number;
    declaredCharset?: string | null;
  },
): Promise<UploadRow> {
  const [created] = await db.insert(uploads).values(row).returning();
  return created;
}

/** The user's upload, or null (also for another user's id). */
export async function findUserUpload(db: DbOrTx, userId: string, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), isNull(uploads.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findUpload(db: DbOrTx, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

/** Binds a tus upload to the row (tus id = upload id); false when it is not the user's pending upload. */
export async function bindTus(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ tusId: id })
    .where(
      and(eq(uploads.id, id), eq(uploads.userId, userId), eq(uploads.status, 'pending'), isNull(uploads.deletedAt)),
    )
    .returning({ id: uploads.id });
  return rows.length === 1;
}

export async function markComplete(
  db: DbOrTx,
  id: string,
  facts: { storageKey: string; sizeBytes: number; durationSeconds?: number; hasVideo?: boolean; wordCount?: number },
): Promise<void> {
  await db
    .update(uploads)
    .set({ status: 'complete', completedAt: new Date(), rejectCode: null, rejectReason: null, ...facts })
    .where(eq(uploads.id, id));
}

export async function markRejected(db: DbOrTx, id: string, code: ErrorCode, reason: string): Promise<void> {
  await db
    .update(uploads)
    .set({ status: 'rejected', rejectCode: code, rejectReason: reason })
    .where(eq(uploads.id, id));
}

/** Marks uploads deleted (their bytes are gone) without removing the rows jobs point at. */
export async function markDeleted(db: DbOrTx, ids: string[], status: 'expired' | 'deleted'): Promise<void> {
  if (!ids.length) return;
  await db.update(uploads).set({ status, deletedAt: new Date() }).where(inArray(uploads.id, ids));
}

/** Completed media uploads created before `before` whose bytes are still stored (retention). */
export async function findExpiredMedia(db: DbOrTx, before: Date, limit = 500): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.kind, 'media'),
        isNull(uploads.deletedAt),
        lt(uploads.createdAt, before),
        inArray(uploads.status, ['complete', 'pending']),
      ),
    )
    .limit(limit);
}

/** Pending uploads older than `before` (never finished: the tus expiration period). */
export async function findStalePending(db: DbOrTx, before: Date, limit = 500): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, 'pending'), isNull(uploads.deletedAt), lt(uploads.createdAt, before)))
    .limit(limit);
}

/** Says on every job made from these uploads that its source file expired. */
export async function markJobSourcesExpired(db: DbOrTx, uploadIds: string[]): Promise<void> {
  if (!uploadIds.length) return;
  await db
    .update(jobs)
    .set({ sourceExpired: true, updatedAt: sql`clock_timestamp()` })
    .where(inArray(jobs.uploadId, uploadIds));
}

/** Storage keys of every upload of the user whose bytes may still be stored. */
export async function listUserUploadKeys(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), isNull(uploads.deletedAt)));
  return rows.map((r) => r.key);
}
