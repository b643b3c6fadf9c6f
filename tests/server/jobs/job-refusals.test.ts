/**
 * Submissions without workers running (jobs stay queued), on both databases: credits under concurrency (20
 * submissions against a balance for 5 create exactly 5 jobs), 402 with price and balance, ownership (404 for any
 * other user's job or file), every refusal of the jobs issue, and delete before start.
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, JFK_WAV, SAMPLE_DOCX, uploadByPut, type TestUser } from './fixtures.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { recoverJobs } from '../../../server/src/modules/jobs/job-recovery.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { JobListResponse, JobResponse, JobStatusesResponse } from '../../../contract/jobs.ts';
import { isYoutubeUrl, downloadYoutube, YoutubeError } from '../../../server/src/modules/jobs/youtube.adapter.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const subtitleJob = (media_url: string, extra: Record<string, unknown> = {}) => ({
  media_url,
  source_language: 'en',
  target_languages: ['es'],
  services_to_run: ['subtitle'],
  ...extra,
});

describe.each(DATABASE_KINDS)('job submission on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let jfkUrl: string;

  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: false } });
    alice = await createUser(t, 1000);
    bob = await createUser(t, 1000);
    jfkUrl = (await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
  });
  afterAll(() => t?.close());

  it('20 concurrent submissions against a balance that covers 5 create exactly 5 jobs', async () => {
    const carol = await createUser(t, 5);
    const url = (await uploadByPut(t, carol, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api(t, carol, 'POST', '/v1/jobs/translate', subtitleJob(url))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 402);
    expect(refused).toHaveLength(15);
    expect(refused[0].body).toMatchObject({ statusCode: 402, code: 'PAYMENT_REQUIRED', price: 1, balance: 0 });
    expect(await balanceOf(t.ctx.db, carol.id)).toBe(0);
    expect((await api(t, carol, 'GET', '/v1/jobs/')).body).toHaveLength(5);
  });

  it('a balance too small gets 402 with the price and the balance, and nothing is reserved', async () => {
    const dan = await createUser(t, 3);
    const url = (await uploadByPut(t, dan, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    const res = await api(
      t,
      dan,
      'POST',
      '/v1/jobs/translate',
      subtitleJob(url, { services_to_run: ['subtitle', 'voice_over'] }),
    );
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ statusCode: 402, price: 4, balance: 3 });
    expect(res.body.error).toMatch(/4 credits.*3/);
    expect(await balanceOf(t.ctx.db, dan.id)).toBe(3);
  });

  it('lists newest first, shows the spec fields, and keeps every job and file to its owner', async () => {
    const a = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(jfkUrl));
    const b = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      subtitleJob(jfkUrl, { target_languages: ['fr', 'pt'] }),
    );
    expect(b.body.credits_used).toBe(2);
    const list = await api(t, alice, 'GET', '/v1/jobs/');
    expect(list.body.slice(0, 2).map((j: any) => j.id)).toEqual([b.body.id, a.body.id]);
    // Every answer is exactly what the shared contract says the web app reads.
    expect(v.safeParse(JobListResponse, list.body).issues).toBeUndefined();
    expect(v.safeParse(JobResponse, a.body).issues).toBeUndefined();
    expect(list.body[1]).toMatchObject({ status: 'queued', error_code: null, notes: [], output_files: {} });
    const status = await api(t, alice, 'GET', '/v1/jobs/status');
    expect(v.safeParse(JobStatusesResponse, status.body).issues).toBeUndefined();
    expect(status.body.jobs.find((j: any) => j.id === a.body.id)).toEqual({
      id: a.body.id,
      status: 'queued',
      progress: 0,
      stage: null,
      error: null,
      error_code: null,
    });

    expect((await api(t, bob, 'GET', `/v1/jobs/${a.body.id}`)).status).toBe(404);
    expect((await api(t, bob, 'DELETE', `/v1/jobs/${a.body.id}`)).status).toBe(404);
    expect((await api(t, bob, 'GET', '/v1/jobs/')).body.some((j: any) => j.id === a.body.id)).toBe(false);
    expect((await api(t, bob, 'GET', '/v1/jobs/status')).body.jobs).toEqual([]);
    const steal = await api(t, bob, 'POST', '/v1/jobs/translate', subtitleJob(jfkUrl));
    expect(steal.status).toBe(404);
    expect(
      (
        await api(t, bob, 'POST', '/v1/jobs/estimate', {
          media_url: jfkUrl,
          target_languages: ['es'],
          services_to_run: ['subtitle'],
        })
      ).status,
    ).toBe(404);
    expect((await api(t, alice, 'GET', '/v1/jobs/not-a-uuid')).status).toBe(404);
    expect((await api(t, null, 'GET', '/v1/jobs/')).status).toBe(401);
  });

  it('DELETE before the job starts gives the credits back', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    const job = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      subtitleJob(jfkUrl, { services_to_run: ['voice_over'] }),
    );
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - 3);
    const del = await api(t, alice, 'DELETE', `/v1/jobs/${job.body.id}`);
    expect(del.body).toEqual({ statusCode: 200, message: 'Job deleted successfully.' });
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
    expect((await api(t, alice, 'GET', `/v1/jobs/${job.body.id}`)).status).toBe(404);
  });

  it('the recovery sweep re-sends a queued job whose queue message was lost (crash between commit and send), once', async () => {
    const job = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(jfkUrl));
    await t.ctx.db
      .update(jobs)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(jobs.id, job.body.id));
    expect(await recoverJobs(t.ctx)).not.toContain(job.body.id); // its message is still queued
    await t.ctx.database.executeSql('DELETE FROM pgboss.job WHERE singleton_key = $1', [job.body.id]);
    expect(await recoverJobs(t.ctx)).toContain(job.body.id);
    expect(await recoverJobs(t.ctx)).not.toContain(job.body.id);
    const { rows } = await t.ctx.database.executeSql('SELECT state FROM pgboss.job WHERE singleton_key = $1', [
      job.body.id,
    ]);
    expect(rows.map((r: any) => r.state)).toEqual(['created']);
  });

  it('refuses any other host than YouTube, so the server cannot be made to fetch an address', async () => {
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data/',
      'https://example.com/video.mp4',
      'file:///etc/passwd',
      'https://youtube.com.evil.example/watch?v=x',
      'ftp://youtube.com/x',
    ]) {
      const res = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(url));
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatch(/YouTube link/);
    }
  });

  it('a YouTube link that cannot be read is refused with a readable message and no credits move', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    const res = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      subtitleJob('https://www.youtube.com/watch?v=dQw4w9WgXcQ'),
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(
      /^Could not read this YouTube video: .+Check the link, or upload the file instead\.$/,
    );
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
  });

  it('refuses a job whose engines are missing, without reserving', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    const res = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(jfkUrl, { target_languages: ['ja'] }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NO_ENGINE');
    // For programs (the web words it in the user's language) and, in English, for operators.
    expect(res.body.problems).toEqual([{ stage: 'translation', language: 'ja', source_language: 'en' }]);
    expect(res.body.error).toMatch(/Japanese \(ja\).*DEEPL_API_KEY/);
    const doc = (await uploadByPut(t, alice, SAMPLE_DOCX, 'test.docx', DOCX)).fileUrl;
    const docRes = await api(t, alice, 'POST', '/v1/documents/translate', {
      media_url: doc,
      source_language: 'en',
      target_languages: ['ko'],
    });
    expect(docRes.status).toBe(400);
    expect(docRes.body.code).toBe('NO_ENGINE');
    expect(docRes.body.problems).toEqual([{ stage: 'translation', language: 'ko', source_language: 'en' }]);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
  });

  it('the estimate prices a same-language target as captions, exactly as the job is charged', async () => {
    const request = {
      media_url: jfkUrl,
      source_language: 'en',
      target_languages: ['en', 'es'],
      services_to_run: ['subtitle', 'voice_over'],
    };
    const estimate = await api(t, alice, 'POST', '/v1/jobs/estimate', request);
    expect(estimate.status).toBe(200);
    // jfk.mp4 is one billed minute: English captions 1 + Spanish subtitles 1 and voice-over 3; no English voice-over.
    expect(estimate.body.credits).toBe(5);
    const before = await balanceOf(t.ctx.db, alice.id);
    const job = await api(t, alice, 'POST', '/v1/jobs/translate', request);
    expect(job.status).toBe(201);
    expect(before - (await balanceOf(t.ctx.db, alice.id))).toBe(estimate.body.credits);
  });

  it('refuses subtitles burned into an audio file (no picture to draw them on) without reserving', async () => {
    const wav = (await uploadByPut(t, alice, JFK_WAV, 'jfk.wav', 'audio/wav')).fileUrl;
    const before = await balanceOf(t.ctx.db, alice.id);
    const res = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      subtitleJob(wav, { services_to_run: ['subtitle', 'burned_subtitles'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BURN_IN_NEEDS_VIDEO');
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
    // The same request on the video is accepted.
    const ok = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      subtitleJob(jfkUrl, { services_to_run: ['subtitle', 'burned_subtitles'] }),
    );
    expect(ok.status).toBe(201);
  });

  it('refuses burned subtitles on an MP4 that holds only sound (issue 24 item 6), judged by its content', async () => {
    // A video container and a video/mp4 type, but no picture: the burn-in would be charged and make nothing.
    const soundOnly = path.join(t.dataDir, 'sound-only.mp4');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-i', JFK_MP4, '-vn', '-c:a', 'copy', '-y', soundOnly]);
    const url = (await uploadByPut(t, alice, soundOnly, 'talk.mp4', 'video/mp4')).fileUrl;
    const before = await balanceOf(t.ctx.db, alice.id);
    const res = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      subtitleJob(url, { services_to_run: ['subtitle', 'burned_subtitles'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BURN_IN_NEEDS_VIDEO');
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
    // Subtitles alone on the same file are fine.
    const subs = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(url));
    expect(subs.status).toBe(201);
  });

  it('refuses invalid payloads, mixed-up kinds and unfinished or refused uploads', async () => {
    const empty = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(jfkUrl, { target_languages: [] }));
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/at least one target language/);
    expect(
      (await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(jfkUrl, { services_to_run: [] }))).status,
    ).toBe(400);
    expect(
      (await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(jfkUrl, { voice_over_mode: 'robot' }))).status,
    ).toBe(400);
    const asDoc = await api(t, alice, 'POST', '/v1/documents/translate', {
      media_url: jfkUrl,
      source_language: 'en',
      target_languages: ['es'],
    });
    expect(asDoc.status).toBe(400);
    expect(asDoc.body.error).toMatch(/video and audio go to/);
    const doc = (await uploadByPut(t, alice, SAMPLE_DOCX, 'test.docx', DOCX)).fileUrl;
    const asMedia = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(doc));
    expect(asMedia.status).toBe(400);
    expect(asMedia.body.error).toMatch(/documents\/translate/);
    const pending = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'later.mp4',
      content_type: 'video/mp4',
    });
    const notYet = await api(t, alice, 'POST', '/v1/jobs/translate', subtitleJob(pending.body.file_url));
    expect(notYet.status).toBe(409);
    expect(notYet.body.error).toMatch(/not finished uploading/);
  });
});

describe('YouTube links', () => {
  it('accepts only youtube.com, www/m.youtube.com and youtu.be over http(s)', () => {
    for (const ok of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'http://m.youtube.com/watch?v=x',
      'https://youtube.com/shorts/abc',
    ])
      expect(isYoutubeUrl(ok), ok).toBe(true);
    for (const bad of [
      'https://youtube.com',
      'https://user:pw@youtube.com/watch?v=x',
      'https://youtube.com:8443/watch?v=x',
      'https://music.youtube.com/watch?v=x',
      'https://evil.com/youtu.be/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isYoutubeUrl(bad), bad).toBe(false);
    }
  });

  it('the worker download fails with a clear message when YouTube cannot be reached, and writes nothing', async () => {
    const dir = path.join(os.tmpdir(), `yt-test-${process.pid}`);
    const err = await downloadYoutube('https://www.youtube.com/watch?v=dQw4w9WgXcQ', dir, {
      maxBytes: 1024 ** 3,
      maxSeconds: 600,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(YoutubeError);
    expect(err.message).toMatch(
      /^Could not download this YouTube video: .+\. Check the link, or upload the file instead\.$/,
    );
    await expect(downloadYoutube('http://127.0.0.1/video.mp4', dir, { maxBytes: 1, maxSeconds: 1 })).rejects.toThrow(
      /Only YouTube links/,
    );
    const left = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    fs.rmSync(dir, { recursive: true, force: true });
    expect(left).toEqual([]);
  });
});
