/**
 * Issue 14, finding 5: a NUL (or another control character) in a text field is refused with 400
 * VALIDATION_FAILED naming the field and saying why, everywhere it gave 500 before (signup full_name and email,
 * login username, reset e-mail, profile full_name, presign filename); and the log never holds the parameters
 * of a failed query (they hold argon2id hashes).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, newEmail, PASSWORD, verifiedAccount } from '../auth/account-helpers.ts';
import { createLogger } from '../../../server/src/logger.ts';
import { hashPassword } from '../../../server/src/modules/auth/password.service.ts';
import { insertUser } from '../../../server/src/modules/users/user.repository.ts';

const MESSAGE = 'Control characters (such as NUL) are not allowed.';

describe('finding 5: control characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => t?.close());

  it('NUL in signup full_name and email: 400 with a message naming the field, no account created', async () => {
    const email = newEmail('nul');
    const name = await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Nul\u0000Name' });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { full_name: MESSAGE } });
    expect(name.body.error).toContain(MESSAGE);
    const mail = await call(t, 'POST', '/auth/signup', {
      email: `a\u0000${email}`,
      password: PASSWORD,
      full_name: 'Ok',
    });
    expect(mail.status).toBe(400);
    expect(mail.body.fields.email).toBe(MESSAGE);
    // The address is still free: the refused calls stored nothing.
    expect((await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: 'Fine' })).status).toBe(201);
  });

  it('NUL in login username, reset e-mail, profile full_name and presign filename: 400, never 500', async () => {
    const login = await fetch(`${t.baseUrl}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'x\u0000@example.com', password: PASSWORD }),
    });
    expect(login.status).toBe(400);
    expect(((await login.json()) as { fields: Record<string, string> }).fields.username).toBe(MESSAGE);
    const reset = await call(t, 'POST', '/auth/request-password-reset', { email: 'x\u0000@example.com' });
    expect(reset.status).toBe(400);
    const { token } = await verifiedAccount(t);
    const profile = await call(t, 'PUT', '/v1/users/me', { full_name: 'Bad\u0000Name' }, token);
    expect(profile.status).toBe(400);
    expect(profile.body.fields.full_name).toBe(MESSAGE);
    const settings = await call(t, 'PUT', '/user/profile', { full_name: 'Bad\u0007Bell', email: newEmail() }, token);
    expect(settings.status).toBe(400);
    const presign = await call(
      t,
      'POST',
      '/v1/uploads/presigned-url',
      { filename: 'clip\u0000.mp4', content_type: 'video/mp4' },
      token,
    );
    expect(presign.status).toBe(400);
    expect(presign.body.fields.filename).toBe(MESSAGE);
  });

  it('a failed INSERT is logged without its parameters: no hash, no e-mail in the log', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
    );
    const passwordHash = await hashPassword('Secret123');
    const email = newEmail('logged');
    // The database refuses NUL in text: the same failure a NUL in full_name gave before the validation.
    const err = await insertUser(t.ctx.db, {
      email,
      fullName: 'Nul\u0000Name',
      passwordHash,
      emailVerifiedAt: null,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    logger.error({ err }, 'request failed');
    logger.info({ user: { passwordHash, password: 'Secret123' } }, 'an object with secrets');
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('Failed query');
    expect(log).not.toContain(passwordHash);
    expect(log).not.toContain('$argon2id$');
    expect(log).not.toContain(email);
    expect(log).not.toContain('Secret123');
  });
});
