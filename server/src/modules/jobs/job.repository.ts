/**
 * Rows of jobs and job_outputs (server/src/db/schema/jobs.schema.ts). Reads for the API are scoped to the owner;
 * the worker's writes are conditional on the job's status so a canceled, deleted or re-claimed job is never
 * overwritten by a stale worker.
 */
import { and, desc, eq, inArray, lt, or, sql, gt } from 'drizzle-orm';
import { jobOutputs, jobs } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { JobStage } from '../../../../contract/jobs.ts';
import type { ErrorCode } from '../../../../contract/errors.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobOutputRow = typeof jobOutputs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

/** Rows of one account (a user id) or of any of several. */
const ofAccounts = (userIds: string | readonly string[]) =>
  typeof userIds === 'string'
    ? eq(jobs.userId, userIds)
    : userIds.length === 1
      ? eq(jobs.userId, userIds[0])
      : inArray(jobs.userId, [...userIds]);

export async function insertJob(db: DbOrTx, row: NewJob): Promise<JobRow> {
  const [created] = await db.insert(jobs).values(row).returning();
  return created;
}

/** The user's jobs, newest first. */
/** The jobs of the accounts (a user id or, for a team member, the team's and their own), newest first. */
export async function listUserJobs(db: DbOrTx, userIds: string | readonly string[], limit: number): Promise<JobRow[]> {
  return db.select().from(jobs).where(ofAccounts(userIds)).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(limit);
}

/**
 * A version of the user's job list: their number of jobs and the latest updated_at (every write to a job sets it;
 * a deletion changes the count), as text. Changes whenever the list would: job writes stamp updated_at with
 * clock_timestamp(), not now() (the transaction's start), so a job finished in a transaction that began before a
 * progress write still gets the latest stamp.
 */
export async function listVersion(db: DbOrTx, userIds: string | readonly string[]): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, latest: sql<string | null>`max(${jobs.updatedAt})::text` })
    .from(jobs)
    .where(ofAccounts(userIds));
  return `${row?.n ?? 0}@${row?.latest ?? ''}`;
}

/** The user's unfinished jobs and those finished after `since`, newest first. */
export async function listActiveUserJobs(
  db: DbOrTx,
  userIds: string | readonly string[],
  since: Date,
): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(ofAccounts(userIds), or(inArray(jobs.status, ['queued', 'processing']), gt(jobs.finishedAt, since))))
    .orderBy(desc(jobs.createdAt))
    .limit(200);
}

/** The job of one of the accounts, or null (also for another user's id). */
export async function findUserJob(db: DbOrTx, userIds: string | readonly string[], id: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), ofAccounts(userIds)))
    .limit(1);
  return row ?? null;
}

export async function findJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}

export async function outputsOf(db: DbOrTx, jobIds: string[]): Promise<JobOutputRow[]> {
  if (!jobIds.length) return [];
  return db.select().from(jobOutputs).where(inArray(jobOutputs.jobId, jobIds));
}

export async function deleteJob(db: DbOrTx, id: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, id));
}

/**
 * Claims a job for one try: a queued job, or a processing job whose worker stopped beating for `staleSeconds`
 * (killed). Increments attempts.
 * @returns the claimed row, or null when another worker holds it or it is finished/gone.
 */
