/**
 * Every background job the server runs: its name, the version and schema of its payload and its retry policy
 * (after immich's JobName list and documenso's job definitions). Start-up fails if one has no handler.
 */
import * as v from 'valibot';

export const JOB_DEFINITIONS = {
  /** Runs the media pipeline for one translation job (video/audio). */
  'media.translate': {
    payload: v.object({ version: v.literal(1), jobId: v.pipe(v.string(), v.uuid()) }),
    retryLimit: 2, // at most 3 tries in all
    expireInSeconds: 60 * 60 * 4,
  },
  /**
   * Renders the stale videos with subtitles burnt in of a completed media job from its latest tracks revision
   * (queued by an editor save; server/src/modules/renders/picture-render.ts).
   */
  'media.render': {
    payload: v.object({ version: v.literal(1), jobId: v.pipe(v.string(), v.uuid()) }),
    retryLimit: 2,
    expireInSeconds: 60 * 60,
  },
  /** Translates one document job (.docx, .xlsx, .srt, .vtt). */
  'document.translate': {
    payload: v.object({ version: v.literal(1), jobId: v.pipe(v.string(), v.uuid()) }),
    retryLimit: 2,
    expireInSeconds: 60 * 60,
  },
  /** Deletes uploaded media older than the retention period (30 days) and marks their jobs' sources expired. */
  'uploads.retention': {
    payload: v.object({ version: v.literal(1) }),
    retryLimit: 1,
    expireInSeconds: 60 * 30,
    cron: '17 3 * * *',
  },
  /** Renews test-mode subscriptions whose period ended: grants the allowance and the rollover. */
  'billing.renew': {
    payload: v.object({ version: v.literal(1) }),
    retryLimit: 1,
    expireInSeconds: 60 * 30,
    cron: '*/15 * * * *',
  },
  /** One try of a webhook delivery (issue 23); retries are new messages sent with a delay by the handler. */
  'webhook.deliver': {
    payload: v.object({ version: v.literal(1), deliveryId: v.pipe(v.string(), v.uuid()) }),
    retryLimit: 0,
    expireInSeconds: 120,
  },
} as const satisfies Record<
  string,
  { payload: v.GenericSchema; retryLimit: number; expireInSeconds: number; cron?: string }
>;

export type JobName = keyof typeof JOB_DEFINITIONS;
export type JobPayload<N extends JobName> = v.InferOutput<(typeof JOB_DEFINITIONS)[N]['payload']>;
