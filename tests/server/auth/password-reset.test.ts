import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { passwordResetTokens } from '../../../server/src/db/schema/index.ts';
import { call, login, mailsTo, newEmail, PASSWORD, verifiedAccount } from './account-helpers.ts';

const SAME_ANSWER = {
  statusCode: 200,
  message: 'If an account with that email exists, a password reset link has been sent.',
};

describe.each(DATABASE_KINDS)('password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => t?.close());

  /** Asks for a reset link for `email` and returns the token of the newest reset e-mail. */
  async function resetToken(email: string): Promise<string> {
    expect((await call(t, 'POST', '/auth/request-password-reset', { email })).body).toEqual(SAME_ANSWER);
    const mails = (await mailsTo(t, email)).filter((m) => m.subject === 'Reset your Tarjama password');
    const link = String(mails.at(-1)?.text).match(/(http\S+\/auth\/reset-password\?token=\S+)/)?.[1];
    if (!link) throw new Error('no reset link e-mailed');
    expect(link.startsWith(`${t.ctx.config.app.publicUrl}/auth/reset-password?token=`)).toBe(true);
    return decodeURIComponent(new URL(link).searchParams.get('token')!);
  }

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = newEmail('nobody');
    const res = await call(t, 'POST', '/auth/request-password-reset', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SAME_ANSWER);
    expect(await mailsTo(t, email)).toHaveLength(0);
  });

  it('resets the password with the e-mailed link, once; old password and old tokens stop working', async () => {
    const { email, token: oldAccess } = await verifiedAccount(t);
    const token = await resetToken(email);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const res = await call(t, 'POST', '/auth/reset-password', { token, new_password: 'NewSecret456' });
    expect(res.body).toEqual({
      statusCode: 200,
      message: 'Your password has been reset successfully. Please sign in.',
    });
    expect((await login(t, email, PASSWORD)).status).toBe(401);
    expect((await login(t, email, 'NewSecret456')).status).toBe(200);
    expect((await call(t, 'GET', '/v1/users/me', undefined, oldAccess)).status).toBe(401);
    const reuse = await call(t, 'POST', '/auth/reset-password', { token, new_password: 'Another789X' });
    expect(reuse.body).toMatchObject({ statusCode: 400, error: 'Invalid or expired token.' });
    expect((await login(t, email, 'NewSecret456')).status).toBe(200);
  });

  it('lets only one of two concurrent resets with the same token through', async () => {
    const { email } = await verifiedAccount(t);
    const token = await resetToken(email);
    const answers = await Promise.all(
      ['FirstPass111', 'SecondPass222'].map((new_password) =>
        call(t, 'POST', '/auth/reset-password', { token, new_password }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? 'FirstPass111' : 'SecondPass222';
    const loser = winner === 'FirstPass111' ? 'SecondPass222' : 'FirstPass111';
    expect((await login(t, email, winner)).status).toBe(200);
    expect((await login(t, email, loser)).status).toBe(401);
  });

  it('refuses a weak new password without using up the token', async () => {
    const { email } = await verifiedAccount(t);
    const token = await resetToken(email);
    const weak = await call(t, 'POST', '/auth/reset-password', { token, new_password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.fields.new_password).toBe('At least 8 characters long');
    expect((await login(t, email, PASSWORD)).status).toBe(200);
    expect((await call(t, 'POST', '/auth/reset-password', { token, new_password: 'Stronger123' })).status).toBe(200);
  });

  it('refuses an expired, unknown or missing token and changes nothing', async () => {
    const { email, userId } = await verifiedAccount(t);
    const token = await resetToken(email);
    await t.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    for (const body of [
      { token, new_password: 'NewSecret456' },
      { token: 'not-a-real-token', new_password: 'NewSecret456' },
    ]) {
      const res = await call(t, 'POST', '/auth/reset-password', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Invalid or expired token.' });
    }
    const missing = await call(t, 'POST', '/auth/reset-password', { new_password: 'NewSecret456' });
    expect(missing.body).toMatchObject({ statusCode: 400, fields: { token: 'Password reset token is missing.' } });
    expect((await login(t, email, PASSWORD)).status).toBe(200);
  });

  it('stores only a hash of the token and retires older links after a reset', async () => {
    const { email, userId } = await verifiedAccount(t);
    const first = await resetToken(email);
    const second = await resetToken(email);
    const rows = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect([first, second]).not.toContain(row.tokenHash);
    expect(
      (await call(t, 'POST', '/auth/reset-password', { token: second, new_password: 'NewSecret456' })).status,
    ).toBe(200);
    expect((await call(t, 'POST', '/auth/reset-password', { token: first, new_password: 'Other456Xy' })).status).toBe(
      400,
    );
  });

  it('counts the e-mail as verified after a reset through the e-mailed link', async () => {
    const email = newEmail();
    await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Never Verified' });
    expect((await login(t, email, PASSWORD)).status).toBe(403);
    const token = await resetToken(email);
    expect((await call(t, 'POST', '/auth/reset-password', { token, new_password: 'NewSecret456' })).status).toBe(200);
    expect((await login(t, email, 'NewSecret456')).status).toBe(200);
  });
});
