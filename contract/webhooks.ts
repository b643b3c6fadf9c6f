/**
 * Signed webhooks (issue 23, issue 35): endpoints per account receive job events as JSON POSTs signed as Standard
 * Webhooks 1.0 (https://www.standardwebhooks.com/, spec/standard-webhooks.md): headers `webhook-id` (the event id,
 * the same on every retry), `webhook-timestamp` (unix seconds of this try) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed with the base64-decoded part of the `whsec_`
 * secret). The official libraries verify them; a receiver refuses a timestamp more than WEBHOOK_TOLERANCE_SECONDS
 * from its clock (replays). Endpoints created before issue 35 (secrets in URL-safe base64) also get the older
 * `Tarjama-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (docs/webhooks.md, "Migration").
 * A try has WEBHOOK_TIMEOUT_SECONDS in all; a non-2xx answer (or none in time) is retried with exponential back-off
 * for 24 hours; then the endpoint is disabled and its owner e-mailed. Times are ISO 8601.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { JobResponse } from './jobs.ts';

/** Events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "send test event" only, whatever the endpoint subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Standard Webhooks 1.0 headers (lower case, as Node hands them to a receiver). */
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** The signature header of before issue 35, still sent to endpoints whose secret is in the older form. */
export const WEBHOOK_LEGACY_SIGNATURE_HEADER = 'Tarjama-Signature';
/** A signature whose timestamp is further than this from the receiver's clock is a replay (seconds; Stripe: 300). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Endpoints per account. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** POST /v1/webhooks */
export const CreateWebhookRequest = v.object({
  url: v.pipe(
    v.string('url is required'),
    v.trim(),
    v.url('Enter a full URL, e.g. https://example.com/hooks'),
    v.maxLength(2000),
  ),
  /** Default: every event. */
  events: v.optional(v.pipe(v.array(v.picklist(WEBHOOK_EVENTS)), v.minLength(1, 'Choose at least one event.'))),
});
export type CreateWebhookRequest = v.InferOutput<typeof CreateWebhookRequest>;

export const WebhookEndpoint = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.string()),
  created_at: v.string(),
  /** Set when deliveries failed for 24 hours; nothing is sent to a disabled endpoint. */
  disabled_at: v.nullable(v.string()),
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpoint>;

/** POST /v1/webhooks answer: the endpoint and, this once, its signing secret `whsec_<base64 of 32 bytes>`. */
export const CreatedWebhookResponse = v.object({ ...WebhookEndpoint.entries, secret: v.string() });
export type CreatedWebhookResponse = v.InferOutput<typeof CreatedWebhookResponse>;

export const WebhookListResponse = v.object({ endpoints: v.array(WebhookEndpoint) });
export type WebhookListResponse = v.InferOutput<typeof WebhookListResponse>;

/** One try: its time, the receiver's HTTP status (null when none answered) and the reason it failed. */
export const WebhookAttempt = v.object({
  at: v.string(),
  status: v.nullable(finiteNumber()),
  error: v.nullable(v.string()),
});

/** An event sent to an endpoint: `pending` while tries remain, then `succeeded` or `failed`. */
export const WebhookDelivery = v.object({
  id: v.string(),
  event_id: v.string(),
  event_type: v.string(),
  status: v.picklist(['pending', 'succeeded', 'failed']),
  attempts: v.array(WebhookAttempt),
  created_at: v.string(),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDelivery>;

/** GET /v1/webhooks/{id}/deliveries: newest first, at most 50. POST .../test answers one. */
export const WebhookDeliveriesResponse = v.object({ deliveries: v.array(WebhookDelivery) });
export type WebhookDeliveriesResponse = v.InferOutput<typeof WebhookDeliveriesResponse>;

/**
 * The body of a delivery: `data.object` is the job as GET /v1/jobs/{id} answers it (with signed download URLs of
 * the outputs); `created` is unix seconds. A test event carries no job.
 */
export const WebhookEvent = v.object({
  id: v.string(),
  type: v.string(),
  created: finiteNumber(),
  data: v.object({ object: v.nullable(JobResponse) }),
});
export type WebhookEvent = v.InferOutput<typeof WebhookEvent>;
