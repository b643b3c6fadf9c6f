/**
 * Runs one try of a job in a worker: claims the row, fetches the input (stored upload or YouTube), runs the media
 * pipeline or the document translator in a temp dir under DATA_DIR/work, stores the outputs, then settles the
 * credits: a completed job's reservation becomes a charge; a failed job's is released. Idempotent: a try that
 * finds the job finished, deleted or held by a live worker does nothing, and the ledger charges at most once.
 * Retries (at most 3 tries): an unexpected error puts the job back to 'queued' and rethrows so pg-boss retries it;
 * a worker killed mid-job stops beating, and the recovery sweep sends the job again (job-recovery.ts). What a try
 * makes is job-outputs.ts; how a failure is classed, job-failure.ts.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { JobStage } from '../../../../contract/jobs.ts';
import { ERRORS } from '../../errors.ts';
import { chargeReservation, releaseReservation } from '../credits/ledger.repository.ts';
import { MediaError } from '../../media/media-error.ts';
import { StorageError } from '../../storage/file-storage.ts';
import { MAX_MEDIA_BYTES } from '../uploads/uploads.schemas.ts';
import { findUpload } from '../uploads/upload.repository.ts';
import { downloadYoutube } from './youtube.adapter.ts';
import { ShutdownError } from './run-registry.ts';
import { isStopping } from '../metrics/readiness.ts';
import { endedByStopSignal } from '../../engines/run-process.ts';
import { runRedub } from '../tracks/redub.runner.ts';
import { inputsHashOf, renderOptionsOf } from '../renders/render-graph.ts';
import { renderPictures } from '../renders/picture-render.ts';
import { planOf } from './job-plan.ts';
import { recordQuality } from '../quality/quality-record.ts';
import { insertFirstRevision } from '../tracks/tracks.repository.ts';
import { queueNameOf } from './job-recovery.ts';
import { queuePriorityOf } from './job-priority.ts';
import { jobEngineCost, jobsFinished, realTimeFactor, stageTimer } from '../metrics/metrics.registry.ts';
import { withJobSpend, type JobSpend } from '../../engines/job-spend.ts';
import * as repo from './job.repository.ts';
import { notifyJobFinished } from '../../mail/job-finished-mail.ts';
import { emitJobEvent } from '../webhooks/webhook-delivery.ts';
import { deliveredCredits } from './pricing.ts';
import { failureOf, isPermanent, type Failure } from './job-failure.ts';
import { produceOutputs } from './job-outputs.ts';

/** Tries per job in all (pg-boss retryLimit 2 + the first try). */
export const MAX_TRIES = 3;
/** How long a try whose engine ended on a stop signal waits for this process's own stop, milliseconds. */
const STOP_SIGNAL_WAIT_MS = 2000;
/** Least time between two progress writes, milliseconds. */
const PROGRESS_WRITE_MS = 1000;

