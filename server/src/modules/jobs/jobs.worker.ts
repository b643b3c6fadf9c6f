/**
 * Job handlers of this module (registered in server/src/worker.ts): media.translate and document.translate run
 * a job (job-runner.ts), media.render a job's render run (renders/picture-render.ts); the recovery sweep starts with them.
 */
import type { AppContext } from '../../context.ts';
import { createJobRunner } from './job-runner.ts';
import { startRecoverySweep } from './job-recovery.ts';

export function registerJobWorkers(ctx: AppContext): void {
  const runner = createJobRunner(ctx);
  ctx.queue.handle('media.translate', async ({ jobId }) => runner.run(jobId));
  ctx.queue.handle('document.translate', async ({ jobId }) => runner.run(jobId));
  ctx.queue.handle('media.render', async ({ jobId }) => runner.render(jobId));
  if (ctx.config.app.runWorker) startRecoverySweep(ctx);
}
