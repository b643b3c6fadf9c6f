/**
 * GET /v1/jobs/ served from the per-user cached body: gzip when the client accepts it (the same JSON as the plain
 * answer), plain otherwise, and a job deleted in this process leaves the list at once.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser } from './fixtures.ts';
import { jobOutputs, jobs } from '../../../server/src/db/schema/index.ts';
import { acceptsGzip, TTL_MS } from '../../../server/src/modules/jobs/job-list.cache.ts';
import { eq, sql } from 'drizzle-orm';
import { insertJob } from '../credits/ledger-helpers.ts';

/** A raw GET (node:http does not decompress), returning status, headers and the bytes as received. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('Accept-Encoding parsing', () => {
  it('accepts gzip as browsers send it and refuses it with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('job list on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('answers gzip or plain JSON with the same jobs, and drops a deleted job at once', async () => {
    const user = await createUser(t, 0);
    const rows = await t.ctx.db
      .insert(jobs)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          userId: user.id,
          jobType: 'video_translation',
          servicesRequested: ['subtitle'],
          sourceLanguage: 'en',
          targetLanguages: ['es'],
          originalFilename: `talk-${i}.mp4`,
          sourceFileUrl: 'http://127.0.0.1/files/talk.mp4',
          status: 'completed',
          progress: 100,
          creditsReserved: 1,
          creditsUsed: 1,
          createdAt: new Date(Date.now() - i * 60_000),
        })) as never,
      )
      .returning({ id: jobs.id });
    await t.ctx.db.insert(jobOutputs).values(
      rows.map((r, i) => ({
        jobId: r.id,
        language: 'es',
        kind: 'subtitle_vtt',
        storageKey: `outputs/${user.id}/${r.id}/a.vtt`,
        filename: `talk-${i}_es.vtt`,
        contentType: 'text/vtt',
      })) as never,
    );
    const url = `${t.baseUrl}/v1/jobs/`;
    const zipped = await rawGet(url, { ...user.auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const plain = await rawGet(url, user.auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const fromGzip = JSON.parse(zlib.gunzipSync(zipped.bytes).toString());
    const fromPlain = JSON.parse(plain.bytes.toString());
    expect(fromGzip).toEqual(fromPlain);
    expect(fromPlain).toHaveLength(30);
    expect(fromPlain[0].original_filename).toBe('talk-0.mp4');
    expect(fromPlain[0].output_files.es.subtitle.vtt_url).toMatch(/^http/);
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(
      (await rawGet(url, { ...user.auth, 'accept-encoding': 'gzip;q=0' })).headers['content-encoding'],
    ).toBeUndefined();

    expect((await api(t, user, 'DELETE', `/v1/jobs/${rows[0].id}`)).status).toBe(200);
    const after = await api(t, user, 'GET', '/v1/jobs/');
    expect(after.body).toHaveLength(29);
    expect(after.body.some((j: { id: string }) => j.id === rows[0].id)).toBe(false);
    // Another user's list is their own.
    expect((await api(t, await createUser(t, 0), 'GET', '/v1/jobs/')).body).toEqual([]);
  });

  it('shows progress written by a worker in another process within a few seconds', async () => {
    const user = await createUser(t, 0);
    const row = await insertJob(t.ctx.db, user.id, 1, { status: 'processing', progress: 10 });
    expect((await api(t, user, 'GET', '/v1/jobs/')).body[0].progress).toBe(10);
    // Written straight to the database, as another process does (this process's cache is not told).
    await t.ctx.db
      .update(jobs)
      .set({ progress: 55, stage: 'translate', updatedAt: sql`now()` })
      .where(eq(jobs.id, row.id));
    let seen: { progress: number; stage: string } | undefined;
    const t0 = Date.now();
    while (Date.now() - t0 < 3 * TTL_MS && seen?.progress !== 55) {
      seen = (await api(t, user, 'GET', '/v1/jobs/')).body[0];
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toMatchObject({ progress: 55, stage: 'translate' });
  });
});
