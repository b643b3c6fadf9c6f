/**
 * Who changes what in a team (issue 35 item 4; the table is docs/teams.md), on both databases: every cell of the
 * table. The owner and an admin delete anyone's jobs, revoke anyone's keys and delete anyone's webhook endpoints; a
 * plain member does so only for their own, and on another member's or the owner's gets 403 TEAM_NOT_YOURS with the
 * resource untouched (the job still listed, the key still answering, the endpoint still listed). The editor's
 * writes (save, translate again, shorten, re-dub, restore) follow the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addMember, insertTeam } from '../../../server/src/modules/teams/team.repository.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { keyUser, upgrade } from '../api/api-helpers.ts';

const SUBTITLES = { source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] };
type Role = 'owner' | 'admin' | 'member' | 'other member';

describe.each(DATABASE_KINDS)('team roles on %s', (kind) => {
  let t: TestApp;
  const people = {} as Record<Role, TestUser>;
  let fileUrl: string;

  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    people.owner = await createUser(t, 0);
    await upgrade(t, people.owner, 'business');
    const team = await insertTeam(t.ctx.db, people.owner.id, 'Agency');
    for (const role of ['admin', 'member', 'other member'] as const) {
      people[role] = await createUser(t, 0);
      await addMember(t.ctx.db, team.id, people[role].id, role === 'admin' ? 'admin' : 'member');
    }
    fileUrl = (await uploadByPut(t, people.owner, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The resources `maker` makes through the API: a queued job, an API key and a webhook endpoint. */
  async function made(maker: Role) {
    const job = await api(t, people[maker], 'POST', '/v1/jobs/translate', { media_url: fileUrl, ...SUBTITLES });
    const key = await api(t, people[maker], 'POST', '/v1/api-keys', { name: `${maker}'s key` });
    const hook = await api(t, people[maker], 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook' });
    expect([job.status, key.status, hook.status]).toEqual([201, 201, 201]);
    return {
      jobId: job.body.id as string,
      keyId: key.body.id as string,
      secret: key.body.secret as string,
      hookId: hook.body.id as string,
    };
  }

  // [actor, maker, allowed]: every cell of docs/teams.md (own, another member's, the owner's or an admin's).
  const cells: Array<[Role, Role, boolean]> = [
    ['owner', 'owner', true],
    ['owner', 'member', true],
    ['admin', 'admin', true],
    ['admin', 'owner', true],
    ['admin', 'member', true],
    ['member', 'member', true],
    ['member', 'other member', false],
    ['member', 'owner', false],
    ['member', 'admin', false],
  ];

  it.each(cells)('%s acting on what %s made: allowed %s', async (actor, maker, allowed) => {
    const r = await made(maker);
    const by = people[actor];
    const del = await api(t, by, 'DELETE', `/v1/jobs/${r.jobId}`);
    const revoke = await api(t, by, 'DELETE', `/v1/api-keys/${r.keyId}`);
    const unhook = await api(t, by, 'DELETE', `/v1/webhooks/${r.hookId}`);
    const jobs = (await api(t, people.owner, 'GET', '/v1/jobs/')).body as Array<{ id: string }>;
    const keyWorks = (await api(t, keyUser(people[maker].id, r.secret), 'GET', '/v1/users/me')).status === 200;
    const hooks = (await api(t, people.owner, 'GET', '/v1/webhooks')).body.endpoints as Array<{ id: string }>;
    if (allowed) {
      expect([del.status, revoke.status, unhook.status]).toEqual([200, 200, 200]);
      expect(jobs.some((j) => j.id === r.jobId)).toBe(false);
      expect(keyWorks).toBe(false);
      expect(hooks.some((h) => h.id === r.hookId)).toBe(false);
    } else {
      for (const answer of [del, revoke, unhook])
        expect([answer.status, answer.body.code]).toEqual([403, 'TEAM_NOT_YOURS']);
      expect(jobs.some((j) => j.id === r.jobId)).toBe(true);
      expect(keyWorks).toBe(true);
      expect(hooks.some((h) => h.id === r.hookId)).toBe(true);
    }
  });

  it("the editor's writes on another member's job answer 403 TEAM_NOT_YOURS; on their own, not that", async () => {
    const mine = await made('member');
    const theirs = await made('other member');
    const writes: Array<[string, string, unknown]> = [
      ['PUT', 'tracks', { tracks: [] }],
      ['POST', 'translate-again', { language: 'es' }],
      ['POST', 'tracks/shorten', { language: 'es', cue_index: 0 }],
      ['POST', 'redub', { language: 'es' }],
      ['POST', 'revisions/1/restore', undefined],
    ];
    for (const [method, path, body] of writes) {
      const refused = await api(t, people.member, method, `/v1/jobs/${theirs.jobId}/${path}`, body);
      expect([path, refused.status, refused.body.code]).toEqual([path, 403, 'TEAM_NOT_YOURS']);
      const own = await api(t, people.member, method, `/v1/jobs/${mine.jobId}/${path}`, body);
      expect([path, own.body.code]).not.toEqual([path, 'TEAM_NOT_YOURS']);
      const admin = await api(t, people.admin, method, `/v1/jobs/${theirs.jobId}/${path}`, body);
      expect([path, admin.body.code]).not.toEqual([path, 'TEAM_NOT_YOURS']);
    }
  });
});
