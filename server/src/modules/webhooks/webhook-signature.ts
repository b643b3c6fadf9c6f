/**
 * Webhook signatures, Stripe's scheme (https://docs.stripe.com/webhooks#verify-manually): the header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<raw body>", secret)>`. `verifyWebhookSignature` is what a receiver
 * does (the README shows the same code for receivers to copy).
 */
import crypto from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../../contract/webhooks.ts';

/** A new endpoint secret: `whsec_` + 32 random bytes, base64url. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/** The header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(body: string, secret: string, timestamp: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * True when `header` signs `body` with `secret` and its timestamp is within `toleranceSeconds` of `now` (unix s).
 * Compares in constant time; any malformed header is false.
 */
export function verifyWebhookSignature(
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
