import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, login, mailsTo, newEmail, PASSWORD } from './account-helpers.ts';

describe.each(DATABASE_KINDS)('rate limits of the sign-in calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'true' } });
  });
  afterAll(() => t?.close());

  it('limits code e-mails per address: the sixth resend within a minute gets 429 with Retry-After and no mail', async () => {
    const email = newEmail('flood');
    expect((await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Flooded' })).status).toBe(
      201,
    );
    for (let i = 0; i < 5; i++) expect((await call(t, 'POST', '/auth/resend-otp', { email })).status).toBe(200);
    const limited = await call(t, 'POST', '/auth/resend-otp', { email: email.toUpperCase() });
    expect(limited.status).toBe(429);
    expect(limited.body.statusCode).toBe(429);
    expect(limited.body.error).toMatch(/^Too many attempts for this email\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(t, email)).toHaveLength(6); // the sign-up code and 5 resends, not the limited one
  });

  it('limits sign-in attempts per client IP across e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(t, newEmail('ip'), 'Wrong1234')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const res = await login(t, newEmail('ip'), 'Wrong1234');
    expect(res.body).toMatchObject({ statusCode: 429 });
    expect(res.body.error).toMatch(/Too many requests/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps the limits of one call apart from another', async () => {
    // Sign-in is exhausted for this IP by the test above; reset requests still answer.
    const res = await call(t, 'POST', '/auth/request-password-reset', { email: newEmail('other') });
    expect(res.status).toBe(200);
  });
});
