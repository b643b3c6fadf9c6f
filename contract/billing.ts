/**
 * Billing calls (spec sections 3 and 7): plans with the credit rates, checkout, portal, cancellation, billing
 * history, and the local test mode's checkout. Prices are in dollars, allowances and rates in credits.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { PRICE_UNITS, RATE_KEYS, type RateKey } from './jobs.ts';

/** POST /v1/billing/create-checkout-session. A missing or null price_id (the Free card) is answered 400 PLAN_NOT_AVAILABLE. */
export const CreateCheckoutRequest = v.object({
  price_id: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  plan_name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
});
export type CreateCheckoutRequest = v.InferOutput<typeof CreateCheckoutRequest>;

/** POST /v1/billing/test-checkout/confirm */
export const ConfirmTestCheckoutRequest = v.object({
  session_id: v.pipe(
    v.string('session_id is required'),
    v.trim(),
    v.minLength(1, 'session_id is required'),
    v.maxLength(2000),
  ),
});
export type ConfirmTestCheckoutRequest = v.InferOutput<typeof ConfirmTestCheckoutRequest>;

/** A plan card (spec section 3 "Plan card"), reading A's plans. */
export const PlanCard = v.object({
  name: v.string(),
  planName: v.string(),
  priceId: v.nullable(v.string()),
  description: v.string(),
  /** '$49' */
  price: v.string(),
  /** '/month' or 'one-time' */
  period: v.string(),
  /** '1,200 credits' */
  credits: v.string(),
  /** Credits per period: 1200. */
  allowance: finiteNumber(),
  features: v.array(v.string()),
  limitations: v.array(v.string()),
  buttonText: v.string(),
  buttonVariant: v.string(),
  /** '$0.10/credit' or null */
  payAsYouGo: v.nullable(v.string()),
  popular: v.boolean(),
  rolloverPercent: finiteNumber(),
});
export type PlanCard = v.InferOutput<typeof PlanCard>;

/**
 * The price of one service: `credits` for every `per` `unit`s of media or text, per target language
 * (spec section 9: subtitles 1 credit per minute, voice-over 3 per minute, documents 0.5 per 100 words).
 */
export const PriceRate = v.object({ credits: finiteNumber(), per: finiteNumber(), unit: v.picklist(PRICE_UNITS) });
export type PriceRate = v.InferOutput<typeof PriceRate>;
export type PriceRates = Record<RateKey, PriceRate>;

/** GET /v1/plans: the plan cards, whether billing is real or the local test mode, and the credit rates. */
export const PlansResponse = v.object({
  plans: v.array(PlanCard),
  billing_mode: v.picklist(['stripe', 'test']),
  rates: v.object(Object.fromEntries(RATE_KEYS.map((s) => [s, PriceRate])) as Record<RateKey, typeof PriceRate>),
});
export type PlansResponse = v.InferOutput<typeof PlansResponse>;

/** POST /v1/billing/create-checkout-session answer (spec section 3 "Checkout session result"). */
export const CheckoutSessionResponse = v.object({ statusCode: v.literal(200), sessionId: v.string(), url: v.string() });

/** POST /v1/billing/create-portal-session answer (spec section 3 "Portal session response"). */
export const PortalSessionResponse = v.object({ statusCode: v.literal(200), url: v.string() });

/** POST /v1/billing/cancel-subscription answer: access lasts until `current_period_end` (ISO 8601). */
export const CancelSubscriptionResponse = v.object({
  statusCode: v.literal(200),
  cancel_at_period_end: v.boolean(),
  current_period_end: v.string(),
});

/**
 * What an invoice is for: 'subscription' is one period of a plan (then `plan` names it), 'credit_pack' a pack of
 * credits bought once (then `credits` says how many), 'other' anything the app cannot describe in words of its
 * own (then only the provider's `description` says what it is).
 */
export const INVOICE_KINDS = ['subscription', 'credit_pack', 'other'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * An invoice (spec section 3 "Invoice"): amount in dollars; date ISO 8601. `description` is the payment
 * provider's own English text; the web shows it only for kind 'other' and builds the text of a 'subscription'
 * invoice in the user's language from `plan`, `period_start`/`period_end` (ISO 8601) and `test_mode` (a local
 * test-mode invoice: nothing was charged). `currency` is ISO 4217 ('usd').
 */
export const Invoice = v.object({
  id: v.string(),
  description: v.string(),
  date: v.string(),
  amount: finiteNumber(),
  currency: v.string(),
  invoice_pdf: v.nullable(v.string()),
  kind: v.picklist(INVOICE_KINDS),
  /** The plan's name as GET /v1/plans gives it in `planName` ('pro'), or null. */
  plan: v.nullable(v.string()),
  period_start: v.nullable(v.string()),
  period_end: v.nullable(v.string()),
  test_mode: v.boolean(),
  /** A 'credit_pack' invoice: the credits bought (issue 38 item 4: the row was English in Arabic). */
  credits: v.optional(v.nullable(finiteNumber())),
});
export type Invoice = v.InferOutput<typeof Invoice>;

/** GET /v1/users/me/billing-history answer (spec section 3 "Billing history response"). */
export const BillingHistoryResponse = v.object({
  invoices: v.array(Invoice),
  next_billing_date: v.optional(v.nullable(v.string())),
  /**
   * When a paid plan was cancelled (at the end of its period): the day it ends and the account moves to Free
   * (ISO 8601); null otherwise. The subscription page shows the cancelled state with it (issue 22 item 9).
   */
  plan_ends_at: v.optional(v.nullable(v.string())),
});
export type BillingHistoryResponse = v.InferOutput<typeof BillingHistoryResponse>;

/** GET /v1/billing/test-checkout/session answer: what the test checkout page shows. */
/** TestCheckoutSessionResponse `plan.planName` of a session that buys a credit pack (once), not a plan. */
export const CREDIT_PACK_SESSION = 'credit_pack';

export const TestCheckoutSessionResponse = v.object({
  statusCode: v.literal(200),
  session_id: v.string(),
  test_mode: v.literal(true),
  notice: v.string(),
  plan: v.object({ name: v.string(), planName: v.string(), amount: finiteNumber(), credits: finiteNumber() }),
});
export type TestCheckoutSessionResponse = v.InferOutput<typeof TestCheckoutSessionResponse>;

/** POST /v1/billing/test-checkout/confirm answer: where to go next and the plan now held. */
export const TestCheckoutConfirmResponse = v.object({
  statusCode: v.literal(200),
  url: v.string(),
  current_plan: v.string(),
});
