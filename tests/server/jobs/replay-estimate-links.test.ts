/**
 * Issue 35 items 10 and 11, on PGlite and PostgreSQL: an Idempotency-Key replay after its job was deleted answers
 * 409 IDEMPOTENCY_KEY_TARGET_DELETED and charges nothing (it answered 201 with the deleted job); with voice cloning
 * unavailable the estimate refuses as the submission does (it quoted 6 credits); and a download link a team member
 * had stops working once they are removed from the team (it served the file for up to an hour), the owner's not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { jobOutputs, jobs } from '../../../server/src/db/schema/index.ts';
import { addMember, insertTeam } from '../../../server/src/modules/teams/team.repository.ts';
import { api, createUser, JFK_MP4, uploadByPut } from './fixtures.ts';
import { upgrade } from '../api/api-helpers.ts';

const SUBTITLES = { source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] };

describe.each(DATABASE_KINDS)('replays, estimates and links on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a replay of a deleted job answers 409 IDEMPOTENCY_KEY_TARGET_DELETED and reserves nothing', async () => {
    const user = await createUser(t, 50);
    const { fileUrl } = await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const send = () =>
      fetch(`${t.baseUrl}/v1/jobs/translate`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json', 'idempotency-key': 'cms-42' },
        body: JSON.stringify({ media_url: fileUrl, ...SUBTITLES }),
      });
    const first = await send();
    const job = (await first.json()) as { id: string };
    expect(first.status).toBe(201);
    const replay = await send();
    expect([replay.status, ((await replay.json()) as { id: string }).id]).toEqual([201, job.id]);
    expect((await api(t, user, 'DELETE', `/v1/jobs/${job.id}`)).status).toBe(200);
    const balance = (await api(t, user, 'GET', '/v1/users/me')).body.credit_balance;
    const after = await send();
    expect([after.status, ((await after.json()) as { code: string }).code]).toEqual([
      409,
      'IDEMPOTENCY_KEY_TARGET_DELETED',
    ]);
    expect((await api(t, user, 'GET', '/v1/users/me')).body.credit_balance).toBe(balance);
    expect((await api(t, user, 'GET', '/v1/jobs/')).body).toEqual([]);
  });

  it('with voice cloning unavailable the estimate refuses as the submission does', async () => {
    const user = await createUser(t, 50);
    const { fileUrl } = await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const clone = { media_url: fileUrl, ...SUBTITLES, services_to_run: ['voice_over'], voice_clone: true };
    const estimate = await api(t, user, 'POST', '/v1/jobs/estimate', clone);
    const submit = await api(t, user, 'POST', '/v1/jobs/translate', { ...clone, voice_clone_consent: true });
    expect([estimate.status, estimate.body.code]).toEqual([400, 'VOICE_CLONE_NOT_AVAILABLE']);
    expect([submit.status, submit.body.code]).toEqual([400, 'VOICE_CLONE_NOT_AVAILABLE']);
    // Without cloning both go through, at the same price.
    const plain = await api(t, user, 'POST', '/v1/jobs/estimate', { ...clone, voice_clone: false });
    expect(plain.status).toBe(200);
  });

  it("a removed member's download link answers 403; the owner's still serves", async () => {
    const owner = await createUser(t, 0);
    await upgrade(t, owner, 'business');
    const member = await createUser(t, 0);
    const team = await insertTeam(t.ctx.db, owner.id, 'Agency');
    await addMember(t.ctx.db, team.id, member.id, 'member');
    const [job] = await t.ctx.db
      .insert(jobs)
      .values({
        userId: owner.id,
        jobType: 'video_translation',
        servicesRequested: ['subtitle'],
        sourceLanguage: 'en',
        targetLanguages: ['es'],
        originalFilename: 'talk.mp4',
        sourceFileUrl: 'http://127.0.0.1/files/talk.mp4',
        status: 'completed',
        progress: 100,
        creditsReserved: 1,
        creditsUsed: 1,
        startedBy: member.id,
      } as never)
      .returning({ id: jobs.id });
    const key = `outputs/${owner.id}/${job.id}/talk_es.vtt`;
    const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'link-')), 'talk_es.vtt');
    fs.writeFileSync(local, 'WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n');
    await t.ctx.storage.putFile(key, local, { contentType: 'text/vtt' });
    await t.ctx.db.insert(jobOutputs).values({
      jobId: job.id,
      language: 'es',
      kind: 'subtitle_vtt',
      storageKey: key,
      filename: 'talk_es.vtt',
      contentType: 'text/vtt',
    } as never);
    const linkOf = async (who: typeof owner) =>
      (await api(t, who, 'GET', `/v1/jobs/${job.id}`)).body.output_files.es.subtitle.vtt_url as string;
    const memberLink = await linkOf(member);
    const ownerLink = await linkOf(owner);
    expect((await fetch(memberLink)).status).toBe(200);
    expect((await api(t, owner, 'DELETE', `/v1/team/members/${member.id}`)).status).toBe(200);
    const gone = await fetch(memberLink);
    expect([gone.status, ((await gone.json()) as { code: string }).code]).toEqual([403, 'DOWNLOAD_LINK_INVALID']);
    const kept = await fetch(ownerLink);
    expect([kept.status, await kept.text()]).toEqual([200, 'WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n']);
  });
});
