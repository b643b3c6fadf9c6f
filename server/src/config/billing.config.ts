/**
 * Settings of the billing: plans catalog and Stripe (owned by billing).
 * Every variable here is listed in the README's configuration table.
 */
import * as v from 'valibot';

export const billingEnv = {};

type BillingEnv = v.InferOutput<v.ObjectSchema<typeof billingEnv, undefined>>;

/** Typed billing settings. */
export interface BillingConfig {}

export function checkBillingEnv(_e: BillingEnv): string[] {
  return [];
}

export function toBillingConfig(_e: BillingEnv): BillingConfig {
  return {};
}
