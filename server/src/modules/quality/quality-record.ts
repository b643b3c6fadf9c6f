/**
 * The quality check as a render of the graph (issue 37 item 1): the report of a tracks revision, and the count of
 * cues it asks a human to look at, recorded on the job (jobs.quality_to_review) when the first run completes, after
 * every save and after a re-dub, so the job list says "N to review" without reading any tracks.
 */
import { eq } from 'drizzle-orm';
import type { QualityReport } from '../../../../contract/quality.ts';
import type { DubbedSync } from '../../../../contract/sync.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/database.ts';
import { jobs, type StoredTracks } from '../../db/schema/index.ts';
import { jobArtifactPrefix, storageArtifacts } from '../../media/artifacts.ts';
import { syncArtifact, type SavedSync } from '../../media/sync-report.ts';
import type { JobRow } from '../jobs/job.repository.ts';
import { qualityOf } from './quality-check.ts';

/** What the quality record uses of the app context. */
export type QualityCtx = Pick<AppContext, 'db' | 'storage' | 'logger'>;

/** The report of `tracks`, the job's latest revision, with its glossary and the last dub's sync reports. */
export async function reportOf(
  ctx: Pick<QualityCtx, 'storage'>,
  job: JobRow,
  tracks: StoredTracks,
  revision = job.tracksRevision ?? 1,
): Promise<QualityReport> {
  const sync: Record<string, DubbedSync | null> = {};
  if (job.servicesRequested.includes('voice_over')) {
    const artifacts = storageArtifacts(ctx.storage, jobArtifactPrefix(job.userId, job.id));
    for (const lang of Object.keys(tracks.targets))
      sync[lang] = await artifacts.readJson<SavedSync>(syncArtifact(lang));
  }
  return qualityOf(tracks, { glossary: job.glossary, sync }, revision);
}

/** Sets the job's count of cues to review. */
async function setToReview(db: DbOrTx, jobId: string, count: number): Promise<void> {
  await db.update(jobs).set({ qualityToReview: count }).where(eq(jobs.id, jobId));
}

/**
 * Checks `tracks` (revision `revision` of `job`) and records its count of cues to review. Never throws: a check that
 * fails is logged and leaves the previous count (the report itself is computed again on every read).
 */
export async function recordQuality(
  ctx: QualityCtx,
  job: JobRow,
  tracks: StoredTracks,
  revision: number,
): Promise<void> {
  try {
    const report = await reportOf(ctx, job, tracks, revision);
    await setToReview(ctx.db, job.id, report.summary.to_review);
  } catch (err) {
    ctx.logger.warn({ err, jobId: job.id }, 'quality check not recorded');
  }
}
