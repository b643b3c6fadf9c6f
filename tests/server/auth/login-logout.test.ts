import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, login, newEmail, PASSWORD, verifiedAccount } from './account-helpers.ts';

const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789'; // the one startTestApp configures

describe.each(DATABASE_KINDS)('sign-in, tokens and sign-out on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => t?.close());

  it('signs in with form data and returns a bearer token and the user', async () => {
    const { email } = await verifiedAccount(t, 'Form User');
    const res = await login(t, email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token_type: 'bearer',
      user: { email, full_name: 'Form User', current_plan: 'Free', credit_balance: 25 },
    });
    expect(res.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = await call(t, 'GET', '/v1/users/me', undefined, res.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it('also accepts multipart form data and JSON', async () => {
    const { email } = await verifiedAccount(t);
    const form = new FormData();
    form.set('username', email);
    form.set('password', PASSWORD);
    const multipart = await fetch(`${t.baseUrl}/auth/login`, { method: 'POST', body: form });
    expect(multipart.status).toBe(200);
    expect(((await multipart.json()) as any).access_token).toBeTruthy();
    const json = await call(t, 'POST', '/auth/login', { username: email, password: PASSWORD });
    expect(json.status).toBe(200);
    expect(json.body.user.email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const { email } = await verifiedAccount(t);
    const wrong = await login(t, email, 'Wrong1234');
    const unknown = await login(t, newEmail('ghost'), PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Incorrect email or password.' });
      expect(res.body.access_token).toBeUndefined();
    }
    const missing = await login(t, '', '');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ username: 'Email is required', password: 'Password is required' });
  });

  it('refuses absent, malformed, forged and expired tokens with 401 Unauthorized', async () => {
    const { userId } = await verifiedAccount(t);
    const expired = await new SignJWT({ typ: 'access', iat_ms: Date.now() - 7200_000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('tarjama')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('tarjama')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [undefined, 'garbage', expired, forged]) {
      const res = await call(t, 'GET', '/v1/users/me', undefined, token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', statusCode: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('signs out: the token stops working, a new sign-in works', async () => {
    const { email, token } = await verifiedAccount(t);
    const out = await call(t, 'POST', '/auth/logout', undefined, token);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ statusCode: 200, message: 'Successfully signed out' });
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).status).toBe(401);
    const again = await login(t, email, PASSWORD);
    expect(again.status).toBe(200);
    expect((await call(t, 'GET', '/v1/users/me', undefined, again.body.access_token)).status).toBe(200);
    // Signing out without a (valid) token has nothing to revoke and still answers 200.
    expect((await call(t, 'POST', '/auth/logout')).body.statusCode).toBe(200);
  });
});
