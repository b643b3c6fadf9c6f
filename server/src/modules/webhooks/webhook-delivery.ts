/**
 * Job events to webhooks: `emitJobEvent` records one delivery per subscribed endpoint and queues it;
 * `deliverWebhook` (the 'webhook.deliver' job) makes one signed try and, when it fails (a timeout too), logs it and
 * queues the next try after WEBHOOK_RETRY_BASE_SECONDS x 2^(tries - 1) (at most 6 h) while the event is younger
 * than WEBHOOK_RETRY_WINDOW_SECONDS (24 h). A delivery that runs out of time fails, its endpoint is disabled and its
 * owner e-mailed. Each process runs WEBHOOK_CONCURRENCY tries at once, at most MAX_IN_FLIGHT_PER_ENDPOINT to one
 * endpoint and MAX_IN_FLIGHT_PER_ACCOUNT to one account's: a try for a busy endpoint is put back a moment (not
 * counted as a try), so slow receivers hold a few places and never delay other accounts' events.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { WebhookEventType } from '../../../../contract/webhooks.ts';
import { findJob, outputsOf } from '../jobs/job.repository.ts';
import { presentJob } from '../jobs/job.presenter.ts';
import { findUserById } from '../users/user.repository.ts';
import { sendWebhook } from './webhook-sender.ts';
import { signatureHeaders } from './webhook-signature.ts';
import * as repo from './webhook.repository.ts';

const MAX_DELAY_SECONDS = 6 * 60 * 60;
/** Tries one process makes to one endpoint at once. */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 2;
/** Tries one process makes to one account's endpoints at once (an account has up to 10 endpoints). */
export const MAX_IN_FLIGHT_PER_ACCOUNT = 4;

/**
 * Tries in flight per endpoint and per account in this process; made once per registration (state of the
 * context, not of the module).
 */
export class EndpointSlots {
  private readonly byEndpoint = new Map<string, number>();
  private readonly byAccount = new Map<string, number>();
  /** Takes a place for a try to `endpointId` of `accountId`; false when either has all of its places taken. */
  take(endpointId: string, accountId: string): boolean {
    const e = this.byEndpoint.get(endpointId) ?? 0;
    const a = this.byAccount.get(accountId) ?? 0;
    if (e >= MAX_IN_FLIGHT_PER_ENDPOINT || a >= MAX_IN_FLIGHT_PER_ACCOUNT) return false;
    this.byEndpoint.set(endpointId, e + 1);
    this.byAccount.set(accountId, a + 1);
    return true;
  }
  release(endpointId: string, accountId: string): void {
    for (const [map, key] of [
      [this.byEndpoint, endpointId],
      [this.byAccount, accountId],
    ] as const) {
      const n = (map.get(key) ?? 1) - 1;
      if (n <= 0) map.delete(key);
      else map.set(key, n);
    }
  }
}

/** Queues try number `tries + 1` of a delivery, `delaySeconds` from now. */
export async function enqueueDelivery(
  ctx: Pick<AppContext, 'queue'>,
  deliveryId: string,
  tries: number,
  delaySeconds = 0,
): Promise<void> {
  await ctx.queue.send(
    'webhook.deliver',
    { version: 1, deliveryId },
    { singletonKey: `${deliveryId}:${tries}`, startAfterSeconds: delaySeconds || undefined },
  );
}

/**
 * Sends `type` about job `jobId` to every enabled endpoint of its owner that subscribed to it. Never throws (a job
 * has finished whatever happens here): failures are logged.
 */
export async function emitJobEvent(ctx: AppContext, type: WebhookEventType, jobId: string): Promise<void> {
  try {
    const job = await findJob(ctx.db, jobId);
    if (!job) return;
    const endpoints = await repo.subscribedEndpoints(ctx.db, job.userId, type);
    if (endpoints.length === 0) return;
    const eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
    const object = await presentJob(ctx.storage, job, await outputsOf(ctx.db, [job.id]));
    const payload = { id: eventId, type, created: Math.floor(Date.now() / 1000), data: { object } };
    for (const endpoint of endpoints) {
      const delivery = await repo.insertDelivery(ctx.db, {
        endpointId: endpoint.id,
        eventId,
        eventType: type,
        payload,
      });
      if (delivery) await enqueueDelivery(ctx, delivery.id, 0);
    }
  } catch (err) {
    ctx.logger.error({ err, jobId, type }, 'could not queue the webhook event');
  }
}

