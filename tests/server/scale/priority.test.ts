/**
 * Plan priority and fair share (issue 16, docs/operator.md "Queue priority and fair share"), with the real queue, worker
 * and pipeline: while the one worker is busy, five Free users submit six jobs (the first user two), then a
 * Business user submits one, and the busy job is deleted. The Business job starts next; then the Free users' first jobs in the order they came,
 * and the first user's second job only after the other users' first jobs, although it was submitted before them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_EN_SRT, JFK_MP4, JFK_WAV, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { jobs, subscriptions } from '../../../server/src/db/schema/index.ts';

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 240_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(DATABASE_KINDS)('queue priority and fair share on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: true, concurrency: 1 } });
  });
  afterAll(() => t?.close());

  /**
   * A user of `plan` with `file` uploaded; with `ownWords`, also its English subtitles (JFK_EN_SRT), so the job
   * skips the recogniser: the order the jobs start in is tested here, not what they hear.
   */
  async function userWithUpload(plan: 'Free' | 'business', file: string, name: string, type: string, ownWords = false) {
    const user = await createUser(t, 500);
    if (plan !== 'Free')
      await t.ctx.db.insert(subscriptions).values({
        userId: user.id,
        planId: plan,
        status: 'active',
        provider: 'test',
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86400_000),
      });
    const up = await uploadByPut(t, user, file, name, type);
    expect(up.status).toBe(200);
    if (!ownWords) return { user, fileUrl: up.fileUrl };
    const srtFile = path.join(t.dataDir, 'jfk_en.srt');
    fs.writeFileSync(srtFile, JFK_EN_SRT);
    const srt = await uploadByPut(t, user, srtFile, 'jfk_en.srt', 'application/x-subrip');
    expect(srt.status).toBe(200);
    return { user, fileUrl: up.fileUrl, srtUrl: srt.fileUrl };
  }

  async function submit(u: { user: TestUser; fileUrl: string; srtUrl?: string }, services: string[], targets = ['es']) {
    const res = await api(t, u.user, 'POST', '/v1/jobs/translate', {
      media_url: u.fileUrl,
      ...(u.srtUrl ? { source_subtitles_url: u.srtUrl } : {}),
      source_language: 'en',
      target_languages: targets,
      services_to_run: services,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  it('a Business job submitted after five Free users’ jobs starts next; each user’s first job before anyone’s second', async () => {
    const busyUser = await userWithUpload('Free', JFK_MP4, 'jfk.mp4', 'video/mp4');
    const free: Array<{ user: TestUser; fileUrl: string }> = [];
    for (let i = 0; i < 5; i++) free.push(await userWithUpload('Free', JFK_WAV, 'jfk.wav', 'audio/wav', true));
    const business = await userWithUpload('business', JFK_WAV, 'jfk.wav', 'audio/wav', true);

    // The one worker is busy with a long job (voice-over in three languages).
    const busy = await submit(busyUser, ['subtitle', 'voice_over'], ['es', 'fr', 'pt']);
    await waitFor('the busy job to start', async () => {
      const j = await api(t, busyUser.user, 'GET', `/v1/jobs/${busy}`);
      return j.body.status === 'processing';
    });

    // Free user 1 submits two jobs, users 2-5 one each, then the Business user one.
    const a1 = await submit(free[0], ['subtitle']);
    const a2 = await submit(free[0], ['subtitle']);
    const others: string[] = [];
    for (const u of free.slice(1)) others.push(await submit(u, ['subtitle']));
    const biz = await submit(business, ['subtitle']);
    const waiting = [a1, a2, ...others, biz];

    const busyNow = await api(t, busyUser.user, 'GET', `/v1/jobs/${busy}`);
    expect(busyNow.body.status, 'the busy job must still run when the others are submitted').toBe('processing');
    // Its user deletes it: the worker stops it and takes the next job at once, instead of after a three-language
    // dub (the order the waiting jobs start in is what is tested, not how long the busy one lasts).
    expect((await api(t, busyUser.user, 'DELETE', `/v1/jobs/${busy}`)).status).toBe(200);

    // Until three of the waiting jobs have started: Business, then the first Free jobs in order.
    const started = await waitFor(
      'three waiting jobs to start',
      async () => {
        const rows = await t.ctx.db
          .select({ id: jobs.id, startedAt: jobs.startedAt })
          .from(jobs)
          .where(inArray(jobs.id, waiting));
        const s = rows.filter((r) => r.startedAt).sort((x, y) => x.startedAt!.getTime() - y.startedAt!.getTime());
        return s.length >= 3 && s;
      },
      300_000,
    );
    expect(started.slice(0, 3).map((r) => r.id)).toEqual([biz, a1, others[0]]);
    expect(started.map((r) => r.id)).not.toContain(a2);

    // Give every unfinished job back (DELETE releases its credits) so the app closes quickly.
    for (const [id, owner] of [
      [a1, free[0]],
      [a2, free[0]],
      ...others.map((id, i) => [id, free[i + 1]] as const),
      [biz, business],
    ] as const)
      await api(t, owner.user, 'DELETE', `/v1/jobs/${id}`);
  }, 400_000);
});
