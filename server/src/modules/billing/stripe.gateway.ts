/**
 * The one wrapper around the Stripe SDK (stripe 23, API version 2026-10-28): customers, Checkout, the billing
 * portal, subscriptions, invoices and webhook verification. Nothing else imports 'stripe'.
 * Reads are turned into a BillingSnapshot; the event body of a webhook is never trusted beyond its customer id.
 */
import Stripe from 'stripe';
import type { StripeSettings } from '../../config/billing.config.ts';
import type { InvoiceState, SubscriptionState } from './billing.repository.ts';
import type { BillingSnapshot } from './subscription-sync.service.ts';
import type { PlanCatalog } from './plan-catalog.ts';

/** Thrown when Stripe refuses or cannot be reached; `message` is Stripe's own (for logs, not for users). */
export class StripeGatewayError extends Error {
  constructor(
    message: string,
    readonly stripeCode?: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'StripeGatewayError';
  }
}

/** Thrown when a webhook's Stripe-Signature header does not match the raw body and the webhook secret. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface StripeGateway {
  /** Creates a customer for a user (metadata.user_id ties it back). Returns the customer id (cus_...). */
  createCustomer(user: { id: string; email: string; fullName: string }): Promise<string>;
  /** A subscription Checkout Session for one price. Returns { id (cs_...), url }. */
  createCheckoutSession(opts: {
    customerId: string;
    priceId: string;
    planName: string;
    userId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /**
   * A one-time payment Checkout Session (mode 'payment') for a credit pack: one line of `amountCents` in
   * `currency`, `metadata` kept on the session. Returns { id (cs_...), url }.
   */
  createPaymentCheckoutSession(opts: {
    customerId: string;
    userId: string;
    amountCents: number;
    currency: string;
    productName: string;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** Reads a Checkout Session: its mode, payment status, customer, metadata and amount paid (cents). */
  readCheckoutSession(id: string): Promise<{
    id: string;
    mode: string;
    paymentStatus: string;
    customerId: string | null;
    metadata: Record<string, string>;
    amountTotal: number | null;
    currency: string | null;
  }>;
  /** A billing portal session returning to `returnUrl`. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ id: string; url: string }>;
  /** Sets cancel_at_period_end=true on a subscription; the customer keeps access until the period ends. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Cancels a subscription immediately (account deletion). A subscription already gone is not an error. */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Re-reads the customer's subscriptions and invoices and maps them to a snapshot. */
  readCustomer(customerId: string, catalog: PlanCatalog): Promise<BillingSnapshot>;
  /**
   * Verifies the Stripe-Signature header over the raw body (HMAC-SHA256, 300 s tolerance) and parses the event.
   * @throws WebhookSignatureError when the header is missing, malformed, stale or does not match.
   */
  verifyEvent(
    rawBody: Buffer,
    signature: string | undefined,
  ): { id: string; type: string; data: { object: Record<string, unknown> } };
}

const RUNNING = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'];

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Tarjama' },
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });

  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) throw new StripeGatewayError(err.message, err.code, err.statusCode);
      throw err;
    }
  };

  return {
    async createCustomer(user) {
      const c = await call(() =>
        stripe.customers.create({
          email: user.email,
          name: user.fullName || undefined,
          metadata: { user_id: user.id },
        }),
      );
      return c.id;
    },

    async createCheckoutSession(o) {
      const s = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: o.customerId,
          client_reference_id: o.userId,
          line_items: [{ price: o.priceId, quantity: 1 }],
          success_url: o.successUrl,
          cancel_url: o.cancelUrl,
          metadata: { user_id: o.userId, plan_name: o.planName },
          subscription_data: { metadata: { user_id: o.userId, plan_name: o.planName } },
        }),
      );
      if (!s.url) throw new StripeGatewayError('Stripe returned a Checkout Session without a url');
      return { id: s.id, url: s.url };
    },

    async createPaymentCheckoutSession(o) {
      const s = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          customer: o.customerId,
          client_reference_id: o.userId,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: o.currency, unit_amount: o.amountCents, product_data: { name: o.productName } },
            },
          ],
          success_url: o.successUrl,
          cancel_url: o.cancelUrl,
          metadata: o.metadata,
          payment_intent_data: { metadata: o.metadata },
        }),
      );
      if (!s.url) throw new StripeGatewayError('Stripe returned a Checkout Session without a url');
      return { id: s.id, url: s.url };
    },

    async readCheckoutSession(id) {
      const s = await call(() => stripe.checkout.sessions.retrieve(id));
      const customer = typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? null);
      return {
        id: s.id,
        mode: s.mode,
        paymentStatus: s.payment_status,
        customerId: customer,
        metadata: s.metadata ?? {},
        amountTotal: s.amount_total ?? null,
        currency: s.currency ?? null,
      };
    },

    async createPortalSession(customerId, returnUrl) {
      const s = await call(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return { id: s.id, url: s.url };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async cancelNow(subscriptionId) {
      try {
        await call(() => stripe.subscriptions.cancel(subscriptionId));
      } catch (err) {
        if (err instanceof StripeGatewayError && err.stripeCode === 'resource_missing') return;
        throw err;
      }
    },

    async readCustomer(customerId, catalog) {
      const subs = await call(() => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }));
      // The subscription that decides the plan: a running one first, else the most recently created.
      const sorted = [...subs.data].sort(
        (a, b) => Number(RUNNING.includes(b.status)) - Number(RUNNING.includes(a.status)) || b.created - a.created,
      );
      const sub = sorted[0];
      const invs = await call(() => stripe.invoices.list({ customer: customerId, limit: 24 }));
      return {
        provider: 'stripe',
        subscription: sub ? toSubscriptionState(sub, catalog) : null,
        invoices: invs.data.filter((i) => i.status === 'paid' && i.id).map((i) => toInvoiceState(i, catalog)),
      };
    },

    verifyEvent(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
        return event as unknown as { id: string; type: string; data: { object: Record<string, unknown> } };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(err.message);
        throw new WebhookSignatureError(`The webhook body could not be read: ${(err as Error).message}`);
      }
    },
  };
}

