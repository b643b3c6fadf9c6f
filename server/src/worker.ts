/**
 * Registers the handler of every background job (server/src/queue/job-definitions.ts) on the queue.
 * The queue refuses to start when a defined job has no handler here.
 */
import type { AppContext } from './context.ts';
import { registerJobWorkers } from './modules/jobs/jobs.worker.ts';
import { registerUploadWorkers } from './modules/uploads/upload-retention.ts';
import { billingJobs } from './modules/billing/billing.jobs.ts';
import { registerWebhookWorkers } from './modules/webhooks/webhook-delivery.ts';

/** A module's job registrations. */
export type JobModule = (ctx: AppContext) => void;

// Every module that handles background jobs.
const JOB_MODULES: JobModule[] = [billingJobs, registerJobWorkers, registerUploadWorkers, registerWebhookWorkers];

export function registerJobHandlers(ctx: AppContext): void {
  for (const register of JOB_MODULES) register(ctx);
}
