import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emailCodes, users } from '../../../server/src/db/schema/index.ts';
import { call, codeIn, latestCode, login, mailsTo, newEmail, PASSWORD } from './account-helpers.ts';

describe.each(DATABASE_KINDS)('sign-up and e-mail verification on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => t?.close());

  const userCount = async () => (await t.ctx.db.select({ id: users.id }).from(users)).length;

  it('creates an unverified account with the Free credits and e-mails a 6-digit code', async () => {
    const email = newEmail();
    const res = await call(t, 'POST', '/auth/signup', {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      full_name: 'Layla Haddad',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      statusCode: 201,
      user: { email, full_name: 'Layla Haddad', current_plan: 'Free', credit_balance: 25, email_verified: false },
    });
    expect(res.body.error).toBeUndefined();
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your Tarjama verification code');
    const code = codeIn(mails[0]);
    expect(String(mails[0].html)).toContain(code);
    // Stored hashed: the code itself is nowhere in the table.
    const rows = await t.ctx.db.select().from(emailCodes).where(eq(emailCodes.userId, res.body.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(code);
  });

  it('a duplicate sign-up (any case) is answered as a new one (no 409 oracle) and changes nothing', async () => {
    const email = newEmail();
    expect((await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'First' })).status).toBe(201);
    const before = await userCount();
    const res = await call(t, 'POST', '/auth/signup', {
      email: email.toUpperCase(),
      password: 'Other1234',
      full_name: 'Second',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, full_name: 'Second', email_verified: false });
    expect(await userCount()).toBe(before);
    // The owner (not yet verified) gets a new code instead of the caller learning the account exists (issue 24).
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('checks the password rules with the spec messages', async () => {
    const cases: Array<[string, string]> = [
      ['Ab1', 'At least 8 characters long'],
      ['abcdefg1', 'Contains at least one uppercase letter'],
      ['ABCDEFG1', 'Contains at least one lowercase letter'],
      ['Abcdefgh', 'Contains at least one number'],
      ['', 'Password is required'],
    ];
    const before = await userCount();
    for (const [password, message] of cases) {
      const res = await call(t, 'POST', '/auth/signup', { email: newEmail(), password, full_name: 'Rule Tester' });
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.fields.password).toBe(message);
      expect(res.body.error).toContain(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('answers missing fields, a bad e-mail, malformed JSON and a 1 MB body with a clear 4xx and creates nothing', async () => {
    const before = await userCount();
    const missing = await call(t, 'POST', '/auth/signup', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ email: 'Email is required', password: 'Password is required' });
    expect(missing.body.fields.full_name).toBeTruthy();
    const badEmail = await call(t, 'POST', '/auth/signup', {
      email: 'not an email',
      password: PASSWORD,
      full_name: 'Name',
    });
    expect(badEmail.body).toMatchObject({ statusCode: 400, fields: { email: 'Please enter a valid email address' } });
    const malformed = await call(t, 'POST', '/auth/signup', '{"email": "x@example.com",');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, error: 'The request body is not valid JSON.' });
    const huge = await call(t, 'POST', '/auth/signup', {
      email: newEmail(),
      password: PASSWORD,
      full_name: 'x'.repeat(1_000_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.statusCode).toBe(413);
    expect(await userCount()).toBe(before);
  });

  it('verifies with the right code, once; sign-in is refused before and allowed after', async () => {
    const email = newEmail();
    await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Omar' });
    const early = await login(t, email, PASSWORD);
    expect(early.status).toBe(403);
    expect(early.body.error).toMatch(/verify your email/i);
    expect(early.body.access_token).toBeUndefined();
    const otp = await latestCode(t, email);
    const ok = await call(t, 'POST', '/auth/verify-email', { email, otp });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ statusCode: 200, message: 'Your email has been verified. Please sign in to continue.' });
    const again = await call(t, 'POST', '/auth/verify-email', { email, otp });
    expect(again.status).toBe(400);
    expect(again.body.statusCode).toBe(400);
    const signin = await login(t, email, PASSWORD);
    expect(signin.status).toBe(200);
    expect(signin.body.user.email_verified).toBe(true);
  });

  it('kills a code after 5 wrong tries: the sixth try is refused even with the right code', async () => {
    const email = newEmail();
    await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Guesser' });
    const otp = await latestCode(t, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await call(t, 'POST', '/auth/verify-email', { email, otp: wrong });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Invalid OTP\./);
      expect(res.body.attempts_left).toBe(5 - i);
    }
    const sixth = await call(t, 'POST', '/auth/verify-email', { email, otp });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ statusCode: 429, error: 'Too many wrong codes. Request a new one.' });
    expect((await login(t, email, PASSWORD)).status).toBe(403);
    // A new code works again.
    expect((await call(t, 'POST', '/auth/resend-otp', { email })).status).toBe(200);
    const fresh = await latestCode(t, email);
    expect((await call(t, 'POST', '/auth/verify-email', { email, otp: fresh })).status).toBe(200);
  });

  it('counts concurrent wrong guesses exactly: never more than 5 are checked', async () => {
    const email = newEmail('parallel');
    await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Parallel' });
    const otp = await latestCode(t, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(t, 'POST', '/auth/verify-email', { email, otp: wrong })),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    expect((await call(t, 'POST', '/auth/verify-email', { email, otp })).status).toBe(429);
  });

  it('refuses an expired code (older than 10 minutes)', async () => {
    const email = newEmail();
    const res = await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Late' });
    await t.ctx.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.userId, res.body.user.id));
    const late = await call(t, 'POST', '/auth/verify-email', { email, otp: await latestCode(t, email) });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ statusCode: 400, error: 'This code has expired. Request a new one.' });
    expect((await login(t, email, PASSWORD)).status).toBe(403);
  });

  it('checks the code format and refuses an unknown e-mail without telling it apart', async () => {
    const short = await call(t, 'POST', '/auth/verify-email', { email: newEmail(), otp: '123' });
    expect(short.body).toMatchObject({ statusCode: 400, fields: { otp: 'The verification code has 6 digits' } });
    const unknown = await call(t, 'POST', '/auth/verify-email', { email: newEmail(), otp: '123456' });
    expect(unknown.body).toMatchObject({ statusCode: 400, error: 'Invalid OTP. Please try again.' });
  });

  it('resends a new code that replaces the earlier one', async () => {
    const email = newEmail();
    await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Resender' });
    const first = await latestCode(t, email);
    const res = await call(t, 'POST', '/auth/resend-otp', { email });
    expect(res.body).toEqual({ statusCode: 200, message: 'A new verification code has been sent to your email.' });
    expect(await mailsTo(t, email)).toHaveLength(2);
    const second = await latestCode(t, email);
    if (first !== second) {
      expect((await call(t, 'POST', '/auth/verify-email', { email, otp: first })).status).toBe(400);
    }
    expect((await call(t, 'POST', '/auth/verify-email', { email, otp: second })).status).toBe(200);
    // A verified e-mail answers like any other (issue 14: no account oracle), and gets no mail.
    const verified = await call(t, 'POST', '/auth/resend-otp', { email });
    expect(verified.body).toEqual({ statusCode: 200, message: 'A new verification code has been sent to your email.' });
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('answers a resend for an unknown e-mail like any other, without sending mail', async () => {
    const email = newEmail('nobody');
    const res = await call(t, 'POST', '/auth/resend-otp', { email });
    expect(res.body).toEqual({ statusCode: 200, message: 'A new verification code has been sent to your email.' });
    expect(await mailsTo(t, email)).toHaveLength(0);
    expect((await call(t, 'POST', '/auth/resend-otp', {})).body).toMatchObject({
      statusCode: 400,
      fields: { email: 'Email is required' },
    });
  });
});
