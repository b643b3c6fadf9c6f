/**
 * One contract for both billing providers (architecture.md: every adapter of one kind passes one shared suite):
 * the local test mode and Stripe (the real SDK against the local Stripe server) give a user the same outcome for
 * upgrade, replay, cancel at period end and the end of the period, on both databases.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.server.ts';
import { api, balance, createUser, type TestUser } from './billing-helpers.ts';
import { currentPlanOf } from '../../../server/src/modules/billing/current-plan.ts';
import { billingOf } from '../../../server/src/modules/billing/billing.context.ts';

/** What differs between providers: how the user pays, and how the period ends. */
interface Provider {
  env(): Promise<Record<string, string>>;
  /** Completes the payment of a checkout answer the way the provider does it (confirm page, or Stripe + webhook). */
  pay(t: TestApp, u: TestUser, checkout: { sessionId: string; url: string }): Promise<void>;
  /** Lets the current period end. */
  endPeriod(t: TestApp, u: TestUser, periodEnd: string): Promise<void>;
  close(): Promise<void>;
}

const WEBHOOK_SECRET = 'whsec_contract_0123456789abcdef';
const signer = new Stripe('sk_test_signer_only');

function testModeProvider(): Provider {
  return {
    env: async () => ({}),
    async pay(t, u, checkout) {
      expect(checkout.url).toMatch(/^\/billing\/test-checkout\?session_id=/);
      const r = await api(t, 'POST', '/v1/billing/test-checkout/confirm', {
        token: u.token,
        body: { session_id: checkout.sessionId },
      });
      expect(r.body.url).toBe('/studio?subscription_success=true');
    },
    async endPeriod(t, _u, periodEnd) {
      await billingOf(t.ctx).renewDue(new Date(new Date(periodEnd).getTime() + 60_000));
    },
    close: async () => {},
  };
}

function stripeProvider(): Provider {
  let fake: FakeStripe;
  const subs = new Map<string, string>();
  const deliver = async (t: TestApp, payload: string) => {
    const res = await fetch(`${t.baseUrl}/v1/billing/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(res.status).toBe(200);
  };
  return {
    async env() {
      fake = await startFakeStripe({ prices: { price_c_explorer: 1900, price_c_pro: 4900, price_c_business: 12900 } });
      return {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        STRIPE_PRICE_EXPLORER: 'price_c_explorer',
        STRIPE_PRICE_PRO: 'price_c_pro',
        STRIPE_PRICE_BUSINESS: 'price_c_business',
      };
    },
    async pay(t, u, checkout) {
      expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      const paid = fake.completeCheckout(checkout.sessionId);
      subs.set(u.id, paid.subscription.id);
      await deliver(t, fake.eventPayload('checkout.session.completed', paid.session));
    },
    async endPeriod(t, u) {
      const ended = fake.renew(subs.get(u.id)!);
      await deliver(t, fake.eventPayload('customer.subscription.deleted', ended.subscription));
    },
    close: async () => fake?.close(),
  };
}

describe.each(DATABASE_KINDS)('billing contract on %s', (kind) => {
  describe.each([
    ['test mode', testModeProvider],
    ['Stripe', stripeProvider],
  ] as const)('%s', (_name, makeProvider) => {
    let t: TestApp;
    let provider: Provider;
    beforeAll(async () => {
      provider = makeProvider();
      t = await startTestApp({ kind, env: await provider.env() });
    });
    afterAll(async () => {
      await t?.close();
      await provider?.close();
    });

    it('upgrades Free to Pro once, cancels at period end, and returns to Free keeping the credits', async () => {
      const plans = (await api(t, 'GET', '/v1/plans')).body.plans;
      const pro = plans.find((p: any) => p.planName === 'pro');
      expect(plans.find((p: any) => p.planName === 'Free').priceId).toBeNull();
      const u = await createUser(t);

      const checkout = await api(t, 'POST', '/v1/billing/create-checkout-session', {
        token: u.token,
        body: { price_id: pro.priceId, plan_name: 'pro' },
      });
      expect(checkout.body.statusCode).toBe(200);
      await provider.pay(t, u, checkout.body);
      expect(await currentPlanOf(t.ctx.db, u.id)).toBe('pro');
      expect(await balance(t, u.id)).toBe(1225);

      const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
      expect(history.body.invoices).toHaveLength(1);
      expect(history.body.invoices[0]).toMatchObject({
        amount: 49,
        invoice_pdf: expect.stringMatching(/^https?:\/\//),
      });
      const days = (new Date(history.body.next_billing_date).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(27);
      expect(days).toBeLessThan(32);

      const cancel = await api(t, 'POST', '/v1/billing/cancel-subscription', { token: u.token });
      expect(cancel.body).toMatchObject({
        statusCode: 200,
        cancel_at_period_end: true,
        current_period_end: history.body.next_billing_date,
      });
      expect(await currentPlanOf(t.ctx.db, u.id)).toBe('pro');
      expect(
        (await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token })).body.next_billing_date,
      ).toBeNull();

      await provider.endPeriod(t, u, history.body.next_billing_date);
      expect(await currentPlanOf(t.ctx.db, u.id)).toBe('Free');
      expect(await balance(t, u.id)).toBe(1225);
      const again = await api(t, 'POST', '/v1/billing/cancel-subscription', { token: u.token });
      expect(again.status).toBe(400);
    });
  });
});
