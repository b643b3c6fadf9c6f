/**
 * Rows of job_track_revisions and the editor's columns of jobs (tracks_revision, dub_segments, redub). A new
 * revision is written only when jobs.tracks_revision still holds the revision the caller loaded (an optimistic
 * lock), in the same transaction as the revision row.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { jobTrackRevisions, jobs, type PendingRedub, type StoredTracks } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { DubSegmentsReport, RevisionOrigin } from '../../../../contract/tracks.ts';
import type { JobNote } from '../../../../contract/jobs.ts';

export type RevisionRow = typeof jobTrackRevisions.$inferSelect;

/** The revision `revision` of the job, or null. */
export async function findRevision(db: DbOrTx, jobId: string, revision: number): Promise<RevisionRow | null> {
  const [row] = await db
    .select()
    .from(jobTrackRevisions)
    .where(and(eq(jobTrackRevisions.jobId, jobId), eq(jobTrackRevisions.revision, revision)))
    .limit(1);
  return row ?? null;
}

/** Every revision of the job (without tracks), newest first. */
export async function listRevisions(
  db: DbOrTx,
  jobId: string,
): Promise<Pick<RevisionRow, 'revision' | 'origin' | 'createdAt'>[]> {
  return db
    .select({
      revision: jobTrackRevisions.revision,
      origin: jobTrackRevisions.origin,
      createdAt: jobTrackRevisions.createdAt,
    })
    .from(jobTrackRevisions)
    .where(eq(jobTrackRevisions.jobId, jobId))
    .orderBy(desc(jobTrackRevisions.revision));
}

/** Revision 1 of a job the pipeline just completed (no-op when it has one: a retried worker). */
export async function insertFirstRevision(db: DbOrTx, jobId: string, tracks: StoredTracks): Promise<void> {
  const updated = await db
    .update(jobs)
    .set({ tracksRevision: 1 })
    .where(and(eq(jobs.id, jobId), isNull(jobs.tracksRevision)))
    .returning({ id: jobs.id });
  if (!updated.length) return;
  await db.insert(jobTrackRevisions).values({ jobId, revision: 1, origin: 'pipeline', tracks });
}

/**
 * Saves revision `loaded + 1` when `loaded` is still the job's latest and the job is completed with no re-dub
 * under way.
 * @returns the new revision number, or null when the job's latest is not `loaded` (or it is busy).
 */
export async function insertRevision(
  db: Db,
  jobId: string,
  loaded: number,
  origin: RevisionOrigin,
  tracks: StoredTracks,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(jobs)
      .set({ tracksRevision: loaded + 1, updatedAt: sql`clock_timestamp()` })
      .where(and(eq(jobs.id, jobId), eq(jobs.tracksRevision, loaded), eq(jobs.status, 'completed')))
      .returning({ id: jobs.id });
    if (!updated.length) return null;
    await tx.insert(jobTrackRevisions).values({ jobId, revision: loaded + 1, origin, tracks });
    return loaded + 1;
  });
}

/**
 * Puts a completed job back in the queue for a re-dub (stage voice_over, progress 0, tries counted afresh), only
 * while its latest revision is still `redub.revision`, the one the price was computed on (issue 24, item 2: an
 * edit saved between the estimate and this write would otherwise be voiced for the old price).
 * @returns false when the job was not completed (busy or gone) or has a newer revision.
 */
export async function queueRedub(db: DbOrTx, jobId: string, redub: PendingRedub): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      stage: 'voice_over',
      progress: 0,
      attempts: 0,
      error: null,
      errorCode: null,
      errorDetail: null,
      redub,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'completed'), eq(jobs.tracksRevision, redub.revision)))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Ends a re-dub: the job is completed again (its outputs are the new or, after a failure, the previous ones).
 * `dubSegments` merges into the job's report; a failure keeps its message and code on the job.
 * @returns false when the job was no longer processing.
 */
export async function endRedub(
  db: DbOrTx,
  jobId: string,
  end: {
    dubSegments?: DubSegmentsReport;
    creditsUsed?: number;
    /** The job's notes replaced (a re-dub's VIDEO_SLOWED seconds); unchanged when absent. */
    notes?: JobNote[];
    failure?: { code: (typeof jobs.$inferSelect)['errorCode']; message: string; detail: string | null };
  },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'completed',
      stage: 'done',
      progress: 100,
      redub: null,
      ...(end.dubSegments
        ? { dubSegments: sql`coalesce(${jobs.dubSegments}, '{}'::jsonb) || ${JSON.stringify(end.dubSegments)}::jsonb` }
        : {}),
      ...(end.creditsUsed !== undefined ? { creditsUsed: end.creditsUsed } : {}),
      ...(end.notes ? { notes: end.notes } : {}),
      error: end.failure?.message ?? null,
      errorCode: end.failure?.code ?? null,
      errorDetail: end.failure?.detail ?? null,
      finishedAt: sql`now()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'processing')))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * A re-dub whose worker is stopping (SIGTERM, SIGINT) goes back to the queue as it was: still a re-dub (`redub`
 * kept, so its reservation stays held and is charged once when a later try completes), stage voice_over, and the
 * try not counted. Issue 24, item 4: the stop used to release the reservation and leave the job processing; the
 * recovered job then completed and its charge found nothing to charge.
 * @returns false when the job was no longer processing (deleted, or taken over).
 */
export async function handBackRedub(db: DbOrTx, jobId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      stage: 'voice_over',
      progress: 0,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'processing'), isNotNull(jobs.redub)))
    .returning({ id: jobs.id });
  return rows.length === 1;
}
