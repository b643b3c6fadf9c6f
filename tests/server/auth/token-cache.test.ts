/**
 * The in-memory token check (modules/auth/token.cache.ts): a token used a moment ago (so its user is cached) is
 * still refused at once after sign-out, password reset or account deletion in this process, and repeat requests
 * do not read the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTokenService } from '../../../server/src/modules/auth/token.service.ts';
import { tokenSubjectOf, type TokenSubject } from '../../../server/src/modules/auth/token-subject.repository.ts';
import { call, login, mailsTo, PASSWORD, verifiedAccount } from './account-helpers.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

describe.each(DATABASE_KINDS)('cached token check on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => t?.close());

  /** Uses the token on two routes so its verification and its user are cached. */
  async function warm(token: string): Promise<void> {
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).status).toBe(200);
    expect((await call(t, 'GET', '/v1/jobs/', undefined, token)).status).toBe(200);
  }

  it('refuses a used token right after sign-out, and every other earlier token of the user', async () => {
    const { email, token } = await verifiedAccount(t);
    const second = (await login(t, email, PASSWORD)).body.access_token as string;
    await warm(token);
    await warm(second);
    expect((await call(t, 'POST', '/auth/logout', undefined, token)).status).toBe(200);
    expect((await call(t, 'GET', '/v1/jobs/', undefined, token)).status).toBe(401);
    expect((await call(t, 'GET', '/v1/users/me', undefined, second)).status).toBe(401);
    const fresh = (await login(t, email, PASSWORD)).body.access_token as string;
    expect((await call(t, 'GET', '/v1/users/me', undefined, fresh)).body.email).toBe(email);
  });

  it('refuses a used token right after a password reset', async () => {
    const { email, token } = await verifiedAccount(t);
    await warm(token);
    await call(t, 'POST', '/auth/request-password-reset', { email });
    const mail = (await mailsTo(t, email)).filter((m) => m.subject === 'Reset your Tarjama password').at(-1);
    const link = String(mail?.text).match(/(http\S+\/auth\/reset-password\?token=\S+)/)![1];
    const resetToken = decodeURIComponent(new URL(link).searchParams.get('token')!);
    expect(
      (await call(t, 'POST', '/auth/reset-password', { token: resetToken, new_password: 'NewSecret456' })).status,
    ).toBe(200);
    expect((await call(t, 'GET', '/v1/jobs/', undefined, token)).status).toBe(401);
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).status).toBe(401);
  });

  it('refuses a used token right after its account is deleted', async () => {
    const { token } = await verifiedAccount(t);
    await warm(token);
    expect((await call(t, 'DELETE', '/api/user/delete', undefined, token)).status).toBe(200);
    expect((await call(t, 'GET', '/v1/jobs/', undefined, token)).status).toBe(401);
  });

  it('reads the user once for many checks, again after forget, and does not keep a row read before a revocation', async () => {
    const { userId } = await verifiedAccount(t);
    let reads = 0;
    let hold: { read: () => void; release: Promise<void> } | undefined;
    const lookup = async (id: string): Promise<TokenSubject | undefined> => {
      reads++;
      const row = await tokenSubjectOf(t.ctx.db, id);
      const h = hold;
      if (h) {
        h.read();
        await h.release;
      }
      return row;
    };
    const tokens = createTokenService(SECRET, 3600, lookup);
    const token = await tokens.issue(userId);
    const users = await Promise.all(Array.from({ length: 20 }, () => tokens.authenticate(token)));
    expect(users.every((u) => u?.id === userId)).toBe(true);
    expect(reads).toBe(1);
    tokens.forget(userId);
    expect((await tokens.authenticate(token))?.id).toBe(userId);
    expect(reads).toBe(2);

    // A look-up reads the row, then a sign-out commits and forgets before that look-up finishes.
    tokens.forget(userId);
    let read!: () => void;
    let release!: () => void;
    const wasRead = new Promise<void>((r) => (read = r));
    hold = { read, release: new Promise<void>((r) => (release = r)) };
    const inFlight = tokens.authenticate(token);
    await wasRead;
    hold = undefined;
    expect((await call(t, 'POST', '/auth/logout', undefined, await t.ctx.tokens.issue(userId))).status).toBe(200);
    tokens.forget(userId); // what sign-out does in the process that owns `tokens`
    release();
    expect((await inFlight)?.id).toBe(userId); // it began before the sign-out: the old answer is fine for it
    expect(await tokens.authenticate(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses an expired token even when it was verified before', async () => {
    const { userId } = await verifiedAccount(t);
    const tokens = createTokenService(SECRET, 1, (id) => tokenSubjectOf(t.ctx.db, id));
    const token = await tokens.issue(userId);
    expect(await tokens.verify(token)).toBe(userId);
    const exp = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp as number;
    // Wait for the expiry second to pass (an event, not a timed assertion).
    while (Date.now() < exp * 1000) await new Promise((r) => setTimeout(r, 50));
    expect(await tokens.verify(token)).toBeNull();
  });
});
