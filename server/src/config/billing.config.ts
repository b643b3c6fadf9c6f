/**
 * Settings of the billing: plans catalog and Stripe (owned by billing).
 * Every variable here is listed in docs/configuration.md.
 * Without STRIPE_SECRET_KEY billing runs in the local test mode: plans are applied without any payment.
 */
import * as v from 'valibot';
import path from 'node:path';
import { optionalString, optionalUrl } from './env.ts';

export const billingEnv = {
  /** Stripe secret key (sk_live_... or sk_test_...). Unset: local test mode, no payment is ever taken. */
  STRIPE_SECRET_KEY: optionalString(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optionalString(),
  /** Where the Stripe SDK sends its requests (tests point it at a local server). Default: Stripe's own API. */
  STRIPE_API_BASE: optionalUrl(),
  /** Stripe price ids of the paid plans; a plan without one cannot be bought in Stripe mode. */
  STRIPE_PRICE_EXPLORER: optionalString(),
  STRIPE_PRICE_PRO: optionalString(),
  STRIPE_PRICE_BUSINESS: optionalString(),
  /** A JSON file replacing the built-in plan catalog (same shape as server/src/modules/billing/plans.catalog.json). */
  PLANS_FILE: optionalString(),
};

type BillingEnv = v.InferOutput<v.ObjectSchema<typeof billingEnv, undefined>>;

/** Stripe connection settings; present only when STRIPE_SECRET_KEY is set. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Overrides of the SDK's host/port/protocol (from STRIPE_API_BASE); undefined means api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Typed billing settings. */
export interface BillingConfig {
  /** 'test' without STRIPE_SECRET_KEY (local test mode), else 'stripe'. */
  mode: 'test' | 'stripe';
  stripe?: StripeSettings;
  /** Stripe price id per paid plan id (explorer, pro, business), from STRIPE_PRICE_*; overrides the catalog's. */
  priceIds: Partial<Record<string, string>>;
  /** Absolute path of an operator catalog replacing the built-in one; undefined uses the built-in catalog. */
  plansFile?: string;
}

export function checkBillingEnv(e: BillingEnv): string[] {
  const problems: string[] = [];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the webhook signature cannot be checked without it)',
    );
  }
  if (!e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set');
  if (e.STRIPE_SECRET_KEY && !/^(sk|rk)_/.test(e.STRIPE_SECRET_KEY))
    problems.push('STRIPE_SECRET_KEY: must start with sk_ or rk_');
  return problems;
}

export function toBillingConfig(e: BillingEnv): BillingConfig {
  const priceIds: Partial<Record<string, string>> = {};
  if (e.STRIPE_PRICE_EXPLORER) priceIds.explorer = e.STRIPE_PRICE_EXPLORER;
  if (e.STRIPE_PRICE_PRO) priceIds.pro = e.STRIPE_PRICE_PRO;
  if (e.STRIPE_PRICE_BUSINESS) priceIds.business = e.STRIPE_PRICE_BUSINESS;
  let api: StripeSettings['api'];
  if (e.STRIPE_API_BASE) {
    const u = new URL(e.STRIPE_API_BASE);
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    api = { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
  }
  return {
    mode: e.STRIPE_SECRET_KEY ? 'stripe' : 'test',
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '', api }
      : undefined,
    priceIds,
    plansFile: e.PLANS_FILE ? path.resolve(e.PLANS_FILE) : undefined,
  };
}
