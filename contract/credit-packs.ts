/**
 * Pay-as-you-go credit packs (issue 23): on a paid plan, a pack of credits bought once at the plan's rate per credit
 * (plan card `payAsYouGo`: Explorer $0.15, Pro $0.10, Business $0.05). Granted once when the payment is confirmed,
 * listed in the billing history, and never expired by a monthly renewal (pack credits are spent last).
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';

/** The pack sizes on sale, credits. */
export const CREDIT_PACK_SIZES = [100, 500, 1000, 5000] as const;

/** POST /v1/billing/credit-packs/checkout */
export const BuyCreditPackRequest = v.object({
  credits: v.picklist(CREDIT_PACK_SIZES, 'Choose a pack of 100, 500, 1,000 or 5,000 credits.'),
});
export type BuyCreditPackRequest = v.InferOutput<typeof BuyCreditPackRequest>;

/** Where the browser goes to pay (Stripe Checkout in payment mode, or the local test-mode page). */
export const CreditPackCheckoutResponse = v.object({
  statusCode: v.literal(200),
  sessionId: v.string(),
  url: v.string(),
  /** The pack's price, dollars. */
  amount: finiteNumber(),
  credits: finiteNumber(),
});
export type CreditPackCheckoutResponse = v.InferOutput<typeof CreditPackCheckoutResponse>;
