/**
 * The finished-job e-mail (issue 15 item 7): sent through the app's mailer (the outbox here) to the job's owner,
 * in the user's language, with the job's name and a link to the studio; off when the user turned it off in
 * Settings (PUT /v1/users/me { email_job_finished: false }, stored by migration 0006).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, mailsTo, verifiedAccount } from '../auth/account-helpers.ts';
import { notifyJobFinished } from '../../../server/src/mail/job-finished-mail.ts';

describe('the finished-job e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is on by default and names the job with a link to the studio', async () => {
    const { email, token, userId } = await verifiedAccount(t, 'Ada');
    const me = await call(t, 'GET', '/v1/users/me', undefined, token);
    expect(me.body.email_job_finished).toBe(true);
    const sent = await notifyJobFinished(t.ctx, { id: crypto.randomUUID(), userId, originalFilename: 'jfk.mp4' });
    expect(sent).toBe(true);
    const mail = (await mailsTo(t, email)).at(-1)!;
    expect(mail.subject).toBe('Your translation is ready: jfk.mp4');
    expect(String(mail.text)).toContain(`${t.ctx.config.app.publicUrl}/studio`);
  });

  it('is written in Arabic for an Arabic user', async () => {
    const { email, token, userId } = await verifiedAccount(t, 'Layla');
    expect((await call(t, 'PUT', '/v1/users/me', { language: 'ar' }, token)).status).toBe(200);
    await notifyJobFinished(t.ctx, { id: crypto.randomUUID(), userId, originalFilename: 'talk.docx' });
    const mail = (await mailsTo(t, email)).at(-1)!;
    expect(mail.subject).toBe('ترجمتك جاهزة: talk.docx');
    expect(String(mail.text)).not.toMatch(/Your job/);
  });

  it('is not sent once the user turned it off in Settings', async () => {
    const { email, token, userId } = await verifiedAccount(t, 'Grace');
    const off = await call(t, 'PUT', '/v1/users/me', { email_job_finished: false }, token);
    expect(off.status).toBe(200);
    expect(off.body.email_job_finished).toBe(false);
    const before = (await mailsTo(t, email)).length;
    expect(await notifyJobFinished(t.ctx, { id: crypto.randomUUID(), userId, originalFilename: 'x.mp4' })).toBe(false);
    expect((await mailsTo(t, email)).length).toBe(before);
    const bad = await call(t, 'PUT', '/v1/users/me', { email_job_finished: 'no' }, token);
    expect(bad.status).toBe(400);
  });
});