function toSubscriptionState(sub: Stripe.Subscription, catalog: PlanCatalog): SubscriptionState {
  const item = sub.items.data[0];
  const priceId = item?.price?.id;
  const plan = (priceId && catalog.byPriceId(priceId)) || catalog.byName(String(sub.metadata?.plan_name ?? ''));
  // Since API version 2025-03-31 the period lives on the subscription item; older shapes had it on the subscription.
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start;
  return {
    planId: plan?.planName ?? 'Free',
    status: plan ? sub.status : 'incomplete',
    provider: 'stripe',
    providerSubscriptionId: sub.id,
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at !== undefined),
  };
}

function toInvoiceState(inv: Stripe.Invoice, catalog: PlanCatalog): InvoiceState {
  const line = inv.lines?.data?.[0];
  const priceId = (line as unknown as { pricing?: { price_details?: { price?: string } } })?.pricing?.price_details
    ?.price;
  const plan = priceId ? catalog.byPriceId(priceId) : undefined;
  const description =
    inv.description ||
    line?.description ||
    (plan ? `${plan.name} plan, monthly subscription` : `Invoice ${inv.number ?? inv.id}`);
  const paidAt = inv.status_transitions?.paid_at ?? inv.created;
  return {
    provider: 'stripe',
    providerInvoiceId: inv.id,
    description,
    planId: plan?.planName ?? null,
    amountCents: inv.amount_paid,
    currency: inv.currency,
    paidAt: new Date(paidAt * 1000),
    invoicePdfUrl: inv.invoice_pdf ?? inv.hosted_invoice_url ?? null,
    periodStart: line?.period?.start ? new Date(line.period.start * 1000) : null,
    periodEnd: line?.period?.end ? new Date(line.period.end * 1000) : null,
  };
}
