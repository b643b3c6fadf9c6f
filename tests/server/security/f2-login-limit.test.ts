/**
 * Issue 14, finding 2: the per-account sign-in limit keys on the field login authenticates (`username`), so a
 * decoy `email` field does not move the attempts to another bucket; signup, resend and verify are limited per
 * e-mail and per IP. Every request comes from its own client IP (X-Forwarded-For behind TRUST_PROXY) so the
 * per-IP limit never hides the per-account one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestCode, newEmail, PASSWORD } from '../auth/account-helpers.ts';

let ipCounter = 0;
/** A fresh client IP for each request. */
const nextIp = () => {
  ipCounter += 1;
  return `10.14.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

async function post(t: TestApp, url: string, body: Record<string, string>, ip = nextIp(), form = false) {
  const res = await fetch(`${t.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? new URLSearchParams(body) : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('finding 2: limits keyed on what is authenticated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  it('12 wrong logins with a decoy email field, each from another IP: 429 by the 11th, the right password too', async () => {
    const user = await verifiedAccountFromFreshIps(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(
        t,
        '/auth/login',
        { username: user, password: `Wrong${i}xyz`, email: newEmail('decoy') },
        nextIp(),
        true,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(statuses[11]).toBe(429);
    const right = await post(
      t,
      '/auth/login',
      { username: user, password: PASSWORD, email: newEmail('d') },
      nextIp(),
      true,
    );
    expect(right.status).toBe(429);
  });

  it('limits signup, resend and verify per e-mail across IPs', async () => {
    const email = newEmail('target');
    const signups: number[] = [];
    for (let i = 0; i < 6; i++)
      signups.push((await post(t, '/auth/signup', { email, password: PASSWORD, full_name: 'Target' })).status);
    expect(signups[0]).toBe(201);
    // A taken e-mail is answered as a new one (issue 24 item 13).
    expect(signups.slice(1, 5)).toEqual(Array(4).fill(201));
    expect(signups[5]).toBe(429);

    const resends: number[] = [];
    for (let i = 0; i < 6; i++) resends.push((await post(t, '/auth/resend-otp', { email })).status);
    expect(resends.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(resends[5]).toBe(429);

    const verifies: number[] = [];
    for (let i = 0; i < 11; i++)
      verifies.push((await post(t, '/auth/verify-email', { email, otp: String(100000 + i) })).status);
    expect(verifies[10]).toBe(429);
  });

  it('limits signup, resend and verify per IP across e-mails', async () => {
    for (const [url, body] of [
      ['/auth/signup', () => ({ email: newEmail('ip'), password: PASSWORD, full_name: 'Ip User' })],
      ['/auth/resend-otp', () => ({ email: newEmail('ip') })],
      ['/auth/verify-email', () => ({ email: newEmail('ip'), otp: '123456' })],
    ] as const) {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await post(t, url, body(), ip)).status);
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses[10]).toBe(429);
    }
  });
});

/** Signs up and verifies an account with each call from a fresh IP; returns its e-mail. */
async function verifiedAccountFromFreshIps(t: TestApp): Promise<string> {
  const email = newEmail('victim');
  expect((await post(t, '/auth/signup', { email, password: PASSWORD, full_name: 'Victim' })).status).toBe(201);
  expect((await post(t, '/auth/verify-email', { email, otp: await latestCode(t, email) })).status).toBe(200);
  return email;
}
