import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { loadConfig, ConfigError } from '../../../server/src/config/index.ts';

describe.each(DATABASE_KINDS)('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: false } });
  });
  afterAll(() => t?.close());

  it('reports the database and the queue in /healthz', async () => {
    const res = await fetch(`${t.baseUrl}/healthz`);
    const body: any = await res.json();
    expect(body.database).toEqual({ ok: true, kind });
    expect(body.queue.ok).toBe(true);
  });

  it('answers malformed JSON with 400 and the error shape the web app reads', async () => {
    const res = await fetch(`${t.baseUrl}/v1/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect((await res.json()) as any).toMatchObject({ statusCode: 400, error: 'The request body is not valid JSON.' });
  });

  it('refuses a 1 MB body with 413', async () => {
    const res = await fetch(`${t.baseUrl}/v1/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(1_000_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).statusCode).toBe(413);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${t.baseUrl}/v1/no-such-thing`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('names every wrong setting at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', WORKER_CONCURRENCY: '0' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('WORKER_CONCURRENCY');
    }
  });

  it('refuses half a Google configuration', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(/OIDC_ISSUER and OIDC_CLIENT_ID/);
  });
});
