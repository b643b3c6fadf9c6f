/**
 * The public /healthz tells a load balancer whether the instance is healthy, not what it runs (issue 24, LOW): an
 * outside client gets `{ status, <part>: { ok } }` with no engine names and no database, storage or mail kinds;
 * operators (loopback, like /metrics) still get the details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('public /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  it('names no engines or kinds to an outside client; operators see them', async () => {
    const outside = await fetch(`${t.baseUrl}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    // The test app's queue is not started, so the answer may be 503 'degraded': the shape is what matters here.
    const text = await outside.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(['ok', 'degraded']).toContain(body.status);
    for (const [name, part] of Object.entries(body))
      if (name !== 'status') expect(Object.keys(part as object)).toEqual(['ok']);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['database', 'queue', 'mail', 'storage', 'engines']));
    expect(text).not.toMatch(/pglite|postgres|outbox|smtp|local|apertium|espeak|pocketsphinx|kind/i);

    const ops = (await (await fetch(`${t.baseUrl}/healthz`)).json()) as { database: { kind: string } };
    expect(ops.database.kind).toBe('pglite');
  });
});
