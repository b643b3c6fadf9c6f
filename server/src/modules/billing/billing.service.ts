/**
 * Billing use cases: checkout, portal, cancel, billing history, the Stripe webhook and renewals. Stripe mode and
 * the local test mode share everything except where the snapshot comes from (stripe.gateway.ts or
 * test-mode.service.ts); both are written by applySnapshot.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import type { BillingConfig } from '../../config/billing.config.ts';
import { AppError } from '../../errors.ts';
import { currentPlanOf } from './current-plan.ts';
import {
  findInvoiceByProviderId,
  findSubscription,
  findUserByCustomer,
  findUserById,
  listPaidInvoices,
  setStripeCustomer,
  subscriptionsDue,
  type InvoiceRow,
} from './billing.repository.ts';
import { applySnapshot, type SyncResult } from './subscription-sync.service.ts';
import { StripeGatewayError, WebhookSignatureError, type StripeGateway } from './stripe.gateway.ts';
import {
  cancelAtPeriodEndSnapshot,
  confirmedCheckoutSnapshot,
  createTestModeTokens,
  renewedSnapshot,
  TEST_MODE_LABEL,
} from './test-mode.service.ts';
import type { PlanCatalog } from './plan-catalog.ts';
import { CREDIT_PACK_SESSION, type Invoice } from '../../../../contract/billing.ts';
import { createCreditPackService, packOfInvoice } from './credit-packs.service.ts';

/**
 * The webhook event types billing acts on (house style 14). Any other type is acknowledged and ignored.
 * Each of them only tells which customer to re-read.
 */
export const ACCEPTED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** One row of GET /v1/users/me/billing-history (contract `Invoice`). `amount` in dollars, dates ISO 8601. */
export type InvoiceView = Invoice;

