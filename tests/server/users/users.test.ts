import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { creditLedger, jobs, subscriptions, users } from '../../../server/src/db/schema/index.ts';
import { call, login, PASSWORD, verifiedAccount } from '../auth/account-helpers.ts';
import { insertJob } from '../credits/ledger-helpers.ts';

describe.each(DATABASE_KINDS)('the signed-in account on %s', (kind) => {
  let t: TestApp;
  const deletedByHook: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false' } });
    // Another module's clean-up (stored files, a paid subscription) runs through the deletion hooks.
    t.ctx.userDeletionHooks.push(async (userId) => {
      deletedByHook.push(userId);
    });
  });
  afterAll(() => t?.close());

  it('reads the current user with plan and credits', async () => {
    const { email, token, userId } = await verifiedAccount(t, 'Mona Salem');
    const res = await call(t, 'GET', '/v1/users/me', undefined, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: userId,
      email,
      full_name: 'Mona Salem',
      current_plan: 'Free',
      credit_balance: 25,
      email_verified: true,
      language: 'en',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      email_job_finished: true,
      subtitle_style: null,
      billing_managed_by: null,
    });
  });

  it('shows a paid plan once the user has an active subscription', async () => {
    const { token, userId } = await verifiedAccount(t);
    await t.ctx.db.insert(subscriptions).values({
      userId,
      planId: 'pro',
      status: 'active',
      provider: 'test',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    } as never);
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).body.current_plan).toBe('pro');
  });

  it('changes the name and language with PUT /v1/users/me', async () => {
    const { token } = await verifiedAccount(t, 'Old Name');
    const res = await call(t, 'PUT', '/v1/users/me', { full_name: '  New Name ', language: 'ar' }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ full_name: 'New Name', language: 'ar', credit_balance: 25 });
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).body).toMatchObject({
      full_name: 'New Name',
      language: 'ar',
    });
  });

  it('refuses a short name, an unknown language and another e-mail, and changes nothing', async () => {
    const { token } = await verifiedAccount(t, 'Kept Name');
    const short = await call(t, 'PUT', '/v1/users/me', { full_name: 'A' }, token);
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ full_name: 'Name must be at least 2 characters.' });
    const lang = await call(t, 'PUT', '/v1/users/me', { language: 'fr' }, token);
    expect(lang.body).toMatchObject({ statusCode: 400, fields: { language: 'Language must be en or ar.' } });
    const mail = await call(
      t,
      'PUT',
      '/v1/users/me',
      { full_name: 'Other Name', email: 'someone.else@example.com' },
      token,
    );
    expect(mail.body).toMatchObject({
      statusCode: 400,
      error: 'Changing the email address of an account is not supported.',
    });
    const malformed = await call(t, 'PUT', '/v1/users/me', '{"full_name":', token);
    expect(malformed.status).toBe(400);
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).body).toMatchObject({
      full_name: 'Kept Name',
      language: 'en',
    });
  });

  it('updates the profile from the settings form with a success flag', async () => {
    const { email, token } = await verifiedAccount(t, 'Settings User');
    const ok = await call(t, 'PUT', '/user/profile', { full_name: 'Renamed User', email: email.toUpperCase() }, token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, user: { full_name: 'Renamed User', email } });
    const bad = await call(t, 'PUT', '/user/profile', { full_name: 'R', email }, token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      statusCode: 400,
      fields: { full_name: 'Name must be at least 2 characters.' },
    });
    expect(bad.body.error).toContain('Name must be at least 2 characters.');
    const badMail = await call(t, 'PUT', '/user/profile', { full_name: 'Renamed User', email: 'nope' }, token);
    expect(badMail.body).toMatchObject({
      success: false,
      statusCode: 400,
      fields: { email: 'Invalid email address.' },
    });
    const other = await call(t, 'PUT', '/user/profile', { full_name: 'Renamed User', email: 'x.y@example.com' }, token);
    expect(other.body).toMatchObject({ success: false, statusCode: 400 });
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).body).toMatchObject({
      full_name: 'Renamed User',
      email,
    });
  });

  it('deletes the account with its jobs, credits and subscription; the token and password stop working', async () => {
    const { email, token, userId } = await verifiedAccount(t);
    await insertJob(t.ctx.db, userId, 0);
    await t.ctx.db.insert(subscriptions).values({ userId, planId: 'pro', status: 'active', provider: 'test' } as never);
    const other = await verifiedAccount(t);

    const res = await call(t, 'DELETE', '/api/user/delete', undefined, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 200, message: 'Your account has been permanently deleted' });
    expect(deletedByHook).toContain(userId);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.userId, userId))).toHaveLength(0);
    expect(await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toHaveLength(0);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(0);
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).status).toBe(401);
    expect((await login(t, email, PASSWORD)).status).toBe(401);
    // Other accounts are untouched.
    expect((await call(t, 'GET', '/v1/users/me', undefined, other.token)).body.credit_balance).toBe(25);
    // The e-mail is free again.
    expect((await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Back Again' })).status).toBe(
      201,
    );
  });

  it('keeps the account when a deletion hook fails', async () => {
    const { token } = await verifiedAccount(t);
    const failing = async () => {
      throw new Error('storage is down');
    };
    t.ctx.userDeletionHooks.push(failing);
    try {
      const res = await call(t, 'DELETE', '/api/user/delete', undefined, token);
      expect(res.status).toBe(500);
      expect(res.body.statusCode).toBe(500);
      expect((await call(t, 'GET', '/v1/users/me', undefined, token)).status).toBe(200);
    } finally {
      t.ctx.userDeletionHooks.splice(t.ctx.userDeletionHooks.indexOf(failing), 1);
    }
  });

  it('answers 401 on every account route without a valid token', async () => {
    for (const [method, url, body] of [
      ['GET', '/v1/users/me', undefined],
      ['PUT', '/v1/users/me', { full_name: 'Nobody' }],
      ['PUT', '/user/profile', { full_name: 'Nobody', email: 'n@example.com' }],
      ['DELETE', '/api/user/delete', undefined],
    ] as const) {
      for (const token of [undefined, 'not.a.token']) {
        const res = await call(t, method, url, body, token);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
      }
    }
  });
});
