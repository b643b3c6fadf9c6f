/** The render graph's writes to job_outputs: which revision a row renders, its inputs fingerprint, stale. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { jobOutputs, jobs } from '../../db/schema/index.ts';

/**
 * Records output `id` as the current render of `revision` (a new file when `storageKey` is given), only while
 * `revision` is still its job's latest tracks revision: a render that a newer save overtook writes nothing.
 * @returns false when nothing was written (the job moved on or is gone).
 */
export async function setRendered(
  db: DbOrTx,
  id: string,
  revision: number,
  set: { inputsHash: string; storageKey?: string; sizeBytes?: number },
): Promise<boolean> {
  const rows = await db
    .update(jobOutputs)
    .set({ ...set, revision, stale: false })
    .where(
      and(
        eq(jobOutputs.id, id),
        sql`(SELECT ${jobs.tracksRevision} FROM ${jobs} WHERE ${jobs.id} = ${jobOutputs.jobId}) = ${revision}`,
      ),
    )
    .returning({ id: jobOutputs.id });
  return rows.length === 1;
}

/**
 * Marks output `id` stale; `inputsHash` is the fingerprint of what it renders (kept, or recorded for a row stored
 * before the graph), so a later save that restores those inputs makes it current again.
 */
export async function markStale(db: DbOrTx, id: string, inputsHash: string): Promise<void> {
  await db.update(jobOutputs).set({ stale: true, inputsHash }).where(eq(jobOutputs.id, id));
}