export interface BillingDeps {
  db: Db;
  config: BillingConfig;
  catalog: PlanCatalog;
  /** Present in Stripe mode only. */
  stripe?: StripeGateway;
  /** App secret, for the test-mode tokens. */
  secret: string;
  /** The public origin, read at call time (tests learn their port after start-up). */
  publicUrl: () => string;
  logger: Logger;
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService(deps: BillingDeps) {
  const { db, catalog, logger } = deps;
  const testTokens = createTestModeTokens(deps.secret);
  const testMode = deps.config.mode === 'test';
  const invoicePath = (providerInvoiceId: string) =>
    `/v1/billing/test-invoices/${providerInvoiceId}?sig=${testTokens.invoiceSignature(providerInvoiceId)}`;
  const absolute = (url: string) => (url.startsWith('/') ? `${deps.publicUrl()}${url}` : url);
  // Pay-as-you-go credit packs (issue 23).
  const packs = createCreditPackService({
    db,
    catalog,
    mode: deps.config.mode,
    stripe: deps.stripe,
    testTokens,
    publicUrl: deps.publicUrl,
    logger,
  });

  const stripe = (): StripeGateway => {
    if (!deps.stripe) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe is not configured on this server.');
    return deps.stripe;
  };
  const viaStripe = async <T>(fn: () => Promise<T>, message?: string): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof StripeGatewayError) {
        logger.error({ err: err.message, code: err.stripeCode, status: err.httpStatus }, 'Stripe request failed');
        throw new AppError('PAYMENT_PROVIDER_ERROR', message);
      }
      throw err;
    }
  };

  async function customerOf(userId: string): Promise<string> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const id = await viaStripe(() => stripe().createCustomer(user), 'Could not initiate checkout.');
    return setStripeCustomer(db, userId, id);
  }

  /** Re-reads a Stripe customer and writes its state. Unknown customers (not ours) are ignored. */
  async function syncCustomer(customerId: string): Promise<SyncResult | null> {
    const user = await findUserByCustomer(db, customerId);
    if (!user) {
      logger.warn({ customerId }, 'Stripe customer without a Tarjama account: ignored');
      return null;
    }
    const snapshot = await viaStripe(() => stripe().readCustomer(customerId, catalog));
    const result = await applySnapshot(db, catalog, user.id, snapshot);
    logger.info(
      {
        userId: user.id,
        plan: result.planId,
        status: result.status,
        granted: result.grant?.granted ?? false,
        stale: result.stale,
      },
      'billing synced',
    );
    return result;
  }

  return {
    mode: deps.config.mode,
    catalog,
    syncCustomer,
    packs,

    /**
     * POST /v1/billing/create-checkout-session. Stripe mode: a subscription Checkout Session (customer created
     * once and reused); a user who already pays for a plan is sent to the billing portal to change it, so no
     * second subscription is ever created. Test mode: the local page /billing/test-checkout.
     * @throws AppError PLAN_NOT_AVAILABLE (unknown price, Free, price and plan name disagree), ALREADY_ON_PLAN,
     *   PAYMENT_PROVIDER_ERROR.
     */
    async createCheckoutSession(
      userId: string,
      priceId: string,
      planName: string | undefined,
    ): Promise<{ sessionId: string; url: string }> {
      const plan = catalog.byPriceId(priceId);
      // plan_name is a cross-check of price_id: the plan id or its display name, in any case ('pro', 'Pro').
      const named = !planName || [plan?.planName, plan?.name].some((n) => n?.toLowerCase() === planName.toLowerCase());
      if (!plan || plan.priceId === null || !named) throw new AppError('PLAN_NOT_AVAILABLE');
      if ((await currentPlanOf(db, userId)) === plan.planName) throw new AppError('ALREADY_ON_PLAN');
      const publicUrl = deps.publicUrl();
      if (testMode) {
        const sessionId = testTokens.issueSession(userId, plan.planName);
        return { sessionId, url: `/billing/test-checkout?session_id=${encodeURIComponent(sessionId)}` };
      }
      const customerId = await customerOf(userId);
      const sub = await findSubscription(db, userId);
      if (sub?.provider === 'stripe' && ['active', 'trialing', 'past_due'].includes(sub.status)) {
        const portal = await viaStripe(
          () => stripe().createPortalSession(customerId, `${publicUrl}/subscription`),
          'Could not initiate checkout.',
        );
        return { sessionId: portal.id, url: portal.url };
      }
      const session = await viaStripe(
        () =>
          stripe().createCheckoutSession({
            customerId,
            priceId,
            planName: plan.planName,
            userId,
            successUrl: `${publicUrl}/studio?subscription_success=true`,
            cancelUrl: `${publicUrl}/pricing`,
          }),
        'Could not initiate checkout.',
      );
      return { sessionId: session.id, url: session.url };
    },

    /** What a test checkout session offers, for the test page. @throws AppError CHECKOUT_SESSION_INVALID */
    describeTestSession(userId: string, sessionId: string) {
      const s = testMode ? testTokens.readSession(sessionId) : null;
      const pack = s && s.userId === userId ? packs.packOf(s.planName) : null;
      if (pack)
        return {
          session_id: sessionId,
          test_mode: true as const,
          notice: TEST_MODE_LABEL,
          plan: {
            name: `${pack.credits} credits`,
            planName: CREDIT_PACK_SESSION,
            amount: pack.cents / 100,
            credits: pack.credits,
          },
        };
      const plan = s && s.userId === userId ? catalog.byName(s.planName) : undefined;
      if (!s || !plan) throw new AppError('CHECKOUT_SESSION_INVALID');
      return {
        session_id: sessionId,
        test_mode: true,
        notice: TEST_MODE_LABEL,
        plan: { name: plan.name, planName: plan.planName, amount: plan.priceCents / 100, credits: plan.credits },
      };
    },

    /**
     * POST /v1/billing/test-checkout/confirm: applies the session's plan through applySnapshot. Confirming the
     * same session again changes nothing. @throws AppError CHECKOUT_SESSION_INVALID, NOT_FOUND in Stripe mode.
     */
    async confirmTestCheckout(userId: string, sessionId: string): Promise<SyncResult> {
      if (!testMode) throw new AppError('NOT_FOUND', 'Test checkout is only available when Stripe is not configured.');
      const s = testTokens.readSession(sessionId);
      const pack = s && s.userId === userId ? packs.packOf(s.planName) : null;
      if (pack) {
        await packs.confirmTestPack(userId, sessionId, pack);
        return { planId: await currentPlanOf(db, userId), status: 'active', grant: null, stale: false };
      }
      const plan = s && s.userId === userId ? catalog.byName(s.planName) : undefined;
      if (!s || !plan) throw new AppError('CHECKOUT_SESSION_INVALID');
      return applySnapshot(db, catalog, userId, (current) =>
        confirmedCheckoutSnapshot(plan, sessionId, current, new Date(), invoicePath),
      );
    },

    /** POST /v1/billing/create-portal-session: Stripe's portal, or the local /billing/test-portal page. */
    async createPortalSession(userId: string): Promise<{ url: string }> {
      if (testMode) return { url: '/billing/test-portal' };
      const customerId = await customerOf(userId);
      const s = await viaStripe(
        () => stripe().createPortalSession(customerId, `${deps.publicUrl()}/subscription`),
        'Could not open billing portal.',
      );
      return { url: s.url };
    },

    /**
     * POST /v1/billing/cancel-subscription: cancel at the end of the period; the plan stays until then.
     * @throws AppError NO_SUBSCRIPTION for Free users.
     */
    async cancelSubscription(userId: string): Promise<{ cancel_at_period_end: true; current_period_end: string }> {
      const sub = await findSubscription(db, userId);
      if (!sub || (await currentPlanOf(db, userId)) === 'Free' || !sub.providerSubscriptionId || !sub.currentPeriodEnd)
        throw new AppError('NO_SUBSCRIPTION');
      if (sub.provider === 'stripe') {
        await viaStripe(() => stripe().cancelAtPeriodEnd(sub.providerSubscriptionId!));
        await syncCustomer((await findUserById(db, userId)).stripeCustomerId!);
      } else {
        await applySnapshot(db, catalog, userId, cancelAtPeriodEndSnapshot);
      }
      return { cancel_at_period_end: true, current_period_end: sub.currentPeriodEnd.toISOString() };
    },

    /**
     * GET /v1/users/me/billing-history. next_billing_date is null for Free and when canceling at period end;
     * plan_ends_at is the period end of a paid plan cancelled at period end, null otherwise.
     */
    async billingHistory(
      userId: string,
    ): Promise<{ invoices: InvoiceView[]; next_billing_date: string | null; plan_ends_at: string | null }> {
      const rows = await listPaidInvoices(db, userId);
      const sub = await findSubscription(db, userId);
      const plan = await currentPlanOf(db, userId);
      const end = sub && plan !== 'Free' && sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null;
      return {
        invoices: rows.map((r) => toView(r, absolute)),
        next_billing_date: sub?.cancelAtPeriodEnd ? null : end,
        plan_ends_at: sub?.cancelAtPeriodEnd ? end : null,
      };
    },

    /** A test invoice for its signed link, or null. */
    async testInvoice(providerInvoiceId: string, sig: string): Promise<InvoiceRow | null> {
      if (!testTokens.checkInvoiceSignature(providerInvoiceId, sig)) return null;
      const row = await findInvoiceByProviderId(db, providerInvoiceId);
      return row && row.provider === 'test' ? row : null;
    },

    /**
     * POST /v1/billing/webhook: verifies the signature, then for an accepted type re-reads the event's customer.
     * @throws AppError WEBHOOK_SIGNATURE_INVALID (400), NOT_FOUND in test mode.
     */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; type: string; handled: boolean }> {
      if (testMode) throw new AppError('NOT_FOUND', 'Stripe is not configured on this server.');
      let event;
      try {
        event = stripe().verifyEvent(rawBody, signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          logger.warn({ reason: err.message }, 'webhook signature rejected');
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        throw err;
      }
      if (!(ACCEPTED_EVENT_TYPES as readonly string[]).includes(event.type))
        return { received: true, type: event.type, handled: false };
      // A paid credit pack (issue 23): granted from the session as Stripe answers it.
      if (
        ['checkout.session.completed', 'checkout.session.async_payment_succeeded'].includes(event.type) &&
        event.data.object.mode === 'payment' &&
        typeof event.data.object.id === 'string'
      ) {
        const id = event.data.object.id;
        return { received: true, type: event.type, handled: await viaStripe(() => packs.fulfilStripeSession(id)) };
      }
      const customer = event.data.object.customer;
      const customerId = typeof customer === 'string' ? customer : (customer as { id?: string } | null)?.id;
      if (!customerId) return { received: true, type: event.type, handled: false };
      await syncCustomer(customerId);
      return { received: true, type: event.type, handled: true };
    },

    /**
     * The 'billing.renew' job. Test mode: every test subscription whose period ended is renewed (allowance and
     * rollover) or, when set to cancel, ends. Stripe mode: customers whose period ended are re-read from Stripe,
     * a safety net for missed webhooks. Returns how many subscriptions were looked at.
     */
    async renewDue(now: Date = new Date()): Promise<number> {
      const due = await subscriptionsDue(db, testMode ? 'test' : 'stripe', now);
      for (const sub of due) {
        try {
          if (testMode) {
            const plan = catalog.byName(sub.planId);
            if (!plan) continue;
            // Re-checked under the lock: a concurrent run may have renewed this period already.
            await applySnapshot(db, catalog, sub.userId, (current) =>
              current?.providerSubscriptionId === sub.providerSubscriptionId &&
              current.currentPeriodEnd &&
              current.currentPeriodEnd <= now &&
              current.status !== 'canceled'
                ? renewedSnapshot(current, plan, now, invoicePath)
                : null,
            );
          } else {
            const user = await findUserById(db, sub.userId);
            if (user?.stripeCustomerId) await syncCustomer(user.stripeCustomerId);
          }
        } catch (err) {
          logger.error({ err, userId: sub.userId }, 'renewal failed; retried at the next run');
        }
      }
      return due.length;
    },

    /** Account deletion: a running Stripe subscription is canceled at once so it is never billed again. */
    async onUserDeleted(userId: string): Promise<void> {
      const sub = await findSubscription(db, userId);
      if (sub?.provider === 'stripe' && sub.providerSubscriptionId && sub.status !== 'canceled') {
        await viaStripe(() => stripe().cancelNow(sub.providerSubscriptionId!));
      }
    },
  };
}

function toView(r: InvoiceRow, absolute: (url: string) => string): InvoiceView {
  const pack = r.planId ? null : packOfInvoice(r.description);
  return {
    id: r.providerInvoiceId,
    description: r.description,
    date: (r.paidAt ?? r.createdAt).toISOString(),
    amount: r.amountCents / 100,
    currency: r.currency,
    invoice_pdf: r.invoicePdfUrl ? absolute(r.invoicePdfUrl) : null,
    kind: r.planId ? 'subscription' : pack !== null ? 'credit_pack' : 'other',
    plan: r.planId,
    period_start: r.periodStart?.toISOString() ?? null,
    period_end: r.periodEnd?.toISOString() ?? null,
    test_mode: r.provider === 'test',
    ...(pack !== null ? { credits: pack } : {}),
  };
}
