/** Database figures of GET /metrics: jobs and credits by status, uploaded bytes by upload status. */
import { sql } from 'drizzle-orm';
import { jobs, uploads } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

/** Per job status: number of jobs, credits reserved and credits used (charged). */
export async function jobFigures(
  db: DbOrTx,
): Promise<Array<{ status: string; count: number; reserved: number; used: number }>> {
  const rows = await db
    .select({
      status: jobs.status,
      count: sql<number>`count(*)::int`,
      reserved: sql<number>`coalesce(sum(${jobs.creditsReserved}), 0)::bigint`,
      used: sql<number>`coalesce(sum(${jobs.creditsUsed}), 0)::bigint`,
    })
    .from(jobs)
    .groupBy(jobs.status);
  return rows.map((r) => ({
    status: r.status,
    count: Number(r.count),
    reserved: Number(r.reserved),
    used: Number(r.used),
  }));
}

/** Per upload status: number of uploads and their bytes. */
export async function uploadFigures(db: DbOrTx): Promise<Array<{ status: string; count: number; bytes: number }>> {
  const rows = await db
    .select({
      status: uploads.status,
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${uploads.sizeBytes}), 0)::bigint`,
    })
    .from(uploads)
    .groupBy(uploads.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.count), bytes: Number(r.bytes) }));
}
