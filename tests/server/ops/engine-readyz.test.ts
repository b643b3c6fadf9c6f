/**
 * Each configured engine's health in GET /readyz's detail (issue 21 item 5), as an operator reads it: every engine
 * of every stage with its kind, whether its check answered, when and how fast, DeepL's quota and the capped
 * engines' spend. An engine that does not answer (LibreTranslate on a closed port) is listed not available and the
 * instance stays ready; an outside client sees no engine at all; probes reuse one check for 30 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { freePort } from '../helpers/server-process.ts';

const KEY = 'k-readyz-engines';

interface EngineEntry {
  engine: string;
  stage: string;
  kind: string;
  available: boolean;
  checked_at: string;
  latency_ms: number;
  quota?: { exhausted: boolean | null; used: number | null; limit: number | null };
  spend?: { spent_usd: number; cap_usd: number; reached: boolean };
}

describe("GET /readyz lists each configured engine's health for operators", () => {
  let deepl: Awaited<ReturnType<typeof startFakeDeepL>>;
  let t: TestApp;
  beforeAll(async () => {
    deepl = await startFakeDeepL({ apiKey: KEY, characterLimit: 500_000 });
    // Nothing listens on this port: LibreTranslate is configured but down.
    const closed = await freePort();
    t = await startTestApp({
      kind: 'pglite',
      env: {
        TRUST_PROXY: 'true',
        DEEPL_API_KEY: KEY,
        DEEPL_API_URL: deepl.url,
        DEEPL_MONTHLY_SPEND_CAP_USD: '200',
        LIBRETRANSLATE_URL: `http://127.0.0.1:${closed}`,
      },
      queue: { work: false },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('every engine with its check; one that is down is listed not available and the instance stays ready', async () => {
    const res = await fetch(`${t.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; engines: EngineEntry[] };
    expect(body.status).toBe('ready');
    const line = (e: EngineEntry) =>
      `${e.stage}/${e.engine} ${e.kind} available=${e.available} ${e.latency_ms} ms` +
      (e.quota ? ` quota ${e.quota.used}/${e.quota.limit}` : '') +
      (e.spend ? ` spend ${e.spend.spent_usd}/${e.spend.cap_usd} USD` : '');
    console.log(`/readyz engines:\n  ${body.engines.map(line).join('\n  ')}`);
    const of = (stage: string, engine: string) => body.engines.find((e) => e.stage === stage && e.engine === engine);
    // Best first per stage, network engines before the local ones.
    expect(body.engines.filter((e) => e.stage === 'translation').map((e) => e.engine)).toEqual([
      'deepl',
      'libretranslate',
      'apertium',
    ]);
    expect(of('translation', 'deepl')).toMatchObject({
      kind: 'network',
      available: true,
      quota: { exhausted: false, used: 0, limit: 500_000 },
      spend: { spent_usd: 0, cap_usd: 200, reached: false },
    });
    expect(of('translation', 'libretranslate')).toMatchObject({ kind: 'network', available: false });
    expect(of('translation', 'libretranslate')?.quota).toBeUndefined();
    for (const [stage, engine] of [
      ['speech', 'pocketsphinx'],
      ['translation', 'apertium'],
      ['voice', 'flite'],
      ['voice', 'espeak-ng'],
      ['speakers', 'classic'],
    ])
      expect(of(stage, engine)).toMatchObject({ kind: 'local', available: true });
    for (const e of body.engines) {
      expect(Date.now() - Date.parse(e.checked_at)).toBeLessThan(60_000);
      expect(e.latency_ms).toBeGreaterThanOrEqual(0);
    }
    // /healthz says the same from the same check: LibreTranslate is not among the available translators.
    const health = (await (await fetch(`${t.baseUrl}/healthz`)).json()) as { engines: { translation: string[] } };
    expect(health.engines.translation).toEqual(['deepl', 'apertium']);
  });

  it('an outside client gets readiness without any engine', async () => {
    const res = await fetch(`${t.baseUrl}/readyz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).not.toHaveProperty('engines');
    expect(text).not.toMatch(/deepl|libretranslate|apertium|pocketsphinx|espeak|latency/i);
  });

  it('probes within 30 s reuse one check: DeepL is not asked again', async () => {
    const asked = () => deepl.requests.filter((r) => r.path === '/v2/usage').length;
    const first = ((await (await fetch(`${t.baseUrl}/readyz`)).json()) as { engines: EngineEntry[] }).engines;
    const before = asked();
    for (let i = 0; i < 5; i++) {
      const again = ((await (await fetch(`${t.baseUrl}/readyz`)).json()) as { engines: EngineEntry[] }).engines;
      expect(again.map((e) => e.checked_at)).toEqual(first.map((e) => e.checked_at));
    }
    await fetch(`${t.baseUrl}/healthz`);
    expect(asked()).toBe(before);
  });
});
