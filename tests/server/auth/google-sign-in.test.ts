import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startOidcProvider, signInThroughProvider, type FakeOidcProvider } from '../fakes/oidc-provider.ts';
import { users } from '../../../server/src/db/schema/index.ts';
import { call, latestCode, login, newEmail, PASSWORD } from './account-helpers.ts';

const CLIENT = { clientId: 'tarjama-test', clientSecret: 'tarjama-test-client-secret-0123456789' };

describe.each(DATABASE_KINDS)('sign-in with Google (OpenID Connect) on %s', (kind) => {
  let t: TestApp;
  let idp: FakeOidcProvider;
  beforeAll(async () => {
    idp = await startOidcProvider();
    t = await startTestApp({
      kind,
      env: {
        RATE_LIMIT_ENABLED: 'false',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: CLIENT.clientId,
        OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      },
    });
    await idp.configure({ ...CLIENT, redirectUri: `${t.baseUrl}/auth/google/callback` });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** Signs in at the provider as `sub` and returns where the browser ended up on the app. */
  async function googleSignIn(sub: string, tamper?: Parameters<typeof signInThroughProvider>[3]) {
    const { finalUrl } = await signInThroughProvider(`${t.baseUrl}/auth/login/google`, idp.issuer, sub, tamper);
    expect(finalUrl.origin).toBe(t.baseUrl);
    expect(finalUrl.pathname).toBe('/auth/callback');
    return { token: finalUrl.searchParams.get('token'), error: finalUrl.searchParams.get('error') };
  }

  it('says Google sign-in is offered (GET /v1/auth/providers)', async () => {
    const res = await fetch(`${t.baseUrl}/v1/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ google: true });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const res = await fetch(`${t.baseUrl}/auth/login/google`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/auth/google/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(res.headers.get('set-cookie')).toMatch(
      /^tarjama_oidc=[^;]+; Path=\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
  });

  it('creates a verified account with the Free credits for a new Google user, and signs the same user in again', async () => {
    const email = newEmail('google');
    idp.accounts.set('google-sub-new', { email: email.toUpperCase(), emailVerified: true, name: 'Google Person' });
    const first = await googleSignIn('google-sub-new');
    expect(first.error).toBeNull();
    const me = await call(t, 'GET', '/v1/users/me', undefined, first.token!);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      full_name: 'Google Person',
      email_verified: true,
      credit_balance: 25,
      current_plan: 'Free',
    });
    const second = await googleSignIn('google-sub-new');
    expect((await call(t, 'GET', '/v1/users/me', undefined, second.token!)).body.id).toBe(me.body.id);
    expect((await call(t, 'GET', '/v1/users/me', undefined, second.token!)).body.credit_balance).toBe(25);
    // No password was ever set: password sign-in is refused.
    expect((await login(t, email, PASSWORD)).status).toBe(401);
  });

  it('links a verified password account with the same e-mail; the password keeps working', async () => {
    const email = newEmail('linked');
    const signup = await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Has Password' });
    await call(t, 'POST', '/auth/verify-email', { email, otp: await latestCode(t, email) });
    idp.accounts.set('google-sub-linked', { email, emailVerified: true, name: 'Other Name' });
    const { token } = await googleSignIn('google-sub-linked');
    const me = await call(t, 'GET', '/v1/users/me', undefined, token!);
    expect(me.body).toMatchObject({ id: signup.body.user.id, full_name: 'Has Password', credit_balance: 25 });
    expect((await login(t, email, PASSWORD)).status).toBe(200);
  });

  it('takes over an unverified sign-up only by dropping the password someone else may have chosen', async () => {
    const email = newEmail('squatted');
    await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Squatter' });
    idp.accounts.set('google-sub-owner', { email, emailVerified: true, name: 'Real Owner' });
    const { token } = await googleSignIn('google-sub-owner');
    expect((await call(t, 'GET', '/v1/users/me', undefined, token!)).body.email_verified).toBe(true);
    expect((await login(t, email, PASSWORD)).status).toBe(401);
  });

  it('refuses a Google account without a verified e-mail and creates nothing', async () => {
    const email = newEmail('unverified-google');
    idp.accounts.set('google-sub-unverified', { email, emailVerified: false, name: 'Not Verified' });
    const result = await googleSignIn('google-sub-unverified');
    expect(result.token).toBeNull();
    expect(result.error).toMatch(/no verified email/);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a callback whose pending-login cookie is missing or altered', async () => {
    idp.accounts.set('google-sub-cookie', { email: newEmail('cookie'), emailVerified: true });
    const lost = await googleSignIn('google-sub-cookie', (jar) => jar.set('tarjama_oidc', ''));
    expect(lost.token).toBeNull();
    expect(lost.error).toMatch(/expired or was started in another browser/);
    const altered = await googleSignIn('google-sub-cookie', (jar) =>
      jar.set('tarjama_oidc', `${jar.get('tarjama_oidc')}x`),
    );
    expect(altered.token).toBeNull();
    // A state from another sign-in does not fit this callback.
    const other = await fetch(`${t.baseUrl}/auth/login/google`, { redirect: 'manual' });
    const foreign = other.headers.get('set-cookie')!.match(/tarjama_oidc=([^;]+)/)![1];
    const swapped = await googleSignIn('google-sub-cookie', (jar) => jar.set('tarjama_oidc', foreign));
    expect(swapped.token).toBeNull();
    expect(swapped.error).toMatch(/could not be completed/);
  });
});

describe('sign-in with Google when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  });
  afterAll(() => t?.close());

  it('says Google sign-in is not offered (GET /v1/auth/providers), so the forms hide its button', async () => {
    const res = await fetch(`${t.baseUrl}/v1/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ google: false });
  });

  it('answers 503 with a clear message on both routes', async () => {
    for (const path of ['/auth/login/google', '/auth/google/callback?code=x&state=y']) {
      const res = await fetch(`${t.baseUrl}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        statusCode: 503,
        error: 'Sign-in with Google is not configured on this server.',
      });
    }
  });
});

describe('sign-in with Google when the provider is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const idp = await startOidcProvider();
    const issuer = idp.issuer;
    await idp.close(); // nothing listens there any more
    t = await startTestApp({ kind: 'pglite', env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'x' } });
  });
  afterAll(() => t?.close());

  it('answers 503 saying Google sign-in is unavailable right now', async () => {
    const res = await fetch(`${t.baseUrl}/auth/login/google`, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      statusCode: 503,
      error: 'Sign-in with Google is not available right now. Please try again later.',
    });
  });
});
