import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createMailer } from '../../../server/src/mail/mailer.ts';
import { call, codeIn, login, newEmail, PASSWORD } from './account-helpers.ts';

describe.each(DATABASE_KINDS)('account e-mails through a real SMTP server on %s', (kind) => {
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

  it('delivers the verification code, which verifies the account', async () => {
    const email = newEmail('smtp');
    expect(
      (await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Mail Reader' })).status,
    ).toBe(201);
    const mail = await smtp.waitFor(to(email));
    expect(mail.subject).toBe('Your Tarjama verification code');
    expect(mail.from?.text).toContain('no-reply@tarjama.test');
    const code = codeIn(mail);
    expect(String(mail.html)).toContain(code);
    expect(String(mail.text)).toContain('Mail Reader');
    expect((await call(t, 'POST', '/auth/verify-email', { email, otp: code })).status).toBe(200);
    expect((await login(t, email, PASSWORD)).status).toBe(200);
  });

  it('delivers the password reset link, which resets the password', async () => {
    const email = newEmail('smtp-reset');
    await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Forgetful' });
    await call(t, 'POST', '/auth/verify-email', { email, otp: codeIn(await smtp.waitFor(to(email))) });
    await call(t, 'POST', '/auth/request-password-reset', { email });
    const mail = await smtp.waitFor((m) => to(email)(m) && m.subject === 'Reset your Tarjama password');
    const link = new URL(String(mail.text).match(/(http\S+)/)![1]);
    expect(link.pathname).toBe('/auth/reset-password');
    expect(String(mail.html)).toContain(link.search.replace(/&/g, '&#38;'));
    const res = await call(t, 'POST', '/auth/reset-password', {
      token: link.searchParams.get('token'),
      new_password: 'Changed123',
    });
    expect(res.status).toBe(200);
    expect((await login(t, email, 'Changed123')).status).toBe(200);
  });
});
