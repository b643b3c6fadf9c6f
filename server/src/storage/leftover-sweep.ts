/**
 * Start-up sweep of leftovers (issue 14, finding 7): a process killed mid-job (kill -9, out of memory) leaves
 * its work folder DATA_DIR/work/<jobId>-<hex> and the pipeline's and Apertium's temp folders
 * (os.tmpdir()/tarjama-media-*, tarjama-apertium-*) behind forever. At start-up this removes:
 * - DATA_DIR/work/<jobId>-* (a try's or a re-dub's) of every job that is not running (running: status 'processing'
 *   with progress written within JOB_STALE_SECONDS, by another live worker process);
 * - this deployment's temp folders (temp-folders.ts: `tarjama-media-<deployment>-*`, `tarjama-apertium-<deployment>-*`;
 *   another process's or deployment's folders in the shared temp folder are never touched, issue 24 item 14) last
 *   changed before the oldest running job started (a folder of a running job was created after that job started,
 *   so it is kept), or all of them when no job is running;
 * - other DATA_DIR/work entries (interrupted PUT bodies, voice samples) untouched for an hour.
 * The API process sweeps at start-up; every process that works jobs (the API with RUN_WORKER, `npm run worker` on a
 * worker host, whose TMPDIR nothing else cleans: issue 26 item 6) also sweeps every TEMP_SWEEP_INTERVAL_SECONDS
 * (startLeftoverSweeps). A temp folder changed within the last TEMP_MIN_AGE_MS is always kept: a job that started
 * after the sweep read the running jobs may have just made it.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobs } from '../db/schema/index.ts';
import { deploymentIdOf, TEMP_KINDS, tempNamePrefix } from './temp-folders.ts';

/**
 * A job's work folder: `<jobId>-<try>-<hex>` (job-runner.ts), `<jobId>-redub-<hex>` (redub.runner.ts) or
 * `<jobId>-<hex>`. Before issue 24 only the last form was recognised: the others waited an hour as "other" entries,
 * even when their job had ended, and a running job's untouched for an hour could go.
 */
const JOB_WORK_DIR = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(?:(?:\d+|redub)-)?[0-9a-f]+$/i;
const OTHER_WORK_MAX_AGE_MS = 60 * 60 * 1000;
/** A temp folder of this deployment younger than this (milliseconds since its last change) is never removed. */
export const TEMP_MIN_AGE_MS = 5 * 60 * 1000;

/** What one sweep removed: absolute paths. */
export interface SweepResult {
  removed: string[];
}

/**
 * Removes the leftovers described above. `tmpDir` defaults to os.tmpdir() (tests pass their own). Never throws:
 * a folder that cannot be read or removed is logged and skipped.
 */
export async function sweepLeftovers(
  ctx: Pick<AppContext, 'db' | 'config' | 'logger'>,
  tmpDir = os.tmpdir(),
): Promise<SweepResult> {
  const removed: string[] = [];
  const staleSince = new Date(Date.now() - ctx.config.app.jobs.staleSeconds * 1000);
  const running = await ctx.db
    .select({ id: jobs.id, startedAt: jobs.startedAt, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.status, 'processing'), gt(jobs.updatedAt, staleSince)));
  const runningIds = new Set(running.map((r) => r.id.toLowerCase()));
  const oldestStart = Math.min(...running.map((r) => (r.startedAt ?? r.updatedAt).getTime()), Infinity);

  const remove = async (file: string) => {
    try {
      await fsp.rm(file, { recursive: true, force: true });
      removed.push(file);
    } catch (err) {
      ctx.logger.warn({ err, file }, 'could not remove a leftover');
    }
  };
  const entries = async (dir: string) => fsp.readdir(dir).catch(() => [] as string[]);
  const mtimeOf = async (file: string) => (await fsp.stat(file).catch(() => null))?.mtimeMs ?? Infinity;

  const workDir = path.join(ctx.config.app.dataDir, 'work');
  for (const name of await entries(workDir)) {
    const file = path.join(workDir, name);
    const job = JOB_WORK_DIR.exec(name)?.[1]?.toLowerCase();
    if (job) {
      if (!runningIds.has(job)) await remove(file);
    } else if (Date.now() - (await mtimeOf(file)) > OTHER_WORK_MAX_AGE_MS) await remove(file);
  }
  const deployment = deploymentIdOf(ctx.config.app.dataDir);
  const ours = TEMP_KINDS.map((kind) => tempNamePrefix(kind, deployment));
  for (const name of await entries(tmpDir)) {
    if (!ours.some((p) => name.startsWith(p))) continue;
    const file = path.join(tmpDir, name);
    const changed = await mtimeOf(file);
    if (changed < oldestStart && Date.now() - changed > TEMP_MIN_AGE_MS) await remove(file);
  }
  if (removed.length) ctx.logger.info({ count: removed.length }, 'removed leftovers of interrupted jobs');
  return { removed };
}

/**
 * Sweeps now, then every `intervalSeconds` (TEMP_SWEEP_INTERVAL_SECONDS; 0: only now) until the context closes
 * (the timer is registered in ctx.onClose and does not keep the process alive). Never throws: a failed sweep is
 * logged and the next one runs on time.
 * @returns the first sweep's result.
 */
export async function startLeftoverSweeps(
  ctx: Pick<AppContext, 'db' | 'config' | 'logger' | 'onClose'>,
  intervalSeconds = ctx.config.app.tempSweepIntervalSeconds,
  tmpDir = os.tmpdir(),
): Promise<SweepResult> {
  const sweep = () =>
    sweepLeftovers(ctx, tmpDir).catch((err: unknown) => {
      ctx.logger.warn({ err }, 'leftover sweep failed');
      return { removed: [] };
    });
  const first = await sweep();
  if (intervalSeconds > 0) {
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      running ??= sweep().finally(() => (running = undefined));
    }, intervalSeconds * 1000);
    timer.unref();
    ctx.onClose.push(async () => {
      clearInterval(timer);
      await running;
    });
  }
  return first;
}
