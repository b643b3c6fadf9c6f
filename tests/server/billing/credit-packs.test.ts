/**
 * Pay-as-you-go credit packs (issue 23 item 4), on both databases: in Stripe mode (the real SDK against the local
 * Stripe server) a Pro user buys 100 credits through a payment-mode Checkout Session at $0.10/credit: after
 * `checkout.session.completed` the balance is +100 once (a replayed event grants nothing), with a ledger entry and a
 * billing-history row; a Free user cannot buy. In test mode the local checkout page does the same without payment.
 * A renewal expires none of the pack credits.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.server.ts';
import { api, balance, createUser, type TestUser } from './billing-helpers.ts';
import { creditLedger } from '../../../server/src/db/schema/index.ts';
import { billingOf } from '../../../server/src/modules/billing/billing.context.ts';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const signer = new Stripe('sk_test_signer_only');

const packEntries = async (t: TestApp, userId: string) =>
  (
    await t.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId)))
  ).filter((e) => e.idempotencyKey?.startsWith('pack:'));

describe.each(DATABASE_KINDS)('credit packs with Stripe on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ prices: { price_explorer_m: 1900, price_pro_m: 4900, price_business_m: 12900 } });
    t = await startTestApp({
      kind,
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        STRIPE_PRICE_EXPLORER: 'price_explorer_m',
        STRIPE_PRICE_PRO: 'price_pro_m',
        STRIPE_PRICE_BUSINESS: 'price_business_m',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function deliver(type: string, object: Record<string, unknown>) {
    const payload = fake.eventPayload(type, object);
    const res = await fetch(`${t.baseUrl}/v1/billing/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    return { status: res.status, body: await res.json() };
  }

  async function proUser(): Promise<TestUser> {
    const u = await createUser(t);
    const checkout = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'price_pro_m', plan_name: 'pro' },
    });
    const paid = fake.completeCheckout(checkout.body.sessionId);
    expect((await deliver('checkout.session.completed', paid.session)).status).toBe(200);
    return u;
  }

  it('a Pro user buys 100 credits for $10 in payment mode: +100 once, a ledger entry and a billing-history row', async () => {
    const u = await proUser();
    const before = await balance(t, u.id);
    const checkout = await api(t, 'POST', '/v1/billing/credit-packs/checkout', {
      token: u.token,
      body: { credits: 100 },
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ amount: 10, credits: 100 });
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const session = fake.sessions.get(checkout.body.sessionId)!;
    expect(session.mode).toBe('payment');
    expect(session.amount_total).toBe(1000);
    expect(session.metadata).toMatchObject({ kind: 'credit_pack', credits: '100', user_id: u.id });
    // Nothing before the payment.
    expect(await balance(t, u.id)).toBe(before);

    const paid = fake.completePayment(checkout.body.sessionId);
    const first = await deliver('checkout.session.completed', paid);
    expect(first).toMatchObject({ status: 200, body: { received: true, handled: true } });
    expect(await balance(t, u.id)).toBe(before + 100);
    // Stripe may send an event twice.
    await deliver('checkout.session.completed', paid);
    expect(await balance(t, u.id)).toBe(before + 100);
    const entries = await packEntries(t, u.id);
    expect(entries.map((e) => [e.kind, e.amount, e.idempotencyKey])).toEqual([['grant', 100, `pack:${paid.id}`]]);
    const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(history.body.invoices).toContainEqual(
      expect.objectContaining({
        id: paid.id,
        amount: 10,
        // A pack's row is its own kind with its credits, so the web app words it in the user's language (issue 38).
        kind: 'credit_pack',
        credits: 100,
        plan: null,
        description: '100 credits (pay-as-you-go)',
      }),
    );
  });

  it('an unpaid session grants nothing; a forged session of another customer grants nothing', async () => {
    const u = await proUser();
    const before = await balance(t, u.id);
    const checkout = await api(t, 'POST', '/v1/billing/credit-packs/checkout', {
      token: u.token,
      body: { credits: 500 },
    });
    const open = fake.sessions.get(checkout.body.sessionId)!;
    // The event claims "paid", but Stripe's own answer (re-read) says unpaid.
    await deliver('checkout.session.completed', { ...open, payment_status: 'paid', _line_items: undefined });
    expect(await balance(t, u.id)).toBe(before);
  });

  it('a Free user cannot buy a pack (403 PACKS_NOT_IN_PLAN), nor an odd size (400)', async () => {
    const u = await createUser(t);
    const refused = await api(t, 'POST', '/v1/billing/credit-packs/checkout', {
      token: u.token,
      body: { credits: 100 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PACKS_NOT_IN_PLAN');
    const pro = await proUser();
    const odd = await api(t, 'POST', '/v1/billing/credit-packs/checkout', { token: pro.token, body: { credits: 123 } });
    expect(odd.status).toBe(400);
  });
});

describe.each(DATABASE_KINDS)('credit packs in test mode on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('buys 100 credits at the Business rate ($5) on the test page, and a renewal expires none of them', async () => {
    const u = await createUser(t);
    const plan = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'test_price_business', plan_name: 'business' },
    });
    await api(t, 'POST', '/v1/billing/test-checkout/confirm', {
      token: u.token,
      body: { session_id: plan.body.sessionId },
    });
    const before = await balance(t, u.id);
    expect(before).toBe(25 + 3500);
    const pack = await api(t, 'POST', '/v1/billing/credit-packs/checkout', { token: u.token, body: { credits: 100 } });
    expect(pack.body).toMatchObject({ amount: 5, credits: 100 });
    const page = await api(
      t,
      'GET',
      `/v1/billing/test-checkout/session?session_id=${encodeURIComponent(pack.body.sessionId)}`,
      {
        token: u.token,
      },
    );
    expect(page.body.plan).toMatchObject({ planName: 'credit_pack', amount: 5, credits: 100 });
    for (let i = 0; i < 2; i++)
      expect(
        (
          await api(t, 'POST', '/v1/billing/test-checkout/confirm', {
            token: u.token,
            body: { session_id: pack.body.sessionId },
          })
        ).status,
      ).toBe(200);
    expect(await balance(t, u.id)).toBe(before + 100);
    const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(history.body.invoices.filter((i: any) => i.amount === 5 && i.test_mode)).toHaveLength(1);

    // The period ends: 3,625 unused, of which 100 are pack credits. 50% of the other 3,525 roll over (1,762).
    const next = new Date(history.body.next_billing_date);
    await billingOf(t.ctx).renewDue(new Date(next.getTime() + 60_000));
    expect(await balance(t, u.id)).toBe(100 + Math.floor(3525 / 2) + 3500);
  });
});
