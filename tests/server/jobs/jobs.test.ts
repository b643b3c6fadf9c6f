/**
 * Jobs as a user meets them, on both databases: estimate and submit with the real media price, the worker running
 * the real pipeline and translator, downloads with the spec's names, credits reserved/charged/released, 402,
 * ownership (404), every refusal of the jobs issue, delete and cancel.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, SAMPLE_DOCX, uploadByPut, type TestUser } from './fixtures.ts';
import { creditLedger } from '../../../server/src/db/schema/index.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 240_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function ledgerOf(t: TestApp, userId: string, jobId: string) {
  const rows = await t.ctx.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.jobId, jobId)));
  return rows.map((r) => `${r.kind}:${r.amount}`).sort();
}

describe.each(DATABASE_KINDS)('jobs with workers on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let jfkUrl: string;

  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: true, concurrency: 2 } });
    alice = await createUser(t, 100);
    bob = await createUser(t, 100);
    const up = await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4');
    expect(up.status).toBe(200);
    jfkUrl = up.fileUrl;
  });
  afterAll(() => t?.close());

  it('prices from the real media, runs subtitles and voice-over to es, and serves the four files under the spec names', async () => {
    const seconds = Number(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration',
        '-of',
        'csv=p=0',
        JFK_MP4,
      ]).toString(),
    );
    const expected = Math.ceil(seconds / 60) * 1 * (1 + 3);
    const est = await api(t, alice, 'POST', '/v1/jobs/estimate', {
      media_url: jfkUrl,
      target_languages: ['es'],
      services_to_run: ['subtitle', 'voice_over'],
    });
    expect(est.status).toBe(200);
    expect(est.body.credits).toBe(expected);
    expect(est.body.media_seconds).toBeCloseTo(seconds, 1);
    const before = est.body.balance;

    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: jfkUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle', 'voice_over'],
      voice_over_mode: 'manual',
    });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({
      status: 'queued',
      job_type: 'video_translation',
      original_filename: 'jfk.mp4',
      credits_used: expected,
      source_file_url: jfkUrl,
    });
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - expected);

    const seen: number[] = [];
    const done = await waitFor('completion', async () => {
      const st = await api(t, alice, 'GET', '/v1/jobs/status');
      const j = st.body.jobs.find((x: any) => x.id === sub.body.id);
      if (j) seen.push(j.progress);
      if (j?.status === 'failed') throw new Error(`job failed: ${j.error}`);
      return j?.status === 'completed' && j;
    });
    expect(done.progress).toBe(100);
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);

    const list = await api(t, alice, 'GET', '/v1/jobs/');
    const job = list.body.find((x: any) => x.id === sub.body.id);
    expect(job.credits_used).toBe(expected);
    const es = job.output_files.es;
    const files: Array<[string, string, RegExp]> = [
      [es.subtitle.vtt_url, 'jfk_es.vtt', /^WEBVTT/],
      [es.subtitle.srt_url, 'jfk_es.srt', /^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /],
      [es.voice_over.voice_over_url, 'jfk_es.mp3', /./],
      [es.voice_over.video_url, 'jfk_es.mp4', /./],
    ];
    for (const [url, name, content] of files) {
      const res = await fetch(url, { headers: { origin: 'http://localhost:5173' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`filename="${name}"`);
      expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBeGreaterThan(20);
      expect(body.toString('utf8', 0, 200)).toMatch(content);
    }
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - expected);
    expect(await ledgerOf(t, alice.id, sub.body.id)).toEqual(['charge:0', `reserve:${-expected}`]);
  });

  it('translates a document and names it NAME__LANG.docx; 0.5 credits per 100 words rounded up', async () => {
    const up = await uploadByPut(t, alice, SAMPLE_DOCX, 'test.docx', DOCX);
    const est = await api(t, alice, 'POST', '/v1/jobs/estimate', {
      media_url: up.fileUrl,
      target_languages: ['es', 'fr'],
      services_to_run: ['document'],
    });
    expect(est.status).toBe(200);
    expect(est.body.credits).toBe(2 * Math.ceil((est.body.word_count / 100) * 0.5));
    const sub = await api(t, alice, 'POST', '/v1/documents/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es', 'fr'],
      services_to_run: ['document'],
    });
    expect(sub.status).toBe(201);
    expect(sub.body.credits_used).toBe(est.body.credits);
    const job = await waitFor('document job', async () => {
      const r = await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`);
      if (r.body.status === 'failed') throw new Error(r.body.error);
      return r.body.status === 'completed' && r.body;
    });
    for (const lang of ['es', 'fr']) {
      const res = await fetch(job.output_files[lang].docx_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`filename="test__${lang}.docx"`);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
    }
  });

  it('a job that fails in the worker is failed with a readable error and its credits are given back', async () => {
    const silent = path.join(t.dataDir, 'silence.wav');
    execFileSync('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      '4',
      silent,
    ]);
    const up = await uploadByPut(t, alice, silent, 'silence.wav', 'audio/wav');
    expect(up.status).toBe(200);
    const before = await balanceOf(t.ctx.db, alice.id);
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(201);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - 1);
    const job = await waitFor('failure', async () => {
      const r = await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`);
      return (r.body.status === 'failed' || r.body.status === 'completed') && r.body;
    });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/speech/i);
    expect(job.credits_used).toBe(0);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
  });

  it('DELETE cancels a running job, gives its credits back and leaves no files', async () => {
    const before = await balanceOf(t.ctx.db, bob.id);
    const up = await uploadByPut(t, bob, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const sub = await api(t, bob, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es', 'fr'],
      services_to_run: ['subtitle', 'voice_over'],
    });
    expect(sub.status).toBe(201);
    await waitFor(
      'processing',
      async () => (await api(t, bob, 'GET', `/v1/jobs/${sub.body.id}`)).body.status === 'processing',
    );
    const del = await api(t, bob, 'DELETE', `/v1/jobs/${sub.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ statusCode: 200, message: 'Job deleted successfully.' });
    expect((await api(t, bob, 'GET', `/v1/jobs/${sub.body.id}`)).status).toBe(404);
    expect(await balanceOf(t.ctx.db, bob.id)).toBe(before);
    // The worker stops and its work folder goes away; no output of the job stays stored.
    await waitFor(
      'worker stopped',
      async () => !fs.readdirSync(path.join(t.dataDir, 'work')).some((d) => d.startsWith(sub.body.id)),
      60_000,
    );
    expect(fs.existsSync(path.join(t.dataDir, 'files', 'outputs', bob.id, sub.body.id))).toBe(false);
  });
});
