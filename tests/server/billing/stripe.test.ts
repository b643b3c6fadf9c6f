/**
 * Billing in Stripe mode: the real Stripe SDK against tests/server/fakes/stripe.server.ts, webhooks signed with
 * the SDK's generateTestHeaderString. Covers checkout, portal, cancel at period end, signature failures, replayed
 * and reordered events, a failed renewal and account deletion.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.server.ts';
import { api, balance, createUser, type TestUser } from './billing-helpers.ts';
import { currentPlanOf } from '../../../server/src/modules/billing/current-plan.ts';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const signer = new Stripe('sk_test_signer_only');

describe.each(DATABASE_KINDS)('billing with Stripe on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe({ prices: { price_explorer_m: 1900, price_pro_m: 4900 } });
    t = await startTestApp({
      kind,
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        STRIPE_PRICE_EXPLORER: 'price_explorer_m',
        STRIPE_PRICE_PRO: 'price_pro_m',
        // Configured here but unknown to Stripe: checkout must fail cleanly.
        STRIPE_PRICE_BUSINESS: 'price_deleted_at_stripe',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** Posts a webhook as Stripe does; `header` overrides the computed signature. */
  async function deliver(payload: string, header?: string | null): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    const sig =
      header === undefined ? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : header;
    if (sig !== null) headers['stripe-signature'] = sig;
    const res = await fetch(`${t.baseUrl}/v1/billing/webhook`, { method: 'POST', headers, body: payload });
    return { status: res.status, body: await res.json() };
  }

  async function subscribe(u: TestUser, priceId = 'price_pro_m', planName = 'pro') {
    const checkout = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: priceId, plan_name: planName },
    });
    expect(checkout.status).toBe(200);
    const paid = fake.completeCheckout(checkout.body.sessionId);
    const event = fake.eventPayload('checkout.session.completed', paid.session);
    return { checkout, paid, event };
  }

  it('lists the configured Stripe price ids', async () => {
    const { body } = await api(t, 'GET', '/v1/plans');
    expect(body.billing_mode).toBe('stripe');
    expect(Object.fromEntries(body.plans.map((p: any) => [p.planName, p.priceId]))).toEqual({
      Free: null,
      explorer: 'price_explorer_m',
      pro: 'price_pro_m',
      business: 'price_deleted_at_stripe',
    });
  });

  it('creates a subscription Checkout Session for a new customer and reuses the customer', async () => {
    const u = await createUser(t);
    const first = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'price_pro_m', plan_name: 'pro' },
    });
    expect(first.body).toMatchObject({
      statusCode: 200,
      sessionId: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const session = fake.sessions.get(first.body.sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      success_url: `${t.baseUrl}/studio?subscription_success=true`,
      cancel_url: `${t.baseUrl}/pricing`,
    });
    expect(fake.customers.get(session.customer)!.metadata.user_id).toBe(u.id);
    const second = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'price_explorer_m', plan_name: 'explorer' },
    });
    expect(fake.sessions.get(second.body.sessionId)!.customer).toBe(session.customer);
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('Free');
  });

  it('answers the spec billing errors and a Stripe refusal', async () => {
    const u = await createUser(t);
    expect(
      (await api(t, 'POST', '/v1/billing/create-checkout-session', { body: { price_id: 'price_pro_m' } })).status,
    ).toBe(401);
    const free = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: null, plan_name: 'Free' },
    });
    expect(free.body).toMatchObject({ statusCode: 400, error: 'This plan is not available for upgrade.' });
    const unknown = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'test_price_pro' },
    });
    expect(unknown.status).toBe(400);
    const refused = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'price_deleted_at_stripe', plan_name: 'business' },
    });
    expect(refused).toMatchObject({ status: 502, body: { statusCode: 502, error: 'Could not initiate checkout.' } });
  });

  it('rejects webhooks whose signature does not match, and changes nothing', async () => {
    const u = await createUser(t);
    const { event } = await subscribe(u);
    expect((await deliver(event, null)).status).toBe(400);
    expect((await deliver(event, 't=1,v1=deadbeef')).status).toBe(400);
    const otherSecret = signer.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someone_else' });
    expect((await deliver(event, otherSecret)).status).toBe(400);
    const tampered = event.replace('"livemode": false', '"livemode": true');
    const sigOfOriginal = signer.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET });
    const bad = await deliver(tampered, sigOfOriginal);
    expect(bad).toMatchObject({ status: 400, body: { statusCode: 400, error: 'The webhook signature is not valid.' } });
    const old = signer.webhooks.generateTestHeaderString({
      payload: event,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(event, old)).status).toBe(400);
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('Free');
    expect(await balance(t, u.id)).toBe(25);
  });

  it('applies a paid checkout once, however often the event is replayed', async () => {
    const u = await createUser(t);
    const { event, paid } = await subscribe(u);
    for (let i = 0; i < 3; i++)
      expect(await deliver(event)).toMatchObject({ status: 200, body: { received: true, handled: true } });
    await deliver(fake.eventPayload('invoice.paid', paid.invoice));
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('pro');
    expect(await balance(t, u.id)).toBe(1225);
    const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(history.body.invoices).toEqual([
      {
        id: paid.invoice.id,
        description: expect.stringContaining('pro'),
        date: new Date(paid.invoice.status_transitions.paid_at * 1000).toISOString(),
        amount: 49,
        currency: 'usd',
        invoice_pdf: paid.invoice.invoice_pdf,
        kind: 'subscription',
        plan: 'pro',
        period_start: expect.any(String),
        period_end: expect.any(String),
        test_mode: false,
      },
    ]);
    expect(history.body.next_billing_date).toBe(
      new Date(paid.subscription.items.data[0].current_period_end * 1000).toISOString(),
    );
    const portal = await api(t, 'POST', '/v1/billing/create-portal-session', { token: u.token });
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    // A subscriber choosing another plan is sent to the portal, never into a second subscription.
    const change = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'price_explorer_m', plan_name: 'explorer' },
    });
    expect(change.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const ignored = await deliver(
      fake.eventPayload('charge.succeeded', { id: 'ch_1', object: 'charge', customer: paid.subscription.customer }),
    );
    expect(ignored).toMatchObject({ status: 200, body: { handled: false } });
  });

  it('reaches the same state whatever the order of events (renewal with rollover)', async () => {
    const u = await createUser(t);
    const { event: completed, paid } = await subscribe(u);
    const created = fake.eventPayload('customer.subscription.created', structuredClone(paid.subscription));
    const firstInvoice = fake.eventPayload('invoice.paid', structuredClone(paid.invoice));
    const renewal = fake.renew(paid.subscription.id);
    const updated = fake.eventPayload('customer.subscription.updated', structuredClone(renewal.subscription));
    const secondInvoice = fake.eventPayload('invoice.paid', structuredClone(renewal.invoice!));
    // The newest events arrive first, the oldest last: each sync re-reads Stripe, which is already renewed.
    for (const e of [secondInvoice, updated, firstInvoice, created, completed])
      expect((await deliver(e)).status).toBe(200);
    // Only the current period was seen: a first period, 25 Free credits kept, 1,200 granted, once.
    expect(await balance(t, u.id)).toBe(1225);
    const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(history.body.invoices.map((i: any) => i.id).sort()).toEqual([paid.invoice.id, renewal.invoice!.id].sort());

    // A further renewal is a renewal of the same subscription: floor(1225 * 33%) = 404 carried + 1,200.
    const third = fake.renew(paid.subscription.id);
    const e3 = fake.eventPayload('invoice.paid', third.invoice!);
    await deliver(e3);
    await deliver(e3);
    await deliver(updated);
    expect(await balance(t, u.id)).toBe(404 + 1200);
  });

  it('cancels at period end, keeps Pro until then, and ends on customer.subscription.deleted', async () => {
    const u = await createUser(t);
    const { event, paid } = await subscribe(u);
    await deliver(event);
    const cancel = await api(t, 'POST', '/v1/billing/cancel-subscription', { token: u.token });
    expect(cancel.body).toMatchObject({ statusCode: 200, cancel_at_period_end: true });
    expect(fake.subscriptions.get(paid.subscription.id)!.cancel_at_period_end).toBe(true);
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('pro');
    expect((await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token })).body.next_billing_date).toBeNull();
    const ended = fake.renew(paid.subscription.id);
    await deliver(fake.eventPayload('customer.subscription.deleted', ended.subscription));
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('Free');
    expect(await balance(t, u.id)).toBe(1225);
    // A late 'updated' event from before the cancel cannot bring the plan back.
    await deliver(fake.eventPayload('customer.subscription.updated', paid.subscription));
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('Free');
  });

  it('grants nothing for a period whose payment failed', async () => {
    const u = await createUser(t);
    const { event, paid } = await subscribe(u);
    await deliver(event);
    const failed = fake.failRenewal(paid.subscription.id);
    await deliver(fake.eventPayload('invoice.payment_failed', failed.invoice));
    expect(await balance(t, u.id)).toBe(1225);
    const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(history.body.invoices).toHaveLength(1);
  });

  it('cancels the Stripe subscription when the account is deleted', async () => {
    const u = await createUser(t);
    const { event, paid } = await subscribe(u);
    await deliver(event);
    for (const hook of t.ctx.userDeletionHooks) await hook(u.id);
    expect(fake.subscriptions.get(paid.subscription.id)!.status).toBe('canceled');
  });
});
