/**
 * Issue 35 items 7, 8 and 9, on PGlite (no limit of the database or money moves here; the rate counter is in the
 * process): a request's log lines never hold the API key sent as `?api_key=` or a download link's signature; a key
 * cannot create or revoke keys (403 API_KEY_SESSION_REQUIRED, signed in it can); and an account's keys share one rate,
 * so a second key is refused once the first has used the account's minute.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createLogger } from '../../../server/src/logger.ts';
import { api } from '../jobs/fixtures.ts';
import { keyUser, proUserWithKey } from './api-helpers.ts';

const RATE = 5;

describe('API key rules', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logger = createLogger(
      'info',
      new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
    );
    t = await startTestApp({
      kind: 'pglite',
      logger,
      env: { RATE_LIMIT_ENABLED: 'false', API_KEY_RATE_PER_MINUTE: String(RATE) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the log of a request with ?api_key= or a signed link holds neither the key nor the signature', async () => {
    const { secret } = await proUserWithKey(t);
    const signature = 'c2lnbmF0dXJlLXRoYXQtbXVzdC1ub3QtYmUtbG9nZ2Vk';
    const before = lines.length;
    await fetch(`${t.baseUrl}/v1/jobs?api_key=${secret}&limit=5`);
    await fetch(`${t.baseUrl}/files/outputs/x/y.vtt?expires=1&name=a.vtt&type=text%2Fvtt&signature=${signature}`);
    const log = lines.slice(before).join('');
    expect(log).toContain('/v1/jobs?api_key=[redacted]&limit=5');
    expect(log).toContain('signature=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(secret.slice(4));
    expect(log).not.toContain(signature);
  });

  it('a key cannot create or revoke keys; signed in, the same calls work', async () => {
    const { user, key, keyId } = await proUserWithKey(t);
    const made = await api(t, key, 'POST', '/v1/api-keys', { name: 'made by a key' });
    expect([made.status, made.body.code]).toEqual([403, 'API_KEY_SESSION_REQUIRED']);
    const revoked = await api(t, key, 'DELETE', `/v1/api-keys/${keyId}`);
    expect([revoked.status, revoked.body.code]).toEqual([403, 'API_KEY_SESSION_REQUIRED']);
    expect((await api(t, key, 'GET', '/v1/api-keys')).body.keys).toHaveLength(1);
    expect((await api(t, user, 'POST', '/v1/api-keys', { name: 'second' })).status).toBe(201);
    expect((await api(t, user, 'DELETE', `/v1/api-keys/${keyId}`)).status).toBe(200);
    expect((await api(t, key, 'GET', '/v1/users/me')).status).toBe(401);
  });

  it("an account's keys share one rate: a second key is refused once the first used the minute", async () => {
    const { user, key } = await proUserWithKey(t);
    const second = await api(t, user, 'POST', '/v1/api-keys', { name: 'second' });
    const other = keyUser(user.id, second.body.secret);
    for (let i = 0; i < RATE; i++) expect((await api(t, key, 'GET', '/v1/jobs/status')).status).toBe(200);
    const refused = await api(t, other, 'GET', '/v1/jobs/status');
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account's key is not held back.
    const stranger = await proUserWithKey(t);
    expect((await api(t, stranger.key, 'GET', '/v1/jobs/status')).status).toBe(200);
  });
});
