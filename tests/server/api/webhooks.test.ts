/**
 * Signed webhooks (issue 23 item 3, issue 35 item 3): a receiver that fails 3 times gets the event on the 4th try,
 * each try signed as Standard Webhooks 1.0 (checked with the official `standardwebhooks` library, as a receiver
 * does) and logged with its status code; an endpoint made before (legacy secret) also gets the old header; in production mode URLs that are not https or that
 * resolve to loopback, private or link-local addresses (169.254.169.254) are refused, and checked again at delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/server-process.ts';
import { api, createUser } from '../jobs/fixtures.ts';
import { webhookEndpoints } from '../../../server/src/db/schema/index.ts';
import { isBlockedAddress } from '../../../server/src/modules/webhooks/address-guard.ts';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, verifyLegacySignature } from '../../../server/src/modules/webhooks/webhook-signature.ts';
import { proUserWithKey } from './api-helpers.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

// The databases' runs go side by side (each its own app and receiver): most of a run is waiting out the 1 s, 2 s,
// 4 s back-off. Within a database the tests run one after the other.
describe.concurrent.each(DATABASE_KINDS)('webhook deliveries on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  let okReceiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp({
      kind,
      queue: { work: true },
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_BASE_SECONDS: '1' },
    });
    receiver = await startReceiver(3);
    okReceiver = await startReceiver(0);
  });
  afterAll(async () => {
    await receiver?.close();
    await okReceiver?.close();
    await t?.close();
  });

  it.sequential(
    'a receiver failing 3 times gets the signed event on the 4th try; the log shows 500, 500, 500, 200',
    async () => {
      const { key } = await proUserWithKey(t);
      const created = await api(t, key, 'POST', '/v1/webhooks', { url: receiver.url });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        url: receiver.url,
        events: ['job.completed', 'job.failed'],
        disabled_at: null,
      });
      const secret: string = created.body.secret;
      expect(secret).toMatch(/^whsec_/);
      expect(JSON.stringify((await api(t, key, 'GET', '/v1/webhooks')).body)).not.toContain(secret);

      const test = await api(t, key, 'POST', `/v1/webhooks/${created.body.id}/test`);
      expect(test.status).toBe(202);
      await until('the 4th try', async () => receiver.received.length >= 4, 60_000);
      expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 500, 200]);
      const events = receiver.received.map((r) => JSON.parse(r.body));
      expect(new Set(events.map((e) => e.id)).size).toBe(1);
      expect(events[0]).toMatchObject({ type: 'webhook.test', data: { object: null } });
      const receiverLib = new Webhook(secret);
      for (const r of receiver.received) {
        expect(r.headers['webhook-id']).toBe(events[0].id);
        expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
        expect(r.headers['tarjama-signature']).toBeUndefined();
        expect(receiverLib.verify(r.body, r.headers as Record<string, string>)).toMatchObject({ id: events[0].id });
        expect(() =>
          new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
            r.body,
            r.headers as Record<string, string>,
          ),
        ).toThrow(/signature/i);
        expect(() => receiverLib.verify(r.body + ' ', r.headers as Record<string, string>)).toThrow(/signature/i);
      }
      const tries = receiver.received.map((r) => Number(r.headers['webhook-timestamp']));
      // Back-off: 1 s, 2 s, 4 s between tries (whole seconds, pg-boss polls every second).
      expect(tries[3] - tries[0]).toBeGreaterThanOrEqual(6);

      const log = await until(
        'the delivery log',
        async () => {
          const l = await api(t, key, 'GET', `/v1/webhooks/${created.body.id}/deliveries`);
          return l.body.deliveries[0]?.status === 'succeeded' ? l : null;
        },
        10_000,
      );
      expect(log.body.deliveries[0].attempts.map((a: any) => a.status)).toEqual([500, 500, 500, 200]);
    },
    90_000,
  );

  it.sequential(
    'an endpoint made before Standard Webhooks (legacy secret) gets both headers: the old one and the new one',
    async () => {
      const { user, key } = await proUserWithKey(t);
      const received = okReceiver.received;
      const before = received.length;
      // A secret as they were made before issue 35: whsec_ + 32 bytes in URL-safe base64.
      const legacySecret = `whsec_${Buffer.alloc(32, 0xfb).toString('base64url')}`;
      const [row] = await t.ctx.db
        .insert(webhookEndpoints)
        .values({ userId: user.id, url: okReceiver.url, secret: legacySecret, events: ['job.completed'] })
        .returning();
      await api(t, key, 'POST', `/v1/webhooks/${row.id}/test`);
      await until('the legacy delivery', async () => received.length > before, 20_000);
      const r = received.at(-1)!;
      const legacy = r.headers['tarjama-signature'] as string;
      expect(legacy).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyLegacySignature(r.body, legacy, legacySecret)).toBe(true);
      expect(verifyLegacySignature(r.body, legacy, 'whsec_wrong')).toBe(false);
      // A replay 6 minutes later is refused.
      expect(verifyLegacySignature(r.body, legacy, legacySecret, Number(r.headers['webhook-timestamp']) + 360)).toBe(
        false,
      );
      // The same key bytes in standard base64 (docs/webhooks.md, "Migration") verify with the official library.
      const converted = `whsec_${Buffer.from(legacySecret.slice(6), 'base64url').toString('base64')}`;
      expect(new Webhook(converted).verify(r.body, r.headers as Record<string, string>)).toMatchObject({
        type: 'webhook.test',
      });
    },
  );

  it.sequential("another account gets 404 on the endpoint's ids; Free accounts cannot add endpoints", async () => {
    const a = await proUserWithKey(t);
    const b = await proUserWithKey(t);
    const created = await api(t, a.key, 'POST', '/v1/webhooks', { url: receiver.url, events: ['job.failed'] });
    for (const [method, path] of [
      ['POST', `/v1/webhooks/${created.body.id}/test`],
      ['GET', `/v1/webhooks/${created.body.id}/deliveries`],
      ['DELETE', `/v1/webhooks/${created.body.id}`],
    ] as const) {
      const r = await api(t, b.key, method, path);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('WEBHOOK_NOT_FOUND');
    }
    expect((await api(t, b.key, 'GET', '/v1/webhooks')).body.endpoints).toEqual([]);
    const free = await createUser(t, 25);
    expect((await api(t, free, 'POST', '/v1/webhooks', { url: receiver.url })).body.code).toBe(
      'API_ACCESS_NOT_IN_PLAN',
    );
  });
});

describe('webhook URLs in production mode (SSRF guard)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true }, env: { NODE_ENV: 'production' } });
    receiver = await startReceiver(0);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('refuses http, and URLs resolving to 127.0.0.1, 169.254.169.254 or private ranges', async () => {
    const { key } = await proUserWithKey(t);
    for (const [url, why] of [
      ['http://example.com/hook', /https/],
      ['https://localhost/hook', /127\.0\.0\.1|::1/],
      ['https://127.0.0.1/hook', /127\.0\.0\.1/],
      ['https://169.254.169.254/latest/meta-data', /169\.254\.169\.254/],
      ['https://10.1.2.3/hook', /10\.1\.2\.3/],
      ['https://[::1]/hook', /::1/],
      ['https://[::ffff:127.0.0.1]/hook', /127\.0\.0\.1|::ffff/],
      // IPv4-compatible loopback (the URL keeps it as [::7f00:1]), 6to4 of loopback, site-local (issue 35 item 6).
      ['https://[::127.0.0.1]/', /::7f00:1/],
      ['https://[2002:7f00:1::]/', /2002:7f00:1::/],
      ['https://[fec0::1]/', /fec0::1/],
    ] as const) {
      const r = await api(t, key, 'POST', '/v1/webhooks', { url });
      expect(r.status, url).toBe(400);
      expect(r.body.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
      expect(r.body.error).toMatch(why);
    }
    expect((await api(t, key, 'GET', '/v1/webhooks')).body.endpoints).toEqual([]);
  });

  it('checks again at delivery: an endpoint now pointing at 127.0.0.1 gets nothing and the log says why', async () => {
    const { user, key } = await proUserWithKey(t);
    // As if its name resolved elsewhere when it was added: the row is written directly.
    const [row] = await t.ctx.db
      .insert(webhookEndpoints)
      .values({ userId: user.id, url: receiver.url, secret: newWebhookSecret(), events: ['job.completed'] })
      .returning();
    await api(t, key, 'POST', `/v1/webhooks/${row.id}/test`);
    const log = await until(
      'a refused try',
      async () => {
        const l = await api(t, key, 'GET', `/v1/webhooks/${row.id}/deliveries`);
        return l.body.deliveries[0]?.attempts.length ? l : null;
      },
      30_000,
    );
    expect(log.body.deliveries[0].attempts[0]).toMatchObject({ status: null });
    expect(log.body.deliveries[0].attempts[0].error).toMatch(/refused|https/);
    expect(receiver.received).toEqual([]);
  });

  it('knows the blocked ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::a00:1', // IPv4-compatible 10.0.0.1
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1 (bits inverted)
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '64:ff9b:1::1', // NAT64 local-use prefix: its embedding is the operator's choice
      '::ffff:0:a00:1', // IPv4-translated 10.0.0.1
      'fec0::1', // site-local (deprecated, still routed inside sites)
      '2001:db8::1', // documentation
      '100::1', // discard
      '255.255.255.255',
      '198.18.0.1', // benchmarking
      'not an address',
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
    for (const ip of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '2002:808:808::1', // 6to4 of 8.8.8.8
      '64:ff9b::808:808', // NAT64 of 8.8.8.8
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo, client 8.8.8.8
    ])
      expect(isBlockedAddress(ip), ip).toBe(false);
  });
});