/**
 * The 'webhook.deliver' job: one try of a delivery, or, when `slots` says its endpoint or account has its tries
 * in flight already, the same try queued again a few seconds later (not counted as a try). The try's whole deadline is
 * WEBHOOK_TIMEOUT_SECONDS, well inside the job's expiry, so every try is logged.
 */
export async function deliverWebhook(ctx: AppContext, deliveryId: string, slots: EndpointSlots): Promise<void> {
  const found = await repo.findDelivery(ctx.db, deliveryId);
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, endpoint } = found;
  // Busy: again in half a deadline (a place frees within one), at least 2 s so waiting tries do not spin.
  if (!slots.take(endpoint.id, endpoint.userId))
    return enqueueDelivery(ctx, delivery.id, delivery.attempts.length, busyWaitSeconds(ctx));
  try {
    await tryDelivery(ctx, delivery, endpoint);
  } finally {
    slots.release(endpoint.id, endpoint.userId);
  }
}

const busyWaitSeconds = (ctx: AppContext) => Math.max(2, Math.ceil(ctx.config.api.webhookTimeoutSeconds / 2));

async function tryDelivery(ctx: AppContext, delivery: repo.DeliveryRow, endpoint: repo.EndpointRow): Promise<void> {
  const cfg = ctx.config.api;
  const body = JSON.stringify(delivery.payload);
  const at = new Date();
  const result = endpoint.disabledAt
    ? { status: null, error: 'the endpoint is disabled' }
    : await sendWebhook(
        endpoint.url,
        body,
        {
          ...signatureHeaders(body, endpoint.secret, delivery.eventId, Math.floor(at.getTime() / 1000)),
          'user-agent': 'Tarjama-Webhooks/1.0',
        },
        {
          allowPrivate: cfg.webhookAllowPrivateUrls,
          allowHttp: ctx.config.app.env !== 'production' || cfg.webhookAllowPrivateUrls,
          timeoutMs: cfg.webhookTimeoutSeconds * 1000,
        },
      );
  const attempt = { at: at.toISOString(), status: result.status, error: result.error };
  if (!result.error) return repo.recordAttempt(ctx.db, delivery.id, attempt, 'succeeded');
  const tries = delivery.attempts.length + 1;
  const delay = Math.min(cfg.webhookRetryBaseSeconds * 2 ** (tries - 1), MAX_DELAY_SECONDS);
  const deadline = delivery.createdAt.getTime() + cfg.webhookRetryWindowSeconds * 1000;
  if (!endpoint.disabledAt && at.getTime() + delay * 1000 <= deadline) {
    await repo.recordAttempt(ctx.db, delivery.id, attempt, 'pending');
    return enqueueDelivery(ctx, delivery.id, tries, delay);
  }
  await repo.recordAttempt(ctx.db, delivery.id, attempt, 'failed');
  if (!endpoint.disabledAt && (await repo.disableEndpoint(ctx.db, endpoint.id))) await mailDisabled(ctx, endpoint);
}

/** Tells the owner their endpoint was disabled. Never throws. */
async function mailDisabled(ctx: AppContext, endpoint: repo.EndpointRow): Promise<void> {
  try {
    const user = await findUserById(ctx.db, endpoint.userId);
    if (!user) return;
    await ctx.mailer.send({
      to: user.email,
      subject: 'Tarjama: your webhook endpoint was disabled',
      text:
        `We could not deliver events to ${endpoint.url} for ${Math.round(ctx.config.api.webhookRetryWindowSeconds / 3600)} hours, ` +
        `so we stopped sending to it.\n\nCheck the delivery log in ${ctx.config.app.publicUrl}/settings, fix the receiver, ` +
        `then add the endpoint again.`,
    });
  } catch (err) {
    ctx.logger.error({ err, endpointId: endpoint.id }, 'could not send the webhook disabled e-mail');
  }
}

/** Registers the 'webhook.deliver' job handler: a pool of WEBHOOK_CONCURRENCY runs sharing one set of slots. */
export function registerWebhookWorkers(ctx: AppContext): void {
  const slots = new EndpointSlots();
  ctx.queue.handle('webhook.deliver', async (payload) => deliverWebhook(ctx, payload.deliveryId, slots), {
    workers: ctx.config.api.webhookConcurrency,
  });
}
