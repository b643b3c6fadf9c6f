/**
 * Sign-up with an e-mail that already has an account (issue 24 item 13): answered exactly as for a new address
 * (201, the same body shape, no 409 EMAIL_TAKEN to enumerate accounts with), nothing changed, and the owner is told
 * by e-mail instead, through a real SMTP server: a verified owner gets a note with the way to sign in, an unverified
 * one a new verification code. The account keeps its password; no second account is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createMailer } from '../../../server/src/mail/mailer.ts';
import { call, codeIn, login, newEmail, PASSWORD } from './account-helpers.ts';

describe.each(DATABASE_KINDS)('sign-up with a taken e-mail on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Tarjama <no-reply@tarjama.test>',
      outboxDir: '/nonexistent',
      logger: pino({ level: 'silent' }),
    });
    t = await startTestApp({ kind, mailer, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const to = (email: string) => (m: { to?: unknown }) => JSON.stringify(m.to).includes(email);
  const shape = (body: { user: Record<string, unknown> }) => ({
    ...body,
    user: Object.fromEntries(Object.entries(body.user).map(([k, v]) => [k, typeof v])),
  });

  it('a verified owner: the same answer as a new address, and an e-mail to the owner', async () => {
    const email = newEmail('owner');
    const first = await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Owner' });
    expect(first.status).toBe(201);
    await call(t, 'POST', '/auth/verify-email', { email, otp: codeIn(await smtp.waitFor(to(email))) });

    const again = await call(t, 'POST', '/auth/signup', {
      email: email.toUpperCase(),
      password: 'Other1234',
      full_name: 'Stranger',
    });
    const fresh = await call(t, 'POST', '/auth/signup', {
      email: newEmail('fresh'),
      password: 'Other1234',
      full_name: 'Stranger',
    });
    expect(again.status).toBe(201);
    expect(shape(again.body)).toEqual(shape(fresh.body));
    expect(again.body.user).toMatchObject({ email_verified: false, full_name: 'Stranger' });
    expect(again.body.user.id).not.toBe(first.body.user.id);

    const note = await smtp.waitFor((m) => to(email)(m) && m.subject !== 'Your Tarjama verification code');
    expect(note.subject).toBe('Someone tried to sign up to Tarjama with your e-mail');
    expect(String(note.text)).toContain('Hello Owner,');
    expect(String(note.text)).toContain('/auth');
    // Nothing changed: the owner's password still signs in, the stranger's does not.
    expect((await login(t, email, PASSWORD)).status).toBe(200);
    expect((await login(t, email, 'Other1234')).status).toBe(401);
  });

  it('an unverified owner: the same answer, and a new verification code by e-mail', async () => {
    const email = newEmail('pending');
    expect((await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Pending' })).status).toBe(
      201,
    );
    await smtp.waitFor(to(email));
    const again = await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Pending' });
    expect(again.status).toBe(201);
    const codesOf = () => smtp.mails.filter((m) => to(email)(m) && m.subject === 'Your Tarjama verification code');
    for (let i = 0; i < 100 && codesOf().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const codes = codesOf();
    expect(codes).toHaveLength(2);
    const code = codeIn(codes[1]);
    expect((await call(t, 'POST', '/auth/verify-email', { email, otp: code })).status).toBe(200);
    expect((await login(t, email, PASSWORD)).status).toBe(200);
  });
});
