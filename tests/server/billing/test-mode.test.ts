/**
 * Billing without Stripe keys (the embedded default): plans, the spec's billing errors, the test checkout that
 * applies a plan through the sync path, billing history, cancel at period end and renewal with rollover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, balance, createUser } from './billing-helpers.ts';
import { currentPlanOf } from '../../../server/src/modules/billing/current-plan.ts';
import { billingOf } from '../../../server/src/modules/billing/billing.context.ts';

describe.each(DATABASE_KINDS)('billing test mode on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('serves the reading-A catalog with test price ids', async () => {
    const { status, body } = await api(t, 'GET', '/v1/plans');
    expect(status).toBe(200);
    expect(body.billing_mode).toBe('test');
    expect(
      body.plans.map((p: any) => [p.planName, p.price, p.period, p.credits, p.priceId, p.rolloverPercent]),
    ).toEqual([
      ['Free', '$0', 'one-time', '25 credits', null, 0],
      ['explorer', '$19', '/month', '400 credits', 'test_price_explorer', 25],
      ['pro', '$49', '/month', '1,200 credits', 'test_price_pro', 33],
      ['business', '$129', '/month', '3,500 credits', 'test_price_business', 50],
    ]);
    const pro = body.plans.find((p: any) => p.planName === 'pro');
    expect(pro).toMatchObject({ popular: true, payAsYouGo: '$0.10/credit', allowance: 1200 });
    expect(body.plans.find((p: any) => p.planName === 'business').buttonText).toBe('Choose Business');
  });

  it('answers the spec billing errors: not signed in, Free, unknown price', async () => {
    const u = await createUser(t);
    const anon = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      body: { price_id: 'test_price_pro', plan_name: 'pro' },
    });
    expect(anon).toMatchObject({ status: 401, body: { statusCode: 401, error: 'Unauthorized' } });
    for (const body of [
      { price_id: null, plan_name: 'Free' },
      { price_id: 'price_nope', plan_name: 'pro' },
      { price_id: 'test_price_pro', plan_name: 'business' },
    ]) {
      const r = await api(t, 'POST', '/v1/billing/create-checkout-session', { token: u.token, body });
      expect(r).toMatchObject({
        status: 400,
        body: { statusCode: 400, error: 'This plan is not available for upgrade.' },
      });
    }
    expect((await api(t, 'POST', '/v1/billing/create-portal-session')).status).toBe(401);
    expect((await api(t, 'GET', '/v1/users/me/billing-history')).status).toBe(401);
    const cancel = await api(t, 'POST', '/v1/billing/cancel-subscription', { token: u.token });
    expect(cancel).toMatchObject({ status: 400, body: { statusCode: 400 } });
    expect(await balance(t, u.id)).toBe(25);
  });

  it('upgrades a Free user to Pro: 1,225 credits, Pro plan, a marked invoice and a next billing date', async () => {
    const u = await createUser(t);
    const checkout = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'test_price_pro', plan_name: 'pro' },
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.statusCode).toBe(200);
    expect(checkout.body.url).toBe(`/billing/test-checkout?session_id=${encodeURIComponent(checkout.body.sessionId)}`);
    // Nothing changes until the user confirms on the test page.
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('Free');
    const page = await api(
      t,
      'GET',
      `/v1/billing/test-checkout/session?session_id=${encodeURIComponent(checkout.body.sessionId)}`,
      { token: u.token },
    );
    expect(page.body).toMatchObject({
      test_mode: true,
      notice: 'TEST MODE — no payment taken',
      plan: { planName: 'pro', amount: 49, credits: 1200 },
    });

    const other = await createUser(t);
    const stolen = await api(t, 'POST', '/v1/billing/test-checkout/confirm', {
      token: other.token,
      body: { session_id: checkout.body.sessionId },
    });
    expect(stolen.status).toBe(400);

    const confirm = await api(t, 'POST', '/v1/billing/test-checkout/confirm', {
      token: u.token,
      body: { session_id: checkout.body.sessionId },
    });
    expect(confirm).toMatchObject({ status: 200, body: { statusCode: 200, url: '/studio?subscription_success=true' } });
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('pro');
    expect(await balance(t, u.id)).toBe(1225);

    // Confirming again (a double click, a reload) grants nothing more.
    await api(t, 'POST', '/v1/billing/test-checkout/confirm', {
      token: u.token,
      body: { session_id: checkout.body.sessionId },
    });
    expect(await balance(t, u.id)).toBe(1225);

    const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(history.status).toBe(200);
    expect(history.body.invoices).toHaveLength(1);
    const [inv] = history.body.invoices;
    expect(inv.amount).toBe(49);
    expect(inv.description).toContain('Pro plan');
    expect(inv.description).toContain('TEST MODE — no payment taken');
    // What the web words in the user's language (issue 15 item 7).
    expect(inv).toMatchObject({ kind: 'subscription', plan: 'pro', test_mode: true, currency: 'usd' });
    expect(new Date(inv.period_end).getTime() - new Date(inv.period_start).getTime()).toBeGreaterThan(27 * 86_400_000);
    const next = new Date(history.body.next_billing_date).getTime();
    expect(next - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(next - Date.now()).toBeLessThan(32 * 86_400_000);

    const pdf = await fetch(inv.invoice_pdf);
    expect(pdf.status).toBe(200);
    expect(await pdf.text()).toContain('TEST MODE — no payment taken');
    const forged = await fetch(inv.invoice_pdf.replace(/sig=[^&]+/, 'sig=forged'));
    expect(forged.status).toBe(404);

    const portal = await api(t, 'POST', '/v1/billing/create-portal-session', { token: u.token });
    expect(portal.body).toEqual({ statusCode: 200, url: '/billing/test-portal' });
    const again = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'test_price_pro', plan_name: 'pro' },
    });
    expect(again.status).toBe(409);
  });

  it('renews an ended period with 33% rollover (the renewal billing.renew runs), and a cancel keeps Pro until the period ends', async () => {
    const u = await createUser(t);
    const checkout = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'test_price_pro', plan_name: 'pro' },
    });
    await api(t, 'POST', '/v1/billing/test-checkout/confirm', {
      token: u.token,
      body: { session_id: checkout.body.sessionId },
    });
    expect(await balance(t, u.id)).toBe(1225);

    const first = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    const periodEnd = new Date(first.body.next_billing_date);
    const billing = billingOf(t.ctx);
    // Before the period ends nothing happens.
    await billing.renewDue(new Date(periodEnd.getTime() - 1000));
    expect(await balance(t, u.id)).toBe(1225);

    // Renewal: floor(1225 * 33%) = 404 carried, 821 expire, 1200 granted.
    const renewAt = new Date(periodEnd.getTime() + 60_000);
    await billing.renewDue(renewAt);
    expect(await balance(t, u.id)).toBe(404 + 1200);
    await billing.renewDue(renewAt); // the job running twice grants nothing more
    expect(await balance(t, u.id)).toBe(1604);
    const second = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(second.body.invoices).toHaveLength(2);
    expect(new Date(second.body.next_billing_date).getTime()).toBeGreaterThan(periodEnd.getTime());

    const cancel = await api(t, 'POST', '/v1/billing/cancel-subscription', { token: u.token });
    expect(cancel.body).toMatchObject({
      statusCode: 200,
      cancel_at_period_end: true,
      current_period_end: second.body.next_billing_date,
    });
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('pro');
    const third = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(third.body.next_billing_date).toBeNull();
    // The cancelled plan's end, which the subscription page shows (issue 22 item 9).
    expect(second.body.plan_ends_at).toBeNull();
    expect(third.body.plan_ends_at).toBe(second.body.next_billing_date);

    await billing.renewDue(new Date(new Date(second.body.next_billing_date).getTime() + 60_000));
    expect(await currentPlanOf(t.ctx.db, u.id)).toBe('Free');
    expect(await balance(t, u.id)).toBe(1604);
  });

  it('grants once when the confirm is sent five times at once', async () => {
    const u = await createUser(t);
    const checkout = await api(t, 'POST', '/v1/billing/create-checkout-session', {
      token: u.token,
      body: { price_id: 'test_price_explorer', plan_name: 'explorer' },
    });
    const confirms = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(t, 'POST', '/v1/billing/test-checkout/confirm', {
          token: u.token,
          body: { session_id: checkout.body.sessionId },
        }),
      ),
    );
    expect(confirms.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(t, u.id)).toBe(425);
    expect((await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token })).body.invoices).toHaveLength(1);
  });

  it('refuses a Stripe webhook when Stripe is not configured', async () => {
    const res = await fetch(`${t.baseUrl}/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});
