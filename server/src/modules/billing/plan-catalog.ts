/**
 * The plan catalog: reading A of spec section 9 (Free 25 one-time; Explorer $19/400; Pro $49/1,200, most popular;
 * Business $129/3,500; its button 'Choose Business', not the spec's 'Contact Sales': there is no sales contact,
 * docs/teams-and-wording.md), used everywhere (pricing page, studio Account Status, subscription page).
 * Built in as plans.catalog.json; an operator replaces it with PLANS_FILE (same shape, validated at start-up).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import type { BillingConfig } from '../../config/billing.config.ts';

const BUILT_IN_CATALOG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'plans.catalog.json');

const PlanSchema = v.object({
  /** The id the web app compares current_plan with: 'Free', 'explorer', 'pro', 'business'. */
  planName: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.string(),
  /** Price per interval in cents (USD). */
  priceCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
  interval: v.picklist(['month', 'one_time']),
  /** Credits granted per period (month) or once (one_time). */
  credits: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Share of unused credits carried into the next period, 0-100. */
  rolloverPercent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  payAsYouGoCentsPerCredit: v.nullable(v.pipe(v.number(), v.minValue(0))),
  /** API keys and webhooks (issue 23): false when left out. */
  apiAccess: v.optional(v.boolean(), false),
  /** Team management (issue 23 item 5): the plan's owner may create a team; false when left out. */
  teams: v.optional(v.boolean(), false),
  features: v.array(v.string()),
  limitations: v.array(v.string()),
  buttonText: v.string(),
  buttonVariant: v.string(),
  popular: v.boolean(),
  /** Stripe price id; STRIPE_PRICE_<PLAN> overrides it. */
  stripePriceId: v.optional(v.nullable(v.string())),
});

const CatalogSchema = v.pipe(
  v.object({ currency: v.optional(v.string(), 'usd'), plans: v.pipe(v.array(PlanSchema), v.minLength(1)) }),
  v.check(
    (c) => c.plans.some((p) => p.planName === 'Free' && p.priceCents === 0),
    "the catalog needs a 'Free' plan priced 0",
  ),
  v.check((c) => new Set(c.plans.map((p) => p.planName)).size === c.plans.length, 'plan names must be unique'),
);

export type CatalogPlan = v.InferOutput<typeof PlanSchema>;

/** A plan as the billing code uses it. `priceId` is null for plans that cannot be bought (Free). */
export interface Plan extends CatalogPlan {
  priceId: string | null;
}

/** The card GET /v1/plans returns per plan (the web app's PlanCard, spec section 3, reading A). */
export interface PlanCard {
  name: string;
  planName: string;
  priceId: string | null;
  description: string;
  /** '$49' */
  price: string;
  /** '/month' or 'one-time' */
  period: string;
  /** '1,200 credits' */
  credits: string;
  /** Credits per period: 1200 */
  allowance: number;
  features: string[];
  limitations: string[];
  buttonText: string;
  buttonVariant: string;
  /** '$0.10/credit' or null */
  payAsYouGo: string | null;
  popular: boolean;
  rolloverPercent: number;
}

/** Thrown when the catalog file cannot be read or does not have the expected shape. */
export class PlanCatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanCatalogError';
  }
}

/** The loaded catalog with look-ups by plan name and by price id. */
export interface PlanCatalog {
  currency: string;
  plans: Plan[];
  byName(planName: string): Plan | undefined;
  byPriceId(priceId: string): Plan | undefined;
  /** The 'Free' plan (always present). */
  free: Plan;
}

/** The stable local price id of a paid plan in test mode, e.g. 'test_price_pro'. */
export const testPriceId = (planName: string) => `test_price_${planName}`;

/**
 * Loads the catalog (PLANS_FILE or the built-in one) and assigns price ids: in Stripe mode STRIPE_PRICE_<PLAN>
 * or the file's stripePriceId; in test mode the stable 'test_price_<plan>'. Free never has a price id.
 * @throws PlanCatalogError naming the file and each problem.
 */
export function loadPlanCatalog(config: BillingConfig): PlanCatalog {
  const file = config.plansFile ?? BUILT_IN_CATALOG;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new PlanCatalogError(`Plan catalog ${file} could not be read as JSON: ${(err as Error).message}`);
  }
  const parsed = v.safeParse(CatalogSchema, raw);
  if (!parsed.success) {
    const problems = parsed.issues.map(
      (i) => `${i.path?.map((p) => String(p.key)).join('.') ?? '(catalog)'}: ${i.message}`,
    );
    throw new PlanCatalogError(`Plan catalog ${file} is not valid:\n  - ${problems.join('\n  - ')}`);
  }
  const plans: Plan[] = parsed.output.plans.map((p) => {
    const paid = p.priceCents > 0;
    let priceId: string | null = null;
    if (paid)
      priceId =
        config.mode === 'test' ? testPriceId(p.planName) : (config.priceIds[p.planName] ?? p.stripePriceId ?? null);
    return { ...p, priceId };
  });
  return {
    currency: parsed.output.currency,
    plans,
    byName: (name) => plans.find((p) => p.planName === name),
    byPriceId: (id) => plans.find((p) => p.priceId !== null && p.priceId === id),
    free: plans.find((p) => p.planName === 'Free')!,
  };
}

/** '$49', '$0', '$19.50' */
export function formatDollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** The PlanCard of a plan, with the labels the web app shows as they are. */
export function toPlanCard(plan: Plan): PlanCard {
  return {
    name: plan.name,
    planName: plan.planName,
    priceId: plan.priceId,
    description: plan.description,
    price: formatDollars(plan.priceCents),
    period: plan.interval === 'month' ? '/month' : 'one-time',
    credits: `${plan.credits.toLocaleString('en-US')} credits`,
    allowance: plan.credits,
    features: plan.features,
    limitations: plan.limitations,
    buttonText: plan.buttonText,
    buttonVariant: plan.buttonVariant,
    payAsYouGo:
      plan.payAsYouGoCentsPerCredit === null ? null : `$${(plan.payAsYouGoCentsPerCredit / 100).toFixed(2)}/credit`,
    popular: plan.popular,
    rolloverPercent: plan.rolloverPercent,
  };
}
