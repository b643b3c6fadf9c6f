/**
 * Bidirectional controls are dropped from file names and e-mail subjects (issue 24, LOW): `clip\u202Eevil.mp4` would
 * show as another name in the job list, the downloads and the "job finished" subject. Stored upload names and the
 * subject a real SMTP server receives carry no U+202A-U+202E / U+2066-U+2069.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { api, createUser, type TestUser } from '../jobs/fixtures.ts';
import { createMailer } from '../../../server/src/mail/mailer.ts';
import { jobFinishedMail } from '../../../server/src/mail/job-finished-mail.ts';
import { uploads } from '../../../server/src/db/schema/index.ts';

const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

describe('bidirectional controls', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let user: TestUser;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ kind: 'pglite' });
    user = await createUser(t, 10);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('are dropped from an uploaded file name', async () => {
    const res = await api(t, user, 'POST', '/v1/uploads/presigned-url', {
      filename: 'clip\u202E4pm.exe\u2066.mp4',
      content_type: 'video/mp4',
    });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.id, res.body.upload_id));
    expect(row.filename).toBe('clip4pm.exe.mp4');
    expect(row.filename).not.toMatch(BIDI);
  });

  it('are dropped from the subject of an e-mail sent through SMTP', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Tarjama <no-reply@tarjama.test>',
      outboxDir: '/nonexistent',
      logger: pino({ level: 'silent' }),
    });
    await mailer.send(jobFinishedMail('owner@example.test', 'en', 'clip\u202E4pm.exe.mp4', 'http://x/studio'));
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes('owner@example.test'));
    expect(mail.subject).toBe('Your translation is ready: clip4pm.exe.mp4');
  });
});
