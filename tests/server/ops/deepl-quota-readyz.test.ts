/**
 * Operators see an exhausted DeepL quota (issue 26 item 6): GET /readyz and GET /healthz ask DeepL's documented
 * GET /v2/usage (the local DeepL emulator answers it with the characters used and allowed). With the quota used up,
 * /readyz says `engine_quota: "exhausted"` (loopback: which engine and its figures) and stays ready, since the
 * other engines and the API still serve; /healthz's engines part is not ok and no longer lists DeepL as available.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const KEY = 'k-quota:fx';

describe('GET /readyz and /healthz report the DeepL quota', () => {
  let spent: Awaited<ReturnType<typeof startFakeDeepL>>;
  let fresh: Awaited<ReturnType<typeof startFakeDeepL>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    spent = await startFakeDeepL({ apiKey: KEY, characterLimit: 40 });
    fresh = await startFakeDeepL({ apiKey: KEY, characterLimit: 500_000 });
    // The account translates its last 40 characters before the servers start.
    const used = await fetch(`${spent.url}/v2/translate`, {
      method: 'POST',
      headers: { authorization: `DeepL-Auth-Key ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: ['Ask not what your country can do for you'], target_lang: 'DE' }),
    });
    expect(used.status).toBe(200);
    expect(spent.charactersUsed()).toBe(40);
    a = await startTestApp({ kind: 'pglite', env: { DEEPL_API_KEY: KEY, DEEPL_API_URL: spent.url } });
    b = await startTestApp({ kind: 'pglite', env: { DEEPL_API_KEY: KEY, DEEPL_API_URL: fresh.url } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await spent?.close();
    await fresh?.close();
  });

  it('an exhausted quota: /readyz says so and stays ready, /healthz marks the engines part', async () => {
    const ready = await fetch(`${a.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      engine_quota: 'exhausted',
      engine_quotas: [{ engine: 'deepl', exhausted: true, used: 40, limit: 40 }],
    });
    const health = await fetch(`${a.baseUrl}/healthz`);
    expect(health.status).toBe(503);
    const body = (await health.json()) as { status: string; engines: { ok: boolean; translation: string[] } };
    expect(body.status).toBe('degraded');
    expect(body.engines).toMatchObject({ ok: false, quota_exhausted: ['deepl'] });
    expect(body.engines.translation).not.toContain('deepl');
    // DeepL was asked as it documents (GET /v2/usage with the key), not by translating.
    const usage = spent.requests.filter((r) => r.path === '/v2/usage');
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.every((r) => r.method === 'GET' && r.headers.authorization === `DeepL-Auth-Key ${KEY}`)).toBe(true);
    expect(spent.requests.filter((r) => r.path === '/v2/translate')).toHaveLength(1);
  });

  it('a quota with characters left: ok on both', async () => {
    const ready = await fetch(`${b.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      engine_quota: 'ok',
      engine_quotas: [{ engine: 'deepl', exhausted: false, used: 0, limit: 500_000 }],
    });
    const health = (await (await fetch(`${b.baseUrl}/healthz`)).json()) as { engines: { ok: boolean } };
    expect(health.engines).toMatchObject({ ok: true, translation: expect.arrayContaining(['deepl']) as string[] });
  });

  it('the readiness probe asks DeepL at most every 30 s', async () => {
    const before = fresh.requests.filter((r) => r.path === '/v2/usage').length;
    for (let i = 0; i < 5; i++) expect((await fetch(`${b.baseUrl}/readyz`)).status).toBe(200);
    expect(fresh.requests.filter((r) => r.path === '/v2/usage').length).toBe(before);
  });
});
