/**
 * Pay-as-you-go credit packs (issue 23): on a paid plan, CREDIT_PACK_SIZES credits at the plan's
 * `payAsYouGoCentsPerCredit`. Stripe mode: a Checkout Session in payment mode; the pack is granted when Stripe's
 * `checkout.session.completed` arrives, from the session as re-read from Stripe (paid, ours, its metadata).
 * Test mode: the local test checkout page (TEST MODE, no payment taken) confirms it. Either way the grant is one
 * ledger entry (`pack:<session id>`, once), an invoice row in the billing history, and users.pack_credits (pack
 * credits never expire at a renewal: period-grant.repository.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { invoices, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { addCredits, lockUser } from '../credits/ledger.repository.ts';
import { currentPlanOf } from './current-plan.ts';
import type { PlanCatalog } from './plan-catalog.ts';
import type { StripeGateway } from './stripe.gateway.ts';
import type { TestModeTokens } from './test-mode.service.ts';
import { findUserById, setStripeCustomer } from './billing.repository.ts';
import { CREDIT_PACK_SIZES } from '../../../../contract/credit-packs.ts';

/** The invoice description of a pack (the provider's English text; the web shows its own words, by packOfInvoice). */
export const packDescription = (credits: number) => `${credits.toLocaleString('en-US')} credits (pay-as-you-go)`;

/** The credits of a pack invoice without a plan, from its description (packDescription); null for any other. */
export function packOfInvoice(description: string): number | null {
  const m = /^([\d,]+) credits \(pay-as-you-go\)$/.exec(description);
  return m ? Number(m[1].replaceAll(',', '')) : null;
}

/** The test-session "plan" of a pack: `pack:<credits>:<cents>`. */
const PACK_SESSION = /^pack:(\d+):(\d+)$/;

export interface CreditPackDeps {
  db: Db;
  catalog: PlanCatalog;
  mode: 'test' | 'stripe';
  stripe?: StripeGateway;
  testTokens: TestModeTokens;
  publicUrl: () => string;
  logger: Logger;
}

export type CreditPackService = ReturnType<typeof createCreditPackService>;

export function createCreditPackService(deps: CreditPackDeps) {
  const { db, catalog } = deps;

  /** The price of `credits` on the user's plan, cents. @throws AppError PACKS_NOT_IN_PLAN */
  async function priceOf(userId: string, credits: number): Promise<{ cents: number; plan: string }> {
    const plan = catalog.byName(await currentPlanOf(db, userId));
    if (!plan || plan.priceCents === 0 || plan.payAsYouGoCentsPerCredit === null)
      throw new AppError('PACKS_NOT_IN_PLAN');
    return { cents: Math.round(credits * plan.payAsYouGoCentsPerCredit), plan: plan.planName };
  }

  /**
   * Grants a paid pack once: the ledger entry, the invoice row and the pack counter, in one transaction.
   * @returns true when this call granted it (false: already granted)
   */
  async function grant(
    userId: string,
    sessionId: string,
    credits: number,
    cents: number,
    currency: string,
    provider: 'stripe' | 'test',
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const added = await addCredits(tx, {
        userId,
        kind: 'grant',
        amount: credits,
        idempotencyKey: `pack:${sessionId}`,
        note: `pay-as-you-go pack of ${credits} credits`,
      });
      if (!added) return false;
      await tx
        .update(users)
        .set({ packCredits: sql`${users.packCredits} + ${credits}` })
        .where(eq(users.id, userId));
      await tx
        .insert(invoices)
        .values({
          userId,
          provider,
          providerInvoiceId: sessionId,
          description: packDescription(credits),
          planId: null,
          amountCents: cents,
          currency,
          paidAt: new Date(),
        })
        .onConflictDoNothing();
      return true;
    });
  }

  return {
    /**
     * POST /v1/billing/credit-packs/checkout.
     * @throws AppError PACKS_NOT_IN_PLAN (Free), PAYMENT_PROVIDER_ERROR
     */
    async createCheckout(userId: string, credits: (typeof CREDIT_PACK_SIZES)[number]) {
      const { cents, plan } = await priceOf(userId, credits);
      const amount = cents / 100;
      if (deps.mode === 'test') {
        const sessionId = deps.testTokens.issueSession(userId, `pack:${credits}:${cents}`);
        return {
          sessionId,
          url: `/billing/test-checkout?session_id=${encodeURIComponent(sessionId)}`,
          amount,
          credits,
        };
      }
      const stripe = deps.stripe!;
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      const customerId =
        user.stripeCustomerId ?? (await setStripeCustomer(db, userId, await stripe.createCustomer(user)));
      const publicUrl = deps.publicUrl();
      const session = await stripe.createPaymentCheckoutSession({
        customerId,
        userId,
        amountCents: cents,
        currency: catalog.currency,
        productName: `${credits.toLocaleString('en-US')} Tarjama credits`,
        metadata: { user_id: userId, kind: 'credit_pack', credits: String(credits), plan },
        successUrl: `${publicUrl}/subscription?pack_success=true`,
        cancelUrl: `${publicUrl}/subscription`,
      });
      return { sessionId: session.id, url: session.url, amount, credits };
    },

    /** The pack of a test session's `planName`, or null when the session buys a plan. */
    packOf(planName: string): { credits: number; cents: number } | null {
      const m = PACK_SESSION.exec(planName);
      return m ? { credits: Number(m[1]), cents: Number(m[2]) } : null;
    },

    /** Test mode: grants the pack of a confirmed test session (again: nothing). */
    async confirmTestPack(userId: string, sessionId: string, pack: { credits: number; cents: number }) {
      await priceOf(userId, pack.credits); // still on a paid plan
      await grant(userId, sessionId, pack.credits, pack.cents, catalog.currency, 'test');
    },

    /**
     * Stripe mode, `checkout.session.completed` of a payment-mode session: re-reads it from Stripe and grants its
     * pack when it is paid, a credit pack, and its customer is the account its metadata names.
     * @returns whether it was a pack session of ours
     */
    async fulfilStripeSession(sessionId: string): Promise<boolean> {
      const s = await deps.stripe!.readCheckoutSession(sessionId);
      if (s.mode !== 'payment' || s.metadata.kind !== 'credit_pack') return false;
      const user = await findUserById(db, s.metadata.user_id ?? '');
      const credits = Number(s.metadata.credits);
      if (
        !user ||
        !s.customerId ||
        user.stripeCustomerId !== s.customerId ||
        !CREDIT_PACK_SIZES.includes(credits as never)
      ) {
        deps.logger.warn({ sessionId }, 'credit pack session not matching its account: ignored');
        return false;
      }
      if (s.paymentStatus !== 'paid') return true; // async payment: granted on checkout.session.async_payment_succeeded
      await grant(user.id, s.id, credits, s.amountTotal ?? 0, s.currency ?? catalog.currency, 'stripe');
      return true;
    },
  };
}
