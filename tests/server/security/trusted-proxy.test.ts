/**
 * TRUST_PROXY trusts only the configured proxy hops (issue 24 item 12). Behind one proxy (`TRUST_PROXY=true`, one
 * hop), the proxy appends the address it saw to whatever X-Forwarded-For the client sent: a client that sends
 * `X-Forwarded-For: 127.0.0.1` no longer opens /metrics, and rotating a forged left-most address no longer
 * escapes the per-IP sign-in limit. A list of proxy addresses is honoured the same way; a bad value is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { loadConfig, ConfigError } from '../../../server/src/config/index.ts';

/** The address the (test's) proxy saw: an outside client. */
const OUTSIDE = '203.0.113.7';

describe.each([
  ['a hop count (true = 1)', 'true'],
  ['the proxy address', '127.0.0.1'],
])('TRUST_PROXY as %s', (_name, value) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: value } });
  });
  afterAll(() => t?.close());

  it('a forged X-Forwarded-For: 127.0.0.1 from outside gets 403 on /metrics; the proxy itself gets in', async () => {
    const forged = await fetch(`${t.baseUrl}/metrics`, { headers: { 'x-forwarded-for': `127.0.0.1, ${OUTSIDE}` } });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(200);
  });

  it('rotating the left-most address does not escape the per-IP sign-in limit (10 a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${t.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': `10.24.0.${i + 1}, ${OUTSIDE}` },
        body: new URLSearchParams({ username: `nobody-${i}@example.com`, password: 'Wrong1xyz' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY values', () => {
  it('refuses a value that is no hop count or address list', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
  });
});
