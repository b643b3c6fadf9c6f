/**
 * Issue 14, finding 3: no account oracle. resend-otp and verify-email answer alike for an unknown, a verified
 * and an unverified e-mail; the password-reset request and the resend answer without waiting on the mail they
 * send for a real account (a real SMTP server that takes 1.5 s to accept a message), so their timing tells nothing;
 * a stranger's wrong guesses do not burn the owner's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestCode, login, newEmail, PASSWORD, verifiedAccount } from '../auth/account-helpers.ts';
import pino from 'pino';
import { createMailer } from '../../../server/src/mail/mailer.ts';

const SMTP_DELAY_MS = 1500;

/** A real SMTP server that accepts every message after SMTP_DELAY_MS; counts what it received. */
async function slowSmtp(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          received += 1;
          callback();
        }, SMTP_DELAY_MS),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function post(t: TestApp, url: string, body: Record<string, string>, ip = '10.0.0.1') {
  const started = performance.now();
  const res = await fetch(`${t.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), ms: performance.now() - started };
}

describe('finding 3: answers that do not tell whether an account exists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { RATE_LIMIT_ENABLED: 'false', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  it('resend-otp: same status and body for unknown, verified and unverified e-mails', async () => {
    const { email: verified } = await verifiedAccount(t);
    const unverified = newEmail('pending');
    expect(
      (await post(t, '/auth/signup', { email: unverified, password: PASSWORD, full_name: 'Pending' })).status,
    ).toBe(201);
    const answers = await Promise.all(
      [newEmail('nobody'), verified, unverified].map((email) => post(t, '/auth/resend-otp', { email })),
    );
    for (const a of answers)
      expect({ status: a.status, body: a.body }).toEqual({ status: answers[0].status, body: answers[0].body });
    expect(answers[0].status).toBe(200);
  });

  it('verify-email: the same answers for unknown, verified and unverified e-mails given a wrong code', async () => {
    const { email: verified } = await verifiedAccount(t);
    const unverified = newEmail('pending');
    await post(t, '/auth/signup', { email: unverified, password: PASSWORD, full_name: 'Pending' });
    const code = await latestCode(t, unverified);
    const wrong = code === '000000' ? '111111' : '000000';
    const sequences: Array<Array<{ status: number; body: unknown }>> = [];
    for (const email of [newEmail('nobody'), verified, unverified]) {
      const seq = [];
      for (let i = 0; i < 6; i++) {
        const a = await post(t, '/auth/verify-email', { email, otp: wrong }, '10.0.0.2');
        seq.push({ status: a.status, body: a.body });
      }
      sequences.push(seq);
    }
    expect(sequences[1]).toEqual(sequences[0]);
    expect(sequences[2]).toEqual(sequences[0]);
    expect(sequences[0].at(-1)?.status).toBe(429);
  });

  it('a stranger guessing from another IP cannot burn the owner code', async () => {
    const email = newEmail('owner');
    await post(t, '/auth/signup', { email, password: PASSWORD, full_name: 'Owner' }, '10.1.0.1');
    const code = await latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) await post(t, '/auth/verify-email', { email, otp: wrong }, '10.66.6.6');
    const owner = await post(t, '/auth/verify-email', { email, otp: code }, '10.1.0.1');
    expect(owner.status).toBe(200);
    expect((await login(t, email, PASSWORD)).status).toBe(200);
  });
});

describe('finding 3: mail-sending calls answer without waiting on the mail of a real account', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof slowSmtp>>;
  beforeAll(async () => {
    smtp = await slowSmtp();
    t = await startTestApp({
      kind: 'pglite',
      env: { RATE_LIMIT_ENABLED: 'false' },
      mailer: createMailer({
        smtpUrl: smtp.url,
        from: 'Tarjama <noreply@tarjama.test>',
        outboxDir: '/nonexistent',
        logger: pino({ level: 'silent' }),
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('request-password-reset: an existing account answers as fast as an unknown e-mail', async () => {
    const email = newEmail('real');
    expect((await post(t, '/auth/signup', { email, password: PASSWORD, full_name: 'Real User' })).status).toBe(201);
    const before = smtp.received();
    const known = await post(t, '/auth/request-password-reset', { email });
    const unknown = await post(t, '/auth/request-password-reset', { email: newEmail('nobody') });
    expect(known.body).toEqual(unknown.body);
    // The mail for the real account takes 1.5 s to be accepted; the answer did not wait for it.
    expect(smtp.received()).toBe(before);
    expect(known.ms).toBeLessThan(SMTP_DELAY_MS);
    const resend = await post(t, '/auth/resend-otp', { email });
    expect(resend.ms).toBeLessThan(SMTP_DELAY_MS);
  });
});