export async function claimJob(db: DbOrTx, id: string, staleSeconds: number): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'processing',
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      updatedAt: sql`clock_timestamp()`,
      stage: 'starting',
      error: null,
    })
    .where(
      and(
        eq(jobs.id, id),
        or(
          eq(jobs.status, 'queued'),
          and(eq(jobs.status, 'processing'), lt(jobs.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The condition of a worker's write: the job is processing and, with `attempt` (the `attempts` value its claim
 * returned), still held by that claim, so a worker whose job was taken over (stale heartbeat) writes nothing.
 */
function heldBy(id: string, attempt?: number) {
  return attempt === undefined
    ? and(eq(jobs.id, id), eq(jobs.status, 'processing'))
    : and(eq(jobs.id, id), eq(jobs.status, 'processing'), eq(jobs.attempts, attempt));
}

/**
 * Records progress (and beats the heartbeat) while the job is still processing.
 * @param attempt the claim's `attempts` value (see heldBy); omitted, any processing row is updated.
 * @returns false when the job is no longer processing (deleted or canceled) or was taken over by another
 *   worker: the worker must stop.
 */
export async function updateProgress(
  db: DbOrTx,
  id: string,
  p: { progress?: number; stage?: JobStage },
  attempt?: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ ...p, updatedAt: sql`clock_timestamp()` })
    .where(heldBy(id, attempt))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Sets a processing job's final or retry state. Returns false when the job was not processing any more. */
export async function finishJob(
  db: DbOrTx,
  id: string,
  set: Partial<
    Pick<
      JobRow,
      | 'status'
      | 'progress'
      | 'stage'
      | 'error'
      | 'errorCode'
      | 'errorDetail'
      | 'creditsUsed'
      | 'notes'
      | 'voices'
      | 'finishedAt'
      | 'sourceLanguage'
      | 'dubSegments'
    >
  >,
  attempt?: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ ...set, updatedAt: sql`clock_timestamp()` })
    .where(heldBy(id, attempt))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * A stopping worker gives its job back: queued again, and the try it had started does not count.
 * @param attempt the claim's `attempts` value (see heldBy).
 * @returns false when the job was no longer this claim's (finished, deleted or taken over).
 */
export async function handBack(db: DbOrTx, id: string, attempt: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      stage: null,
      progress: 0,
      attempts: sql`${jobs.attempts} - 1`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(heldBy(id, attempt))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Fails a job in any unfinished state: `code` and `message` for the user, `detail` (technical) for support.
 * @returns false when the job had finished already.
 */
export async function failUnfinished(
  db: DbOrTx,
  id: string,
  failure: { code: ErrorCode; message: string; detail: string | null },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'failed',
      error: failure.message,
      errorCode: failure.code,
      errorDetail: failure.detail,
      stage: 'failed',
      creditsUsed: 0,
      finishedAt: sql`now()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'processing'])))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

export async function upsertOutput(db: DbOrTx, row: typeof jobOutputs.$inferInsert): Promise<void> {
  await db
    .insert(jobOutputs)
    .values(row)
    .onConflictDoUpdate({
      target: [jobOutputs.jobId, jobOutputs.language, jobOutputs.kind],
      set: {
        storageKey: row.storageKey,
        filename: row.filename,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
        revision: row.revision ?? null,
        inputsHash: row.inputsHash ?? null,
        stale: row.stale ?? false,
      },
    });
}

/**
 * Jobs the recovery sweep must enqueue again: queued for more than `queuedSeconds` (a crash between commit and
 * send) or processing without a heartbeat for `staleSeconds` (a killed worker).
 */
export async function findRecoverable(
  db: DbOrTx,
  queuedSeconds: number,
  staleSeconds: number,
  limit = 200,
): Promise<Pick<JobRow, 'id' | 'userId' | 'jobType' | 'status'>[]> {
  return db
    .select({ id: jobs.id, userId: jobs.userId, jobType: jobs.jobType, status: jobs.status })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'queued'), lt(jobs.updatedAt, sql`now() - make_interval(secs => ${queuedSeconds})`)),
        and(eq(jobs.status, 'processing'), lt(jobs.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`)),
      ),
    )
    .limit(limit);
}

/** The `attempts` value of each of these jobs that is processing (job id -> attempts). */
export async function processingTries(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: jobs.id, attempts: jobs.attempts })
    .from(jobs)
    .where(and(inArray(jobs.id, ids), eq(jobs.status, 'processing')));
  return new Map(rows.map((r) => [r.id, r.attempts]));
}
