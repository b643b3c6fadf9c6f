/**
 * Webhook endpoints of the signed-in account: add (URL checked: https in production, never a private, loopback or
 * link-local address unless WEBHOOK_ALLOW_PRIVATE_URLS), list, delete, send a test event, and the delivery log.
 * Webhooks come with API access (plan catalog `apiAccess`).
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookRequest,
  type CreatedWebhookResponse,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../../contract/webhooks.ts';
import { userHasApiAccess } from '../api-keys/api-access.ts';
import { AddressNotAllowedError, resolvePublicAddress } from './address-guard.ts';
import { schemeAllowed } from './webhook-sender.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { enqueueDelivery } from './webhook-delivery.ts';
import * as repo from './webhook.repository.ts';
import type { Tx } from '../../db/database.ts';
import { lockUser } from '../credits/ledger.repository.ts';
import { assertMayModify, type Actor } from '../teams/team-roles.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'queue' | 'logger'>;

function present(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
  };
}

/** A delivery as the log shows it. */
export function presentDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
  };
}

/** Whether plain http:// URLs are accepted: outside production, or when private URLs are allowed. */
export const httpAllowed = (ctx: Pick<AppContext, 'config'>) =>
  ctx.config.app.env !== 'production' || ctx.config.api.webhookAllowPrivateUrls;

/** @throws AppError WEBHOOK_URL_NOT_ALLOWED with the reason */
async function checkUrl(ctx: Ctx, raw: string): Promise<string> {
  const url = new URL(raw);
  const refuse = (why: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', `This webhook URL is not allowed: ${why}.`);
  if (!schemeAllowed(url, httpAllowed(ctx))) throw refuse('it must start with https://');
  if (url.username || url.password) throw refuse('it must not carry a user name or password');
  try {
    await resolvePublicAddress(url.hostname, ctx.config.api.webhookAllowPrivateUrls);
  } catch (err) {
    if (err instanceof AddressNotAllowedError) throw refuse(err.message);
    throw err;
  }
  return url.toString();
}

async function endpointOf(ctx: Ctx, userId: string, id: string): Promise<repo.EndpointRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findUserEndpoint(ctx.db, userId, id.toLowerCase()) : undefined;
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return row;
}

export async function listEndpoints(ctx: Ctx, userId: string) {
  return { endpoints: (await repo.listEndpoints(ctx.db, userId)).map(present) };
}

/**
 * POST /v1/webhooks: the endpoint and its signing secret (shown once).
 * @throws AppError API_ACCESS_NOT_IN_PLAN (403), WEBHOOK_URL_NOT_ALLOWED (400), WEBHOOK_LIMIT (409)
 */
export async function createEndpoint(
  ctx: Ctx,
  userId: string,
  req: CreateWebhookRequest,
  createdBy?: string,
): Promise<CreatedWebhookResponse> {
  if (!(await userHasApiAccess(ctx.db, ctx.config.billing, userId))) throw new AppError('API_ACCESS_NOT_IN_PLAN');
  if ((await repo.countEndpoints(ctx.db, userId)) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('WEBHOOK_LIMIT');
  const url = await checkUrl(ctx, req.url);
  const secret = newWebhookSecret();
  const events = [...new Set(req.events ?? WEBHOOK_EVENTS)];
  // Counted again under the account's row lock, so concurrent requests cannot pass the limit together (issue 35
  // item 5; the count above only spares a refused request its DNS look-up).
  const row = await ctx.db.transaction(async (tx: Tx) => {
    await lockUser(tx, userId);
    if ((await repo.countEndpoints(tx, userId)) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('WEBHOOK_LIMIT');
    return repo.insertEndpoint(tx, { userId, url, secret, events, createdBy: createdBy ?? null });
  });
  return { ...present(row), secret };
}

/**
 * DELETE /v1/webhooks/{id}: `actor` is the person deleting (a plain team member deletes only the endpoints they
 * added). @throws AppError WEBHOOK_NOT_FOUND (404), TEAM_NOT_YOURS (403)
 */
export async function deleteEndpoint(ctx: Ctx, userId: string, id: string, actor: Actor): Promise<WebhookEndpoint> {
  const row = await endpointOf(ctx, userId, id);
  assertMayModify(actor, row.createdBy ?? userId);
  await repo.deleteEndpoint(ctx.db, row.id);
  return present(row);
}

/** POST /v1/webhooks/{id}/test: queues a `webhook.test` event to this endpoint. @throws AppError WEBHOOK_NOT_FOUND */
export async function sendTestEvent(ctx: Ctx, userId: string, id: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(ctx, userId, id);
  const eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
  const payload = {
    id: eventId,
    type: WEBHOOK_TEST_EVENT,
    created: Math.floor(Date.now() / 1000),
    data: { object: null },
  };
  const delivery = await repo.insertDelivery(ctx.db, {
    endpointId: endpoint.id,
    eventId,
    eventType: WEBHOOK_TEST_EVENT,
    payload,
  });
  await enqueueDelivery(ctx, delivery!.id, 0);
  return presentDelivery(delivery!);
}

/** GET /v1/webhooks/{id}/deliveries. @throws AppError WEBHOOK_NOT_FOUND */
export async function listDeliveries(ctx: Ctx, userId: string, id: string) {
  const endpoint = await endpointOf(ctx, userId, id);
  return { deliveries: (await repo.listDeliveries(ctx.db, endpoint.id)).map(presentDelivery) };
}
