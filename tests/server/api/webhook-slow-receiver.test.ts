/**
 * Slow webhook receivers (issue 35 item 3): one account's 3 endpoints answer 200 with `Content-Length: 100000` and
 * then trickle a byte a second, under the 2 s deadline set here, so only a total deadline ends their tries.
 * Another account's test event still arrives within seconds; each slow endpoint gets at most 2 tries at once and
 * the account at most 4, each try ends at the deadline with its socket closed and is logged as a timeout, is
 * retried on the back-off, and once the retry window (5 s here) is spent the deliveries fail and the endpoints are
 * disabled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/server-process.ts';
import { api } from '../jobs/fixtures.ts';
import { proUserWithKey } from './api-helpers.ts';
import { startReceiver, startTricklingReceiver, type Receiver, type TricklingReceiver } from './webhook-receiver.ts';

const TIMEOUT_SECONDS = 2;

describe.concurrent.each(DATABASE_KINDS)('a trickling webhook receiver on %s', (kind) => {
  let t: TestApp;
  let slow: TricklingReceiver;
  let fast: Receiver;
  beforeAll(async () => {
    t = await startTestApp({
      kind,
      queue: { work: true },
      env: {
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
        WEBHOOK_RETRY_BASE_SECONDS: '1',
        WEBHOOK_RETRY_WINDOW_SECONDS: '5',
      },
    });
    slow = await startTricklingReceiver(1000);
    fast = await startReceiver(0);
  });
  afterAll(async () => {
    await slow?.close();
    await fast?.close();
    await t?.close();
  });

  it('delays no other account; their tries time out, are logged, retried, then the endpoints are disabled', async () => {
    const a = await proUserWithKey(t);
    const b = await proUserWithKey(t);
    const slowHooks: Array<{ id: string }> = [];
    for (let i = 0; i < 3; i++)
      slowHooks.push((await api(t, a.key, 'POST', '/v1/webhooks', { url: `${slow.url}/${i}` })).body);
    const fastHook = (await api(t, b.key, 'POST', '/v1/webhooks', { url: fast.url })).body;
    // Sent at once, so one fetch finds them all: only the per-account cap keeps them under 6 at once.
    const sends = slowHooks.flatMap((hook) =>
      [0, 1, 2].map(() => api(t, a.key, 'POST', `/v1/webhooks/${hook.id}/test`)),
    );
    for (const r of await Promise.all(sends)) expect(r.status).toBe(202);
    await until('the slow receiver holding a try', async () => slow.requests.length > 0, 10_000);

    const sent = Date.now();
    await api(t, b.key, 'POST', `/v1/webhooks/${fastHook.id}/test`);
    await until('the other endpoint’s event', async () => fast.received.length > 0, 10_000);
    expect(Date.now() - sent).toBeLessThan(4000);

    type Delivery = { status: string; attempts: Array<{ status: number | null; error: string | null }> };
    const deliveries: Delivery[] = [];
    for (const hook of slowHooks) {
      await until(
        'the slow endpoint disabled',
        async () =>
          (await api(t, a.key, 'GET', '/v1/webhooks')).body.endpoints.find(
            (e: { id: string; disabled_at: string | null }) => e.id === hook.id && e.disabled_at,
          ),
        40_000,
      );
      const settled: Delivery[] = await until(
        'every slow delivery settled',
        async () => {
          const d: Delivery[] = (await api(t, a.key, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).body.deliveries;
          return d.every((x) => x.status !== 'pending') && d;
        },
        20_000,
      );
      expect(settled).toHaveLength(3);
      deliveries.push(...settled);
    }
    const sentTries = deliveries.flatMap((d) => d.attempts.filter((x) => x.error !== 'the endpoint is disabled'));
    for (const d of deliveries) expect(d.status).toBe('failed');
    // Each try is logged as a timeout with the status the receiver had sent, and retried on the back-off.
    for (const attempt of sentTries) {
      expect(attempt.status).toBe(200);
      expect(attempt.error).toBe('timeout: the answer (status 200) did not finish within 2 s');
    }
    expect(Math.max(...deliveries.map((d) => d.attempts.length))).toBeGreaterThanOrEqual(2);
    // Every try the receiver saw was cut at the deadline (its connection closed); never more than 2 at once to one
    // endpoint, 4 to the account.
    expect(slow.maxOpen).toBeLessThanOrEqual(4);
    for (const n of slow.maxOpenPerPath.values()) expect(n).toBeLessThanOrEqual(2);
    expect(slow.requests).toHaveLength(sentTries.length);
    for (const r of slow.requests) expect(r.closedAt! - r.at).toBeLessThan(TIMEOUT_SECONDS * 1000 + 1000);
  }, 60_000);
});
