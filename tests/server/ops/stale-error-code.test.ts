/**
 * A completed job shows no failure (issue 26 item 6): a try that failed on a passing engine error (DeepL's emulator
 * answering 429 with no engine retries left) puts the job back in the queue with ENGINE_FAILED; when the next try
 * completes, the job's error, error_code and error_detail are empty, as a user reading it expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut } from '../jobs/fixtures.ts';
import { JobResponse } from '../../../contract/jobs.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';

const KEY = 'k-ops26:fx';

describe.each(DATABASE_KINDS)('a job that failed once, was retried and completed, on %s', (kind) => {
  let t: TestApp;
  let deepl: Awaited<ReturnType<typeof startFakeDeepL>>;
  beforeAll(async () => {
    deepl = await startFakeDeepL({ apiKey: KEY });
    t = await startTestApp({
      kind,
      // No retry inside the engine call: the 429 fails the try, and the queue tries the job again.
      env: { DEEPL_API_KEY: KEY, DEEPL_API_URL: deepl.url, ENGINE_HTTP_RETRIES: '0', LOCAL_ENGINES: 'true' },
      queue: { work: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('shows no error_code, error or detail once completed', async () => {
    const alice = await createUser(t, 100);
    const url = (await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    deepl.rateLimitNext(1, 0);
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: url,
      source_language: 'en',
      target_languages: ['de'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(201);
    const end = Date.now() + 150_000;
    let job = v.parse(JobResponse, sub.body);
    const seen = new Set<string>();
    while (job.status !== 'completed') {
      if (job.error_code) seen.add(job.error_code);
      if (job.status === 'failed' || Date.now() > end) throw new Error(`job ${job.status} ${job.error_code}`);
      await new Promise((r) => setTimeout(r, 200));
      job = v.parse(JobResponse, (await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`)).body);
    }
    // The first try really failed: DeepL refused one translate call and the job took a second try.
    const translateCalls = deepl.requests.filter((r) => r.path === '/v2/translate').length;
    expect(translateCalls).toBeGreaterThanOrEqual(2);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.attempts).toBe(2);
    expect(job.error_code).toBeNull();
    expect(job.error).toBeNull();
    expect(row.errorCode).toBeNull();
    expect(row.errorDetail).toBeNull();
    // (Seen while it waited for its second try, when the poll caught it.)
    for (const code of seen) expect(code).toBe('ENGINE_FAILED');
  });
});
