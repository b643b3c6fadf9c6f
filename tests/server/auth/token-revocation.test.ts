/**
 * Two server processes on one PostgreSQL database (two app contexts, each with its own pool and token cache):
 * a sign-out, password reset or account deletion in one is refused by the other at once (NOTIFY), not after the
 * other's cached copy of the user ages out (5 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { SUBJECT_TTL_MS } from '../../../server/src/modules/auth/token.cache.ts';
import { TOKEN_REVOKED_CHANNEL } from '../../../server/src/modules/auth/token-revocation.ts';
import { call, login, mailsTo, verifiedAccount } from './account-helpers.ts';

/** Milliseconds until `token` is refused by `app` (polling every 20 ms), or Infinity after `limitMs`. */
async function msUntilRefused(app: TestApp, token: string, limitMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if ((await call(app, 'GET', '/v1/jobs/', undefined, token)).status === 401) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Infinity;
}

describe('token revocation across server processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ kind: 'postgres', env: { RATE_LIMIT_ENABLED: 'false' } });
    b = await startTestApp({ kind: 'postgres', databaseUrl: a.databaseUrl, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /**
   * A fresh account's token, just used on process B (so B caches its user); `revoke` runs on process A; B must
   * refuse the token within a fifth of its cache age.
   */
  async function expectRefusedOnB(
    revoke: (account: { email: string; token: string }) => Promise<void>,
  ): Promise<{ email: string }> {
    const account = await verifiedAccount(a);
    expect((await call(b, 'GET', '/v1/jobs/', undefined, account.token)).status).toBe(200);
    await revoke(account);
    expect(await msUntilRefused(b, account.token, SUBJECT_TTL_MS / 5)).toBeLessThan(SUBJECT_TTL_MS / 5);
    return account;
  }

  it('a sign-out in one process is refused by the other well before its cache ages out', async () => {
    await expectRefusedOnB(async ({ token }) =>
      expect((await call(a, 'POST', '/auth/logout', undefined, token)).status).toBe(200),
    );
  });

  it('so is a password reset', async () => {
    const { email } = await expectRefusedOnB(async ({ email }) => {
      expect((await call(a, 'POST', '/auth/request-password-reset', { email })).status).toBe(200);
      const link = String((await mailsTo(a, email)).at(-1)?.text).match(
        /(http\S+\/auth\/reset-password\?token=\S+)/,
      )![1];
      const resetToken = decodeURIComponent(new URL(link).searchParams.get('token')!);
      expect(
        (await call(a, 'POST', '/auth/reset-password', { token: resetToken, new_password: 'NewSecret456' })).status,
      ).toBe(200);
    });
    expect((await login(b, email, 'NewSecret456')).status).toBe(200);
  });

  it('so is an account deletion', async () => {
    await expectRefusedOnB(async ({ token }) =>
      expect((await call(a, 'DELETE', '/api/user/delete', undefined, token)).status).toBe(200),
    );
  });

  it('ignores a notice it cannot read and keeps answering', async () => {
    const { token } = await verifiedAccount(a);
    await a.ctx.database.notify(TOKEN_REVOKED_CHANNEL, 'not json');
    await new Promise((r) => setTimeout(r, 100));
    expect((await call(b, 'GET', '/v1/jobs/', undefined, token)).status).toBe(200);
  });
});
