/**
 * Runs one try of a job in a worker: claims the row, fetches the input (stored upload or YouTube), runs the media
 * pipeline or the document translator in a temp dir under DATA_DIR/work, stores the outputs, then settles the
 * credits: a completed job's reservation becomes a charge; a failed job's is released. Idempotent: a try that
 * finds the job finished, deleted or held by a live worker does nothing, and the ledger charges at most once.
 * Retries (at most 3 tries): an unexpected error puts the job back to 'queued' and rethrows so pg-boss retries it;
 * a worker killed mid-job stops beating, and the recovery sweep sends the job again (job-recovery.ts).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { chargeReservation, releaseReservation } from '../credits/ledger.repository.ts';
import { MediaError } from '../../media/media-error.ts';
import { runMediaPipeline } from '../../media/pipeline.ts';
import { translateDocument, DocumentError } from '../../documents/document-translator.ts';
import { MAX_MEDIA_BYTES } from '../uploads/uploads.schemas.ts';
import { ContentRejectedError } from '../uploads/upload-content.ts';
import { findUpload } from '../uploads/upload.repository.ts';
import { documentEngineFor } from './document-engines.ts';
import { downloadYoutube, YoutubeError } from './youtube.adapter.ts';
import { registerRun } from './run-registry.ts';
import * as repo from './job.repository.ts';
import { invalidateList } from './job-list.cache.ts';

/** Tries per job in all (pg-boss retryLimit 2 + the first try). */
export const MAX_TRIES = 3;
/** Least time between two progress writes, milliseconds. */
const PROGRESS_WRITE_MS = 1000;

type OutputFile = { language: string; kind: string; path: string; filename: string; contentType: string };

/** An error the user must fix (file, language, link): retrying cannot help. */
function isPermanent(err: unknown): boolean {
  if (err instanceof YoutubeError || err instanceof ContentRejectedError) return true;
  if (err instanceof MediaError || err instanceof DocumentError) return err.code !== 'ENGINE_FAILED';
  return false;
}

function userMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message.slice(0, 1000);
  return 'An unexpected error occurred';
}

