/**
 * The verification answers tell the truth (issue 24, LOW): a stranger who used up the 5 tries of their own
 * connection is not told "This code no longer works" while the same code still verifies the account from the
 * owner's connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestCode, login, newEmail, PASSWORD } from './account-helpers.ts';

async function verify(t: TestApp, email: string, otp: string, ip: string) {
  const res = await fetch(`${t.baseUrl}/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, otp }),
  });
  return { status: res.status, body: (await res.json()) as { attempts_left?: number; error?: string } };
}

describe('verification code answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { RATE_LIMIT_ENABLED: 'false', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  it('after a stranger used up their tries, nobody is told the code no longer works while it still does', async () => {
    const email = newEmail('owner');
    const signup = await fetch(`${t.baseUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ email, password: PASSWORD, full_name: 'Owner' }),
    });
    expect(signup.status).toBe(201);
    const otp = await latestCode(t, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    let last = await verify(t, email, wrong, '203.0.113.9');
    for (let i = 0; i < 4; i++) last = await verify(t, email, wrong, '203.0.113.9');
    expect(last.body.attempts_left).toBe(0);
    expect(last.body.error).not.toMatch(/no longer works/i);
    // The owner's code still works from the owner's own connection.
    expect((await verify(t, email, otp, '198.51.100.1')).status).toBe(200);
    expect((await login(t, email, PASSWORD)).status).toBe(200);
  });
});
