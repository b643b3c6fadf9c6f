/**
 * Test-mode renewal through the real 'billing.renew' job on the real queue: a Pro period that has ended is
 * renewed with 33% rollover by the worker, once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { subscriptions } from '../../../server/src/db/schema/index.ts';
import { api, balance, createUser } from './billing-helpers.ts';

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('timed out waiting for the renewal');
}

describe.each(DATABASE_KINDS)('billing.renew job on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: true } });
  });
  afterAll(() => t?.close());

  it('renews an ended test period with rollover', async () => {
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
    // A month passes: the period is moved back so that it ended a minute ago.
    await t.ctx.db
      .update(subscriptions)
      .set({
        currentPeriodStart: sql`${subscriptions.currentPeriodStart} - (${subscriptions.currentPeriodEnd} - now()) - interval '1 minute'`,
        currentPeriodEnd: sql`now() - interval '1 minute'`,
      })
      .where(sql`${subscriptions.userId} = ${u.id}`);
    await t.ctx.queue.send('billing.renew', { version: 1 });
    await waitFor(async () => (await balance(t, u.id)) !== 1225);
    expect(await balance(t, u.id)).toBe(404 + 1200);
    const history = await api(t, 'GET', '/v1/users/me/billing-history', { token: u.token });
    expect(history.body.invoices).toHaveLength(2);
    expect(new Date(history.body.next_billing_date).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });
});
