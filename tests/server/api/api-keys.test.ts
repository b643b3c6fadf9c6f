/**
 * API keys (issue 23 item 1), on both databases: only plans with API access create them, the secret is shown once
 * and stored hashed, lists show the prefix and last use, a key works on the calls a program needs (uploads by PUT
 * and tus, estimate, jobs) with its owner's rules, a revoked key or a plan without API access is refused, and each
 * key has its own rate limit.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, JFK_WAV, uploadByPut } from '../jobs/fixtures.ts';
import { apiKeys, subscriptions } from '../../../server/src/db/schema/index.ts';
import { keyUser, proUserWithKey, upgrade, uploadByTus } from './api-helpers.ts';

describe.each(DATABASE_KINDS)('API keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('refuses keys to Free and Explorer with API_ACCESS_NOT_IN_PLAN; Pro gets one, its secret shown once and stored hashed', async () => {
    const free = await createUser(t, 25);
    const refused = await api(t, free, 'POST', '/v1/api-keys', { name: 'mine' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_ACCESS_NOT_IN_PLAN');
    expect((await api(t, free, 'GET', '/v1/api-keys')).body).toEqual({ keys: [], api_access: false });
    const explorer = await createUser(t, 0);
    await upgrade(t, explorer, 'explorer');
    expect((await api(t, explorer, 'POST', '/v1/api-keys', { name: 'x' })).body.code).toBe('API_ACCESS_NOT_IN_PLAN');

    const pro = await createUser(t, 0);
    await upgrade(t, pro, 'pro');
    const empty = await api(t, pro, 'POST', '/v1/api-keys', { name: '   ' });
    expect(empty.status).toBe(400);
    const created = await api(t, pro, 'POST', '/v1/api-keys', { name: 'CMS sync' });
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^tjk_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ name: 'CMS sync', prefix: secret.slice(0, 12), last_used_at: null });

    const list = await api(t, pro, 'GET', '/v1/api-keys');
    expect(list.body.api_access).toBe(true);
    expect(list.body.keys).toEqual([
      {
        id: created.body.id,
        name: 'CMS sync',
        prefix: secret.slice(0, 12),
        created_at: created.body.created_at,
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    expect(row.keyHash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
  });

  it('works with the key alone: me, upload by PUT and by tus, estimate, submit, read, list and delete a job; last use is recorded', async () => {
    const { user, key, keyId } = await proUserWithKey(t);
    const me = await api(t, key, 'GET', '/v1/users/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    expect(JSON.stringify(me.body)).toContain(user.id);

    const put = await uploadByPut(t, key, JFK_MP4, 'jfk.mp4', 'video/mp4');
    expect(put.status).toBe(200);
    const target = await api(t, key, 'POST', '/v1/uploads/presigned-url', {
      filename: 'jfk.wav',
      content_type: 'audio/wav',
    });
    expect(target.status).toBe(200);
    const tus = await uploadByTus(t, key.auth, target.body.upload_id, JFK_WAV, 'jfk.wav');
    expect([tus.createStatus, tus.patchStatus]).toEqual([201, 204]);

    const body = {
      media_url: target.body.file_url,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    };
    const estimate = await api(t, key, 'POST', '/v1/jobs/estimate', body);
    expect(estimate.status).toBe(200);
    const job = await api(t, key, 'POST', '/v1/jobs/translate', body);
    expect(job.status).toBe(201);
    expect(job.body.status).toBe('queued');
    expect((await api(t, key, 'GET', `/v1/jobs/${job.body.id}`)).status).toBe(200);
    expect((await api(t, user, 'GET', `/v1/jobs/${job.body.id}`)).status).toBe(200);
    const list = await api(t, key, 'GET', '/v1/jobs/');
    expect(list.body.map((j: any) => j.id)).toContain(job.body.id);
    expect((await api(t, key, 'DELETE', `/v1/jobs/${job.body.id}`)).status).toBe(200);

    const keys = await api(t, user, 'GET', '/v1/api-keys');
    const shown = keys.body.keys.find((k: any) => k.id === keyId);
    expect(shown.last_used_at).not.toBeNull();
  });

  it("keeps the owner's rules: another user's job is 404 to a key, as to a token", async () => {
    const a = await proUserWithKey(t);
    const b = await proUserWithKey(t);
    const up = await uploadByPut(t, a.key, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const job = await api(t, a.key, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(job.status).toBe(201);
    expect((await api(t, b.key, 'GET', `/v1/jobs/${job.body.id}`)).status).toBe(404);
    expect(
      (
        await api(t, b.key, 'POST', '/v1/jobs/translate', {
          media_url: up.fileUrl,
          source_language: 'en',
          target_languages: ['es'],
          services_to_run: ['subtitle'],
        })
      ).status,
    ).toBe(404);
    // Revoking someone else's key: 404, and the key still works.
    expect((await api(t, b.user, 'DELETE', `/v1/api-keys/${a.keyId}`)).body.code).toBe('API_KEY_NOT_FOUND');
    expect((await api(t, a.key, 'GET', '/v1/jobs/')).status).toBe(200);
  });

  it('refuses a revoked key (401) and a key whose owner left the plan (403 API_ACCESS_NOT_IN_PLAN), on tus too', async () => {
    const a = await proUserWithKey(t);
    const revoked = await api(t, a.user, 'DELETE', `/v1/api-keys/${a.keyId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    const after = await api(t, a.key, 'GET', '/v1/jobs/');
    expect(after.status).toBe(401);
    expect((await api(t, keyUser(a.user.id, 'tjk_' + 'x'.repeat(43)), 'GET', '/v1/jobs/')).status).toBe(401);

    const b = await proUserWithKey(t);
    const target = await api(t, b.key, 'POST', '/v1/uploads/presigned-url', {
      filename: 'jfk.wav',
      content_type: 'audio/wav',
    });
    await t.ctx.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, b.user.id));
    const refused = await api(t, b.key, 'GET', '/v1/jobs/');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_ACCESS_NOT_IN_PLAN');
    const tus = await uploadByTus(t, b.key.auth, target.body.upload_id, JFK_WAV, 'jfk.wav');
    expect(tus.createStatus).toBe(403);
    // The web sign-in still works for a Free account.
    expect((await api(t, b.user, 'GET', '/v1/jobs/')).status).toBe(200);
  });
});

describe('API key rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { API_KEY_RATE_PER_MINUTE: '3' } });
  });
  afterAll(() => t?.close());

  // Issue 35 item 9: the rate is the account's, over all its keys (it was per key).
  it("answers 429 with Retry-After past the account's rate, to every key of that account", async () => {
    const a = await proUserWithKey(t);
    const second = await api(t, a.user, 'POST', '/v1/api-keys', { name: 'second' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api(t, a.key, 'GET', '/v1/jobs/status')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await api(t, a.key, 'GET', '/v1/jobs/status');
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(t, keyUser(a.user.id, second.body.secret), 'GET', '/v1/jobs/status')).status).toBe(429);
  });
});