export function createJobRunner(ctx: AppContext) {
  const cfg = ctx.config.app;
  const heartbeatMs = Math.max(1000, (cfg.jobs.staleSeconds * 1000) / 4);

  async function fail(job: repo.JobRow, failure: Failure): Promise<void> {
    jobsFinished.inc({ outcome: 'failed' });
    await releaseReservation(ctx.db, job.userId, job.id, 'job failed', (tx) =>
      repo.failUnfinished(tx, job.id, failure),
    );
    await emitJobEvent(ctx, 'job.failed', job.id);
  }

  /**
   * True when a try's failure comes from this process's stop: it is stopping already, or an engine ended on a stop
   * signal and the process's own SIGTERM handler follows within STOP_SIGNAL_WAIT_MS (the signals reach the
   * processes of a unit in no set order).
   */
  async function failedByShutdown(err: unknown): Promise<boolean> {
    if (isStopping()) return true;
    if (!endedByStopSignal(err)) return false;
    const end = Date.now() + STOP_SIGNAL_WAIT_MS;
    while (!isStopping() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    return isStopping();
  }

  /** Runs `fn` with a local path of the job's input. @throws YoutubeError, MediaError */
  async function withInput<T>(
    job: repo.JobRow,
    workDir: string,
    signal: AbortSignal,
    fn: (input: string) => Promise<T>,
  ): Promise<T> {
    if (!job.uploadId) {
      const file = await downloadYoutube(
        job.sourceFileUrl,
        path.join(workDir, 'download'),
        { maxBytes: MAX_MEDIA_BYTES, maxSeconds: cfg.jobs.youtubeMaxSeconds },
        signal,
      );
      return fn(file);
    }
    const upload = await findUpload(ctx.db, job.uploadId);
    if (!upload || upload.status !== 'complete' || job.sourceExpired) throw new MediaError('SOURCE_DELETED');
    try {
      return await ctx.storage.withLocalFile(upload.storageKey, workDir, fn);
    } catch (err) {
      // The object went from the bucket after submission (removed by hand or a lifecycle rule): no retry brings it.
      if (err instanceof StorageError && err.code === 'NOT_FOUND' && !(await ctx.storage.stat(upload.storageKey)))
        throw new MediaError('INPUT_MISSING', undefined, err.message);
      throw err;
    }
  }

  /**
   * One try of the job `jobId`.
   * @throws the error of a retryable failure (pg-boss retries); every other outcome returns.
   */
  async function run(jobId: string): Promise<void> {
    const job = await repo.claimJob(ctx.db, jobId, cfg.jobs.staleSeconds);
    if (!job) return;
    ctx.logger.info({ jobId, attempt: job.attempts, jobType: job.jobType }, 'job claimed');
    // The owner's list shows the job processing at once (not after the cache's next check).
    ctx.jobLists.invalidate(job.userId);
    try {
      // The try's engine calls add up their estimated cost (engines/job-spend.ts).
      await withJobSpend((spend) => runClaimed(job, spend));
    } finally {
      ctx.jobLists.invalidate(job.userId);
    }
  }

  /** The try itself, on a job this worker claimed; `spend` gathers its engine calls' estimated cost. */
  async function runClaimed(job: repo.JobRow, spend: JobSpend): Promise<void> {
    const jobId = job.id;
    // A re-dub of a completed job (the editor): its own try, settled apart from the job's first charge.
    if (job.redub) return runRedub(ctx, job, withInput);
    if (job.attempts > MAX_TRIES) {
      await fail(job, { code: 'TOO_MANY_TRIES', message: ERRORS.TOO_MANY_TRIES.message, detail: null });
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const unregister = ctx.runs.register(jobId, controller);
    // JOBID-TRY-RANDOM: the recovery sweep removes the folders of tries that ended without cleaning up (killed).
    const workDir = path.join(cfg.dataDir, 'work', `${jobId}-${job.attempts}-${crypto.randomBytes(4).toString('hex')}`);
    // Every write of this try is fenced by its claim (attempts), so a try whose job was taken over stops.
    const attempt = job.attempts;
    const stopIfGone = (alive: boolean) => {
      if (!alive && !signal.aborted) controller.abort(new Error('The job was deleted or taken over.'));
    };
    const beat = setInterval(
      () => void repo.updateProgress(ctx.db, jobId, {}, attempt).then(stopIfGone, () => undefined),
      heartbeatMs,
    );
    // Stage timing for GET /metrics (metrics.registry stageTimer), fed by the stage reports below.
    // One info line per stage start and end, so a job can be followed in the logs (issue 39 item 9).
    const stages = stageTimer(job.jobType, (e) =>
      ctx.logger.info(
        {
          jobId,
          attempt,
          stage: e.stage,
          ...(e.event === 'ended' ? { seconds: Math.round(e.seconds * 1000) / 1000 } : {}),
        },
        `stage ${e.event}`,
      ),
    );
    const startedAt = performance.now();
    let lastWrite = 0;
    let lastStage: JobStage | '' = '';
    const report = (stage: JobStage, progress: number) => {
      stages.enter(stage);
      const now = Date.now();
      if (stage === lastStage && now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      lastStage = stage;
      // 100 is written only with the completed status. The owner's cached list is dropped once the write has
      // landed: dropped before, a list read in between would be rebuilt from the old row and kept. Writes go one
      // after another: two in flight on a PostgreSQL pool's two connections could land out of order, and the
      // progress a user sees would go back (56 % after 58 % in a run).
      const fields = { stage, progress: Math.max(0, Math.min(99, Math.round(progress))) };
      progressWrites = progressWrites.then(() =>
        repo.updateProgress(ctx.db, jobId, fields, attempt).then(
          (alive) => {
            ctx.jobLists.invalidate(job.userId);
            stopIfGone(alive);
          },
          () => undefined,
        ),
      );
    };
    let progressWrites: Promise<void> = Promise.resolve();
    const stored: string[] = [];
    // How the try ended, for the per-job engine cost (tarjama_job_engine_cost_usd).
    let outcome: 'completed' | 'failed' | 'retried' | 'handed_back' | 'deleted' | 'not_completed' = 'not_completed';
    let costObserved = false;
    const observeCost = () => {
      if (costObserved) return;
      costObserved = true;
      jobEngineCost.observe({ job_type: job.jobType, outcome }, spend.costUsd);
    };
    try {
      await fsp.mkdir(workDir, { recursive: true });
      report('fetching', 0);
      // The same engine choice as at submission, over the job's stored request, before the input is fetched.
      const plan = planOf(ctx.engines, job);
      const outDir = path.join(workDir, 'out');
      await fsp.mkdir(outDir, { recursive: true });
      const result = await withInput(job, workDir, signal, (input) =>
        produceOutputs(ctx, job, plan, input, outDir, signal, report),
      );
      if (signal.aborted) throw signal.reason;
      report('storing', 99);
      for (const out of result.outputs) {
        const key = `outputs/${job.userId}/${job.id}/${out.kind}-${out.language}-${path.basename(out.path)}`;
        const s = await ctx.storage.putFile(key, out.path, { contentType: out.contentType, move: true });
        stored.push(key);
        await repo.upsertOutput(ctx.db, {
          jobId: job.id,
          language: out.language,
          kind: out.kind,
          storageKey: key,
          filename: out.filename,
          contentType: out.contentType,
          sizeBytes: s.sizeBytes,
          // Each media output is the render of revision 1, the tracks saved with the completion below.
          ...(result.tracks && out.kind !== 'document'
            ? {
                revision: 1,
                inputsHash: inputsHashOf(out.kind, out.language, result.tracks, renderOptionsOf(job)),
                stale: false,
              }
            : {}),
        });
      }
      let completed = false;
      const credits = deliveredCredits(job, result.sourceLanguage);
      await chargeReservation(
        ctx.db,
        job.userId,
        job.id,
        async (tx) => {
          completed = await repo.finishJob(
            tx,
            job.id,
            {
              status: 'completed',
              progress: 100,
              stage: 'done',
              // A try that failed before (retried) left its failure behind: a completed job shows none.
              error: null,
              errorCode: null,
              errorDetail: null,
              creditsUsed: credits,
              notes: result.notes,
              ...(job.servicesRequested.includes('voice_over') ? { voices: result.voices } : {}),
              ...(result.dubSegments ? { dubSegments: result.dubSegments } : {}),
              finishedAt: new Date(),
            },
            attempt,
          );
          if (completed && result.tracks) await insertFirstRevision(tx, job.id, result.tracks);
          return completed;
        },
        credits,
      );
      if (!completed) for (const key of stored) await ctx.storage.delete(key);
      if (completed) {
        jobsFinished.inc({ outcome: 'completed' });
        outcome = 'completed';
        // Counted now, before the e-mail and the webhook event: /metrics shows the job once it reads completed.
        observeCost();
        ctx.logger.info(
          {
            jobId,
            attempt,
            credits,
            seconds: Math.round(performance.now() - startedAt) / 1000,
            engine_cost_usd: Math.round(spend.costUsd * 1e6) / 1e6,
          },
          'job completed',
        );
        if (job.mediaSeconds)
          realTimeFactor.observe(
            { services: [...job.servicesRequested].sort().join('+') },
            (performance.now() - startedAt) / 1000 / job.mediaSeconds,
          );
        // The quality check of revision 1, before the e-mail and the event (whose job carries its count).
        if (result.tracks) await recordQuality(ctx, job, result.tracks, 1);
        await notifyJobFinished(ctx, job);
        await emitJobEvent(ctx, 'job.completed', job.id);
      }
    } catch (err) {
      if ((signal.aborted && signal.reason instanceof ShutdownError) || (await failedByShutdown(err))) {
        // The worker is stopping: the job goes back to the queue, and this try does not count. A try that failed
        // during the stop (its engines got the same SIGTERM, as under systemd's KillMode=control-group) is the
        // stop's doing, not the job's: handed back too.
        if (!(err instanceof ShutdownError))
          ctx.logger.info({ jobId, attempt, reason: String(err) }, 'job try ended by the shutdown');
        for (const key of stored) await ctx.storage.delete(key).catch(() => undefined);
        if (await repo.handBack(ctx.db, jobId, attempt)) {
          jobsFinished.inc({ outcome: 'handed_back' });
          outcome = 'handed_back';
          const priority = await queuePriorityOf(ctx.db, job.userId, jobId);
          await ctx.queue
            .send(queueNameOf(job.jobType), { version: 1, jobId }, { singletonKey: jobId, priority })
            .catch((e) => ctx.logger.error({ err: e, jobId }, 'hand-back send failed; the recovery sweep will'));
          ctx.logger.info({ jobId }, 'job handed back to the queue (worker stopping)');
        }
        return;
      }
      if (signal.aborted) {
        // Deleted while running: DELETE already gave the credits back.
        outcome = 'deleted';
        for (const key of stored) await ctx.storage.delete(key).catch(() => undefined);
        return;
      }
      ctx.logger.warn({ err, jobId, attempt: job.attempts }, 'job try failed');
      const failure = failureOf(err);
      if (isPermanent(err) || job.attempts >= MAX_TRIES) {
        outcome = 'failed';
        await fail(job, failure);
        return;
      }
      outcome = 'retried';
      await repo.finishJob(
        ctx.db,
        job.id,
        {
          status: 'queued',
          stage: 'retrying',
          error: failure.message,
          errorCode: failure.code,
          errorDetail: failure.detail,
        },
        attempt,
      );
      throw err;
    } finally {
      observeCost();
      stages.end();
      clearInterval(beat);
      unregister();
      await fsp.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /**
   * One render run of job `jobId` (queue job media.render): its stale burnt-in videos rendered from the latest
   * revision (renders/picture-render.ts). A stopping worker aborts it; the queue runs it again.
   * @throws the render's error, for the queue to retry.
   */
  async function render(jobId: string): Promise<void> {
    const controller = new AbortController();
    const unregister = ctx.runs.register(`render:${jobId}`, controller);
    try {
      await renderPictures(ctx, jobId, withInput, controller.signal);
    } finally {
      unregister();
    }
  }

  return { run, render };
}