export function createJobRunner(ctx: AppContext) {
  const cfg = ctx.config.app;
  const heartbeatMs = Math.max(1000, (cfg.jobs.staleSeconds * 1000) / 4);

  async function fail(job: repo.JobRow, message: string): Promise<void> {
    if (await repo.failUnfinished(ctx.db, job.id, message)) await releaseReservation(ctx.db, job.userId, job.id, 'job failed');
  }

  /** Runs `fn` with a local path of the job's input. @throws YoutubeError, MediaError */
  async function withInput<T>(job: repo.JobRow, workDir: string, signal: AbortSignal, fn: (input: string) => Promise<T>): Promise<T> {
    if (!job.uploadId) {
      const file = await downloadYoutube(job.sourceFileUrl, path.join(workDir, 'download'), { maxBytes: MAX_MEDIA_BYTES, maxSeconds: cfg.jobs.youtubeMaxSeconds }, signal);
      return fn(file);
    }
    const upload = await findUpload(ctx.db, job.uploadId);
    if (!upload || upload.status !== 'complete' || job.sourceExpired) throw new MediaError('EMPTY_MEDIA', 'The source file of this job was deleted (uploads are kept 30 days). Upload it again.');
    return ctx.storage.withLocalFile(upload.storageKey, workDir, fn);
  }

  async function produce(job: repo.JobRow, input: string, outDir: string, signal: AbortSignal, report: (stage: string, progress: number) => void) {
    const baseName = path.parse(job.originalFilename.startsWith('http') ? 'youtube' : job.originalFilename).name || 'file';
    if (job.jobType === 'document_translation') {
      const result = await translateDocument({
        inputPath: input,
        filename: job.originalFilename,
        from: job.sourceLanguage,
        to: job.targetLanguages,
        outDir,
        engineFor: (from, to) => documentEngineFor(ctx.config.engines, from, to),
        signal,
        onProgress: (percent) => report('translating', percent),
      });
      return { outputs: result.outputs.map((o): OutputFile => ({ ...o, kind: 'document' })), notes: [] as string[], sourceLanguage: job.sourceLanguage };
    }
    const services = job.servicesRequested;
    const result = await runMediaPipeline(
      {
        inputPath: input,
        sourceLanguage: job.sourceLanguage,
        targetLanguages: job.targetLanguages,
        subtitles: services.includes('subtitle'),
        voiceOver: services.includes('voice_over'),
        voiceMode: (job.voiceOverMode as 'manual' | 'dubbing') ?? 'dubbing',
        baseName,
        outDir,
        signal,
        onProgress: (p) => report(p.stage, p.progress),
      },
      ctx.engines,
    );
    return { outputs: result.outputs as OutputFile[], notes: result.notes, sourceLanguage: result.sourceLanguage };
  }

  /**
   * One try of the job `jobId`.
   * @throws the error of a retryable failure (pg-boss retries); every other outcome returns.
   */
  async function run(jobId: string): Promise<void> {
    const job = await repo.claimJob(ctx.db, jobId, cfg.jobs.staleSeconds);
    if (!job) return;
    try {
      await runClaimed(job);
    } finally {
      invalidateList(job.userId);
    }
  }

  /** The try itself, on a job this worker claimed. */
  async function runClaimed(job: repo.JobRow): Promise<void> {
    const jobId = job.id;
    if (job.attempts > MAX_TRIES) {
      await fail(job, `This job was stopped ${MAX_TRIES} times before it could finish. Your credits were given back; please try again.`);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const unregister = registerRun(jobId, controller);
    const workDir = path.join(cfg.dataDir, 'work', `${jobId}-${crypto.randomBytes(4).toString('hex')}`);
    const stopIfGone = (alive: boolean) => {
      if (!alive && !signal.aborted) controller.abort(new Error('The job was deleted.'));
    };
    const beat = setInterval(() => void repo.updateProgress(ctx.db, jobId, {}).then(stopIfGone, () => undefined), heartbeatMs);
    let lastWrite = 0;
    let lastStage = '';
    const report = (stage: string, progress: number) => {
      const now = Date.now();
      if (stage === lastStage && now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      lastStage = stage;
      // 100 is written only with the completed status.
      invalidateList(job.userId);
      void repo.updateProgress(ctx.db, jobId, { stage, progress: Math.max(0, Math.min(99, Math.round(progress))) }).then(stopIfGone, () => undefined);
    };
    const stored: string[] = [];
    try {
      await fsp.mkdir(workDir, { recursive: true });
      report('fetching', 0);
      const outDir = path.join(workDir, 'out');
      await fsp.mkdir(outDir, { recursive: true });
      const result = await withInput(job, workDir, signal, (input) => produce(job, input, outDir, signal, report));
      if (signal.aborted) throw signal.reason;
      report('storing', 99);
      for (const out of result.outputs) {
        const key = `outputs/${job.userId}/${job.id}/${out.kind}-${out.language}-${path.basename(out.path)}`;
        const s = await ctx.storage.putFile(key, out.path, { contentType: out.contentType, move: true });
        stored.push(key);
        await repo.upsertOutput(ctx.db, { jobId: job.id, language: out.language, kind: out.kind, storageKey: key, filename: out.filename, contentType: out.contentType, sizeBytes: s.sizeBytes });
      }
      const completed = await repo.finishJob(ctx.db, job.id, {
        status: 'completed',
        progress: 100,
        stage: 'done',
        error: null,
        creditsUsed: job.creditsReserved,
        notes: result.notes.join('\n') || null,
        finishedAt: new Date(),
      });
      if (completed) await chargeReservation(ctx.db, job.userId, job.id);
      else for (const key of stored) await ctx.storage.delete(key);
    } catch (err) {
      if (signal.aborted) {
        // Deleted while running: DELETE already gave the credits back.
        for (const key of stored) await ctx.storage.delete(key).catch(() => undefined);
        return;
      }
      ctx.logger.warn({ err, jobId, attempt: job.attempts }, 'job try failed');
      if (isPermanent(err) || job.attempts >= MAX_TRIES) {
        await fail(job, userMessage(err));
        return;
      }
      await repo.finishJob(ctx.db, job.id, { status: 'queued', stage: 'retrying', error: userMessage(err) });
      throw err;
    } finally {
      clearInterval(beat);
      unregister();
      await fsp.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  return { run };
}
