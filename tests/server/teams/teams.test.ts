/**
 * Teams (issue 23 item 5), on both databases: an invitation by e-mail (through a real SMTP server) accepted with its
 * 6-digit code; two members spending from one balance with the job list naming who started each job; a member of
 * another team refused (404) on the first team's job, key and webhook ids; role checks; and a removed member who
 * keeps nothing of the team's (jobs, keys, webhooks, credits, plan).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createMailer } from '../../../server/src/mail/mailer.ts';
import { users } from '../../../server/src/db/schema/index.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { keyUser, upgrade } from '../api/api-helpers.ts';

const SUBTITLES = { source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] };

describe.each(DATABASE_KINDS)('teams on %s', (kind) => {
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
    t = await startTestApp({
      kind,
      mailer,
      env: { RATE_LIMIT_ENABLED: 'false', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const emailOf = async (user: TestUser) =>
    (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, user.id)))[0].email;
  const me = async (user: TestUser) => (await api(t, user, 'GET', '/v1/users/me')).body;

  /** Invites `member` by e-mail and accepts with the code the e-mail carries. */
  async function join(by: TestUser, member: TestUser, role: 'admin' | 'member' = 'member') {
    const email = await emailOf(member);
    const before = smtp.mails.length;
    const invited = await api(t, by, 'POST', '/v1/team/invitations', { email, role });
    expect(invited.status).toBe(201);
    const mail = await smtp.waitFor((m) => smtp.mails.indexOf(m) >= before && JSON.stringify(m.to).includes(email));
    expect(mail.subject).toBe('You are invited to a team on Tarjama');
    const code = /invitation code is: (\d{6})/.exec(mail.text ?? '')![1];
    const accepted = await api(t, member, 'POST', '/v1/team/invitations/accept', { code });
    expect(accepted.status).toBe(200);
    return accepted.body;
  }

  async function businessTeam(name: string): Promise<TestUser> {
    const owner = await createUser(t, 0);
    await upgrade(t, owner, 'business');
    const created = await api(t, owner, 'POST', '/v1/team', { name });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ role: 'owner', team: { name, owner_id: owner.id } });
    return owner;
  }

  async function startJob(user: TestUser) {
    const up = await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const job = await api(t, user, 'POST', '/v1/jobs/translate', { media_url: up.fileUrl, ...SUBTITLES });
    expect(job.status).toBe(201);
    return job.body;
  }

  it('invites by e-mail, the invitee joins with the code, and two members spend from one balance', async () => {
    const free = await createUser(t, 25);
    const refused = await api(t, free, 'POST', '/v1/team', { name: 'Mine' });
    expect([refused.status, refused.body.code]).toEqual([403, 'TEAMS_NOT_IN_PLAN']);

    const owner = await businessTeam('Agency');
    const member = await createUser(t, 0);
    const email = await emailOf(member);
    const invited = await api(t, owner, 'POST', '/v1/team/invitations', { email });
    expect(invited.body.team.invitations).toMatchObject([{ email, role: 'member' }]);
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes(email));
    const code = /invitation code is: (\d{6})/.exec(mail.text ?? '')![1];
    expect(mail.text).toContain(`/settings?tab=team&code=${code}`);
    expect((await api(t, member, 'GET', '/v1/team')).body).toMatchObject({
      team: null,
      invitations_for_me: [{ team_name: 'Agency', role: 'member' }],
    });
    const wrong = await api(t, member, 'POST', '/v1/team/invitations/accept', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'TEAM_INVITATION_INVALID']);
    const joined = await api(t, member, 'POST', '/v1/team/invitations/accept', { code });
    expect(joined.status).toBe(200);
    expect(joined.body.role).toBe('member');
    expect(joined.body.team.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    expect(joined.body.team.invitations).toEqual([]); // members do not see pending invitations

    const start = (await me(owner)).credit_balance;
    expect(start).toBe(3500);
    expect(await me(member)).toMatchObject({ credit_balance: start, current_plan: 'business' });

    const memberJob = await startJob(member);
    const ownerJob = await startJob(owner);
    expect(memberJob.credits_used).toBeGreaterThan(0);
    expect(memberJob.started_by).toMatchObject({ user_id: member.id, email });
    const left = start - memberJob.credits_used - ownerJob.credits_used;
    expect((await me(owner)).credit_balance).toBe(left);
    expect((await me(member)).credit_balance).toBe(left);

    // Both see both jobs, each with who started it.
    for (const viewer of [owner, member]) {
      const list = (await api(t, viewer, 'GET', '/v1/jobs/')).body as Array<{ id: string; started_by?: unknown }>;
      expect(list.map((j) => j.id).sort()).toEqual([memberJob.id, ownerJob.id].sort());
      expect(list.find((j) => j.id === memberJob.id)!.started_by).toMatchObject({ email });
    }
    const detail = await api(t, owner, 'GET', `/v1/jobs/${memberJob.id}`);
    expect(detail.body.started_by).toMatchObject({ user_id: member.id, email });
    // A member is not the one who pays: billing changes are the owner's.
    const checkout = await api(t, member, 'POST', '/v1/billing/create-checkout-session', {
      price_id: 'test_price_pro',
      plan_name: 'pro',
    });
    expect([checkout.status, checkout.body.code]).toEqual([403, 'TEAM_BILLING_OWNER_ONLY']);
  });

  it("answers 404 to a member of another team on the first team's job, key and webhook ids", async () => {
    const ownerA = await businessTeam('A');
    const memberA = await createUser(t, 0);
    await join(ownerA, memberA);
    const ownerB = await businessTeam('B');
    const memberB = await createUser(t, 0);
    await join(ownerB, memberB);

    const job = await startJob(memberA);
    const key = await api(t, memberA, 'POST', '/v1/api-keys', { name: 'team A sync' });
    expect(key.status).toBe(201);
    const hook = await api(t, memberA, 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook' });
    expect(hook.status).toBe(201);
    // They are the team's: the owner lists them, and the member's key acts within the team.
    expect((await api(t, ownerA, 'GET', '/v1/api-keys')).body.keys.map((k: { id: string }) => k.id)).toEqual([
      key.body.id,
    ]);
    expect((await api(t, ownerA, 'GET', '/v1/webhooks')).body.endpoints).toHaveLength(1);
    const viaKey = await api(t, keyUser(memberA.id, key.body.secret), 'GET', `/v1/jobs/${job.id}`);
    expect(viaKey.status).toBe(200);

    for (const other of [memberB, ownerB]) {
      const read = await api(t, other, 'GET', `/v1/jobs/${job.id}`);
      expect([read.status, read.body.code]).toEqual([404, 'JOB_NOT_FOUND']);
      expect((await api(t, other, 'DELETE', `/v1/jobs/${job.id}`)).status).toBe(404);
      const revoke = await api(t, other, 'DELETE', `/v1/api-keys/${key.body.id}`);
      expect([revoke.status, revoke.body.code]).toEqual([404, 'API_KEY_NOT_FOUND']);
      const del = await api(t, other, 'DELETE', `/v1/webhooks/${hook.body.id}`);
      expect([del.status, del.body.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
      const log = await api(t, other, 'GET', `/v1/webhooks/${hook.body.id}/deliveries`);
      expect(log.status).toBe(404);
    }
    // Team ids are checked too: another team's owner cannot change or remove the first team's member (404), and a
    // plain member is refused before any id is looked at (403).
    const patch = await api(t, ownerB, 'PATCH', `/v1/team/members/${memberA.id}`, { role: 'admin' });
    expect([patch.status, patch.body.code]).toEqual([404, 'TEAM_MEMBER_NOT_FOUND']);
    const kick = await api(t, ownerB, 'DELETE', `/v1/team/members/${memberA.id}`);
    expect([kick.status, kick.body.code]).toEqual([404, 'TEAM_MEMBER_NOT_FOUND']);
    expect((await api(t, memberB, 'DELETE', `/v1/team/members/${memberA.id}`)).body.code).toBe('TEAM_ROLE_REQUIRED');
    expect((await api(t, memberA, 'GET', `/v1/jobs/${job.id}`)).status).toBe(200);
    expect((await api(t, ownerA, 'GET', '/v1/api-keys')).body.keys[0].revoked_at).toBeNull();
  });

  it("checks roles, and a removed member keeps nothing of the team's", async () => {
    const owner = await businessTeam('Roles');
    const member = await createUser(t, 0);
    await join(owner, member);
    const other = await createUser(t, 0);

    const invite = await api(t, member, 'POST', '/v1/team/invitations', { email: await emailOf(other) });
    expect([invite.status, invite.body.code]).toEqual([403, 'TEAM_ROLE_REQUIRED']);
    const demote = await api(t, member, 'PATCH', `/v1/team/members/${owner.id}`, { role: 'member' });
    expect([demote.status, demote.body.code]).toEqual([403, 'TEAM_ROLE_REQUIRED']);
    const kick = await api(t, member, 'DELETE', `/v1/team/members/${owner.id}`);
    expect([kick.status, kick.body.code]).toEqual([403, 'TEAM_ROLE_REQUIRED']);
    expect((await api(t, owner, 'POST', '/v1/team/leave')).body.code).toBe('TEAM_OWNER_FIXED');

    const promoted = await api(t, owner, 'PATCH', `/v1/team/members/${member.id}`, { role: 'admin' });
    expect(promoted.body.team.members.find((m: { user_id: string }) => m.user_id === member.id).role).toBe('admin');
    const adminKick = await api(t, member, 'DELETE', `/v1/team/members/${owner.id}`);
    expect([adminKick.status, adminKick.body.code]).toEqual([409, 'TEAM_OWNER_FIXED']);

    const job = await startJob(member);
    const key = await api(t, member, 'POST', '/v1/api-keys', { name: 'mine?' });
    await api(t, member, 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook' });
    const removed = await api(t, owner, 'DELETE', `/v1/team/members/${member.id}`);
    expect(removed.body.team.members).toHaveLength(1);

    expect((await api(t, member, 'GET', `/v1/jobs/${job.id}`)).status).toBe(404);
    expect((await api(t, member, 'GET', '/v1/jobs/')).body).toEqual([]);
    expect((await api(t, member, 'GET', '/v1/api-keys')).body.keys).toEqual([]);
    expect((await api(t, member, 'GET', '/v1/webhooks')).body.endpoints).toEqual([]);
    expect(await me(member)).toMatchObject({ credit_balance: 0, current_plan: 'Free' });
    expect((await api(t, keyUser(member.id, key.body.secret), 'GET', '/v1/jobs/')).status).toBe(401);
    expect((await api(t, member, 'GET', '/v1/team')).body).toMatchObject({ team: null, role: null });
    // The team keeps its job, and the removed member's key shows as revoked.
    expect((await api(t, owner, 'GET', `/v1/jobs/${job.id}`)).status).toBe(200);
    expect((await api(t, owner, 'GET', '/v1/api-keys')).body.keys[0].revoked_at).not.toBeNull();

    // A member may leave on their own.
    await join(owner, other);
    const left = await api(t, other, 'POST', '/v1/team/leave');
    expect(left.status).toBe(200);
    expect(left.body.team).toBeNull();
    expect((await me(other)).credit_balance).toBe(0);
  });
});
