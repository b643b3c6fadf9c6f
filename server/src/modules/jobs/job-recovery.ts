/**
 * The recovery sweep of the worker process, at start-up and every JOB_RECOVERY_INTERVAL_SECONDS:
 * - a job still 'queued' with no pending queue message (the process died between the commit and the send) is sent;
 * - a job 'processing' whose worker stopped writing for JOB_STALE_SECONDS (killed: kill -9, out of memory, lost
 *   machine) is sent again; the next try claims it (job.repository claimJob) and counts the try.
 * pg-boss's own expiry retries a killed job as well, but only after the job's expireInSeconds (hours for media).
 */
import type { AppContext } from '../../context.ts';
import type { JobName } from '../../queue/job-definitions.ts';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { findRecoverable, processingTries } from './job.repository.ts';
import { queuePriorityOf } from './job-priority.ts';
import { staleTakeovers } from '../metrics/metrics.registry.ts';

export function queueNameOf(jobType: string): JobName {
  return jobType === 'document_translation' ? 'document.translate' : 'media.translate';
}

/**
 * True when pg-boss holds a message for this job that a worker will still take (created or retry; for a queued
 * job also an active one). Reads pg-boss's own table (schema `pgboss`, v10 layout) because the queue adapter
 * does not expose a lookup by singleton key.
 */
async function hasPendingMessage(
  ctx: AppContext,
  name: JobName,
  jobId: string,
  includeActive: boolean,
): Promise<boolean> {
  const states = includeActive ? "('created','retry','active')" : "('created','retry')";
  const { rows } = await ctx.database.executeSql(
    `SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ${states} LIMIT 1`,
    [name, jobId],
  );
  return rows.length > 0;
}

/** Cancels the active pg-boss messages of a job whose worker stopped beating (read as hasPendingMessage does). */
async function cancelActiveMessages(ctx: AppContext, name: JobName, jobId: string): Promise<void> {
  const { rows } = await ctx.database.executeSql(
    `SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'active'`,
    [name, jobId],
  );
  for (const r of rows as Array<{ id: string }>) await ctx.queue.cancel(name, r.id).catch(() => undefined);
}

/**
 * Removes the work folders (DATA_DIR/work/JOBID-TRY-RANDOM, job-runner.ts) of tries that are no longer running:
 * the job is gone, finished, or held by a later try. A killed worker leaves its folder behind; every worker
 * sharing the DATA_DIR sweeps it. @returns the folders removed.
 */
export async function sweepWorkFolders(ctx: AppContext): Promise<string[]> {
  const root = path.join(ctx.config.app.dataDir, 'work');
  const names = await fsp.readdir(root).catch(() => [] as string[]);
  const tries = names
    .map((n) => ({ n, m: /^([0-9a-f-]{36})-(\d+)-[0-9a-f]+$/.exec(n) }))
    .filter((x): x is { n: string; m: RegExpExecArray } => x.m !== null);
  if (!tries.length) return [];
  const live = await processingTries(ctx.db, [...new Set(tries.map((x) => x.m[1]))]);
  const removed: string[] = [];
  for (const { n, m } of tries) {
    if (live.get(m[1]) === Number(m[2])) continue;
    await fsp.rm(path.join(root, n), { recursive: true, force: true }).catch(() => undefined);
    removed.push(n);
  }
  return removed;
}

/** One sweep; returns the ids sent again. */
export async function recoverJobs(ctx: AppContext): Promise<string[]> {
  const { staleSeconds, recoveryIntervalSeconds } = ctx.config.app.jobs;
  const rows = await findRecoverable(ctx.db, Math.max(5, recoveryIntervalSeconds), staleSeconds);
  const sent: string[] = [];
  for (const row of rows) {
    const name = queueNameOf(row.jobType);
    if (await hasPendingMessage(ctx, name, row.id, row.status === 'queued')) continue;
    // The message a killed worker held stays 'active' until pg-boss expires it (hours): cancel it now.
    if (row.status === 'processing') {
      await cancelActiveMessages(ctx, name, row.id);
      staleTakeovers.inc();
    }
    const priority = await queuePriorityOf(ctx.db, row.userId, row.id);
    await ctx.queue.send(name, { version: 1, jobId: row.id }, { singletonKey: row.id, priority });
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
      const removed = await sweepWorkFolders(ctx);
      if (removed.length) ctx.logger.info({ folders: removed }, 'work folders of ended tries removed');
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
