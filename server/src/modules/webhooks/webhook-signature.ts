/**
 * Webhook signatures. Standard Webhooks 1.0 (https://www.standardwebhooks.com/), made by its reference library
 * `standardwebhooks`: `webhook-signature: v1,<base64 HMAC-SHA256("<id>.<timestamp>.<raw body>")>` keyed with the
 * base64-decoded part of the secret after `whsec_`. Endpoints created before (secrets `whsec_` + 43 URL-safe base64
 * characters) also get the older Stripe-like header `Tarjama-Signature: t=<unix s>,v1=<hex HMAC-SHA256("<t>.<raw
 * body>")>` keyed with the whole secret string, so their receivers go on working while they move (docs/webhooks.md).
 */
import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_ID_HEADER,
  WEBHOOK_LEGACY_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../../../contract/webhooks.ts';

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` + 32 random bytes in standard base64 (44 characters), as Standard Webhooks wants. */
export const newWebhookSecret = () => `${PREFIX}${crypto.randomBytes(32).toString('base64')}`;

/** True for a secret made before Standard Webhooks signing: `whsec_` + 32 bytes in URL-safe base64 (43 characters). */
export const isLegacySecret = (secret: string) => /^whsec_[A-Za-z0-9_-]{43}$/.test(secret);

/**
 * The signing headers of `body` for message `id` sent at `timestamp` (unix seconds): the three Standard Webhooks
 * headers, plus `Tarjama-Signature` when `secret` is a legacy one. A legacy secret's key is its 32 decoded bytes
 * too (Node reads either base64 alphabet), so `whsec_` + the same bytes in standard base64 verifies with the
 * official libraries.
 */
export function signatureHeaders(body: string, secret: string, id: string, timestamp: number): Record<string, string> {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const headers: Record<string, string> = {
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: new Webhook(key, { format: 'raw' }).sign(id, new Date(timestamp * 1000), body),
  };
  if (isLegacySecret(secret)) headers[WEBHOOK_LEGACY_SIGNATURE_HEADER] = legacySignature(body, secret, timestamp);
  return headers;
}

/** The legacy `Tarjama-Signature` value for `body` sent at `timestamp` (unix seconds). */
export function legacySignature(body: string, secret: string, timestamp: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * What a receiver of the legacy header does: true when `header` signs `body` with `secret` and its timestamp is
 * within `toleranceSeconds` of `now` (unix s). Compares in constant time; any malformed header is false.
 */
export function verifyLegacySignature(
  body: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
