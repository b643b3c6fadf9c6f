/**
 * The recovery sweep of the worker process, at start-up and every JOB_RECOVERY_INTERVAL_SECONDS:
 * - a job still 'queued' with no pending queue message (the process died between the commit and the send) is sent;
 * - a job 'processing' whose worker stopped writing for JOB_STALE_SECONDS (killed: kill -9, out of memory, lost
 *   machine) is sent again; the next try claims it (job.repository claimJob) and counts the try.
 * pg-boss's own expiry retries a killed job as well, but only after the job's expireInSeconds (hours for media).
 */
import type { AppContext } from '../../context.ts';
import type { JobName } from '../../queue/job-definitions.ts';
import { findRecoverable } from './job.repository.ts';

export function queueNameOf(jobType: string): JobName {
  return jobType === 'document_translation' ? 'document.translate' : 'media.translate';
}

/**
 * True when pg-boss holds a message for this job that a worker will still take (created or retry; for a queued
 * job also an active one). Reads pg-boss's own table (schema `pgboss`, v10 layout) because the queue adapter
 * does not expose a lookup by singleton key.
 */
async function hasPendingMessage(ctx: AppContext, name: JobName, jobId: string, includeActive: boolean): Promise<boolean> {
  const states = includeActive ? "('created','retry','active')" : "('created','retry')";
  const { rows } = await ctx.database.executeSql(`SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ${states} LIMIT 1`, [name, jobId]);
  return rows.length > 0;
}

/** One sweep; returns the ids sent again. */
export async function recoverJobs(ctx: AppContext): Promise<string[]> {
  const { staleSeconds, recoveryIntervalSeconds } = ctx.config.app.jobs;
  const rows = await findRecoverable(ctx.db, Math.max(5, recoveryIntervalSeconds), staleSeconds);
  const sent: string[] = [];
  for (const row of rows) {
    const name = queueNameOf(row.jobType);
    if (await hasPendingMessage(ctx, name, row.id, row.status === 'queued')) continue;
    await ctx.queue.send(name, { version: 1, jobId: row.id }, { singletonKey: row.id });
    sent.push(row.id);
  }
  if (sent.length) ctx.logger.info({ jobs: sent }, 'recovery sweep sent jobs again');
  return sent;
}

/** Starts the sweep (first run after the queue has started); stopped by ctx.close(). */
export function startRecoverySweep(ctx: AppContext): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await recoverJobs(ctx);
    } catch (err) {
      ctx.logger.warn({ err }, 'recovery sweep failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 1000);
  const timer = setInterval(() => void tick(), ctx.config.app.jobs.recoveryIntervalSeconds * 1000);
  timer.unref();
  first.unref();
  ctx.onClose.push(async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
