/**
 * A member who joins a team keeps their own jobs (issue 38 item 2), on both databases: a Free user with three jobs
 * (one queued) joins by the e-mailed code and still lists, opens and polls them beside the team's, each marked
 * `scope: personal`; the owner never sees them; after leaving, the member still has every one of their own jobs.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createMailer } from '../../../server/src/mail/mailer.ts';
import { jobs, users } from '../../../server/src/db/schema/index.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { upgrade } from '../api/api-helpers.ts';

const SUBTITLES = { source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] };

describe.each(DATABASE_KINDS)('a team member’s own jobs on %s', (kind) => {
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

  async function startJob(user: TestUser, name: string) {
    const up = await uploadByPut(t, user, JFK_MP4, name, 'video/mp4');
    const job = await api(t, user, 'POST', '/v1/jobs/translate', { media_url: up.fileUrl, ...SUBTITLES });
    expect(job.status).toBe(201);
    return job.body as { id: string };
  }

  type Listed = { id: string; scope?: string; status: string };
  const list = async (user: TestUser) => (await api(t, user, 'GET', '/v1/jobs/')).body as Listed[];

  it('lists, opens and polls the member’s own jobs beside the team’s, and keeps them after leaving', async () => {
    const owner = await createUser(t, 0);
    await upgrade(t, owner, 'business');
    expect((await api(t, owner, 'POST', '/v1/team', { name: 'Studio' })).status).toBe(201);
    const member = await createUser(t, 200);
    const own = [await startJob(member, 'a.mp4'), await startJob(member, 'b.mp4'), await startJob(member, 'c.mp4')];
    // Two finish before joining; the third stays queued (the queue is not running in this app).
    await t.ctx.db.update(jobs).set({ status: 'completed', progress: 100 }).where(eq(jobs.id, own[0].id));
    await t.ctx.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, own[1].id));
    expect((await list(member)).map((j) => j.scope)).toEqual(['personal', 'personal', 'personal']);

    // The owner's list is read (and cached) before the member joins, so a stale cache would show.
    const teamJob = await startJob(owner, 'team.mp4');
    expect((await list(owner)).map((j) => j.id)).toEqual([teamJob.id]);

    const [{ email }] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    await api(t, owner, 'POST', '/v1/team/invitations', { email, role: 'member' });
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes(email));
    const code = /invitation code is: (\d{6})/.exec(mail.text ?? '')![1];
    expect((await api(t, member, 'POST', '/v1/team/invitations/accept', { code })).status).toBe(200);
    // Billing is the owner's: the member is told who manages it (no plan or pack buttons in the web app).
    const [{ email: ownerEmail }] = await t.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, owner.id));
    expect((await api(t, member, 'GET', '/v1/users/me')).body.billing_managed_by).toBe(ownerEmail);
    expect((await api(t, owner, 'GET', '/v1/users/me')).body.billing_managed_by).toBeNull();

    const memberJob = await startJob(member, 'for-the-team.mp4');
    const seen = await list(member);
    expect(seen.map((j) => [j.id, j.scope])).toEqual([
      [memberJob.id, 'team'],
      [teamJob.id, 'team'],
      [own[2].id, 'personal'],
      [own[1].id, 'personal'],
      [own[0].id, 'personal'],
    ]);
    const queued = await api(t, member, 'GET', `/v1/jobs/${own[2].id}`);
    expect([queued.status, queued.body.status, queued.body.scope]).toEqual([200, 'queued', 'personal']);
    const polled = (await api(t, member, 'GET', '/v1/jobs/status')).body.jobs as Array<{ id: string }>;
    expect(polled.map((j) => j.id)).toContain(own[2].id);

    // The owner sees the team's jobs only: a member's own jobs stay private.
    expect((await list(owner)).map((j) => [j.id, j.scope])).toEqual([
      [memberJob.id, 'team'],
      [teamJob.id, 'team'],
    ]);
    const peek = await api(t, owner, 'GET', `/v1/jobs/${own[2].id}`);
    expect([peek.status, peek.body.code]).toEqual([404, 'JOB_NOT_FOUND']);

    // Leaving loses none of the member's own jobs; the one started for the team stays with the team.
    expect((await api(t, member, 'POST', '/v1/team/leave')).status).toBe(200);
    expect((await api(t, member, 'GET', '/v1/users/me')).body.billing_managed_by).toBeNull();
    expect((await list(member)).map((j) => j.id)).toEqual(own.map((j) => j.id).reverse());
    expect((await api(t, member, 'GET', `/v1/jobs/${own[2].id}`)).status).toBe(200);
    expect((await list(owner)).map((j) => j.id)).toEqual([memberJob.id, teamJob.id]);
  });
});
