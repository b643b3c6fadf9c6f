/**
 * Uploads as the web app does them, on both databases: the presigned-url call and its refusals before any byte,
 * the signed PUT (signature, expiry, Content-Type, size), tus (creation, resume from the offset, termination,
 * owner only), the content checks, and retention.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, SAMPLE_DOCX, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { findUpload } from '../../../server/src/modules/uploads/upload.repository.ts';
import { runUploadRetention } from '../../../server/src/modules/uploads/upload-retention.ts';
import { uploads, jobs } from '../../../server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';

/** The container duration ffprobe reports, seconds (independent of the server's probe). */
function ffprobeSeconds(file: string): number {
  return Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
      .toString()
      .trim(),
  );
}

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe.each(DATABASE_KINDS)('uploads on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ kind });
    alice = await createUser(t, 100);
    bob = await createUser(t, 100);
  });
  afterAll(() => t?.close());

  it('gives upload_url, file_url, tus_url for media and documents', async () => {
    const res = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'talk.mp4',
      content_type: 'video/mp4',
    });
    expect(res.status).toBe(200);
    expect(res.body.upload_url).toMatch(new RegExp(`^${t.baseUrl}/uploads/put/`));
    expect(res.body.file_url).toBe(`${t.baseUrl}/v1/uploads/${res.body.upload_id}/file`);
    expect(res.body.tus_url).toBe(`${t.baseUrl}/uploads/tus`);
    const doc = await api(t, alice, 'POST', '/v1/uploads/presigned-url', { filename: 'report.docx', content_type: '' });
    expect(doc.status).toBe(200);
  });

  it('refuses other types and oversize files before any byte, with a clear message', async () => {
    const exe = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'setup.exe',
      content_type: 'application/x-msdownload',
    });
    expect(exe.status).toBe(415);
    expect(exe.body.error).toMatch(/not supported.*video or audio.*\.docx/);
    const pdf = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'a.pdf',
      content_type: 'application/pdf',
    });
    expect(pdf.status).toBe(415);
    const big = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'big.mp4',
      content_type: 'video/mp4',
      size_bytes: 2 * 1024 ** 3 + 1,
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/2 GB/);
    const bigDoc = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'big.docx',
      content_type: '',
      size_bytes: 50 * 1024 ** 2 + 1,
    });
    expect(bigDoc.status).toBe(413);
    expect(bigDoc.body.error).toMatch(/50 MB/);
    const anon = await api(t, null, 'POST', '/v1/uploads/presigned-url', {
      filename: 'a.mp4',
      content_type: 'video/mp4',
    });
    expect(anon.status).toBe(401);
  });

  it('accepts a signed PUT with x-amz-acl, checks the content, and the file_url serves it to its owner only', async () => {
    const up = await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4');
    expect(up.status).toBe(200);
    const row = await findUpload(t.ctx.db, up.uploadId);
    expect(row?.status).toBe('complete');
    expect(row?.durationSeconds).toBeCloseTo(ffprobeSeconds(JFK_MP4), 1);
    const own = await fetch(`${t.baseUrl}/v1/uploads/${up.uploadId}/file`, { headers: alice.auth, redirect: 'manual' });
    expect(own.status).toBe(302);
    const file = await fetch(own.headers.get('location')!);
    expect(Buffer.from(await file.arrayBuffer()).equals(fs.readFileSync(JFK_MP4))).toBe(true);
    const other = await fetch(`${t.baseUrl}/v1/uploads/${up.uploadId}/file`, { headers: bob.auth, redirect: 'manual' });
    expect(other.status).toBe(404);
    // A second PUT to the same URL is refused: the file is already there.
    const again = await fetch(`${t.baseUrl}/uploads/put/${up.uploadId}?x`, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: 'x',
    });
    expect(again.status).toBe(403);
  });

  it('refuses a wrong signature, an expired URL, another Content-Type and an oversize body, storing nothing', async () => {
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'notes.srt',
      content_type: 'application/x-subrip',
    });
    const url = new URL(target.body.upload_url);
    const body = '1\n00:00:01,000 --> 00:00:02,000\nHello there\n';
    const put = (u: URL, type = 'application/x-subrip', data: string | Buffer = body) =>
      fetch(u, { method: 'PUT', headers: { 'content-type': type }, body: data });

    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await put(forged)).status).toBe(403);
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10));
    expect((await put(expired)).status).toBe(403);
    expect((await put(url, 'text/plain')).status).toBe(403);
    const row = await findUpload(t.ctx.db, target.body.upload_id);
    expect(row?.status).toBe('pending');
    expect(await t.ctx.storage.stat(row!.storageKey)).toBeNull();

    // 50 MB + 1 byte: refused on Content-Length (413) and nothing is stored.
    const tooBig = Buffer.alloc(50 * 1024 ** 2 + 1, 0x41);
    const res = await put(url, 'application/x-subrip', tooBig).catch(() => null);
    if (res) expect(res.status).toBe(413);
    expect(await t.ctx.storage.stat(row!.storageKey)).toBeNull();

    expect((await put(url)).status).toBe(200);
    expect((await findUpload(t.ctx.db, target.body.upload_id))?.wordCount).toBe(2);
  });

  it('stops a PUT without Content-Length as soon as it passes the limit, storing nothing', async () => {
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'big.vtt',
      content_type: 'text/vtt',
    });
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent >= 60) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(target.body.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'text/vtt' },
      body,
      duplex: 'half',
    }).catch(() => null);
    if (res) expect(res.status).toBe(413);
    const row = (await findUpload(t.ctx.db, target.body.upload_id))!;
    expect(row.status).toBe('pending');
    expect(await t.ctx.storage.stat(row.storageKey)).toBeNull();
    // When the server cuts the connection the client can see the error before the handler has removed its
    // temporary file: wait for the handler to finish, then nothing of the upload may be left.
    const leftovers = () => fs.readdirSync(path.join(t.dataDir, 'work')).filter((f) => f.includes(row.id));
    for (let i = 0; i < 50 && leftovers().length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(leftovers()).toEqual([]);
  });

  it('deleting the account removes its stored files', async () => {
    const carol = await createUser(t, 10);
    const up = await uploadByPut(t, carol, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const row = (await findUpload(t.ctx.db, up.uploadId))!;
    expect(await t.ctx.storage.stat(row.storageKey)).not.toBeNull();
    const res = await api(t, carol, 'DELETE', '/api/user/delete');
    expect(res.status).toBe(200);
    expect(await t.ctx.storage.stat(row.storageKey)).toBeNull();
  });

  it('checks content, not names: a text file named .mp4 and a fake .docx are refused with the reason', async () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'fake-'));
    fs.writeFileSync(path.join(dir, 'fake.mp4'), 'this is not a video at all');
    const fake = await uploadByPut(t, alice, path.join(dir, 'fake.mp4'), 'fake.mp4', 'video/mp4');
    expect(fake.status).toBe(422);
    expect(JSON.parse(fake.body).error.length).toBeGreaterThan(10);
    expect((await findUpload(t.ctx.db, fake.uploadId))?.status).toBe('rejected');
    fs.writeFileSync(path.join(dir, 'fake.docx'), 'PK not really a zip');
    const doc = await uploadByPut(
      t,
      alice,
      path.join(dir, 'fake.docx'),
      'fake.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(doc.status).toBe(422);
    const real = await uploadByPut(
      t,
      alice,
      SAMPLE_DOCX,
      'test.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(real.status).toBe(200);
    expect((await findUpload(t.ctx.db, real.uploadId))?.wordCount).toBeGreaterThan(0);
  });

  it('tus: creates with the owner token, resumes from the offset after an interruption, and finishes with a content check', async () => {
    const data = fs.readFileSync(JFK_MP4);
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'jfk.mp4',
      content_type: 'video/mp4',
    });
    const metadata = `filename ${b64('jfk.mp4')},filetype ${b64('video/mp4')},upload_id ${b64(target.body.upload_id)}`;

    const anon = await fetch(target.body.tus_url, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': String(data.length), 'upload-metadata': metadata },
    });
    expect(anon.status).toBe(401);
    const bobTry = await fetch(target.body.tus_url, {
      method: 'POST',
      headers: { ...TUS, ...bob.auth, 'upload-length': String(data.length), 'upload-metadata': metadata },
    });
    expect(bobTry.status).toBe(404);

    // creation-with-upload: the first half in the POST.
    const half = Math.floor(data.length / 2);
    const created = await fetch(target.body.tus_url, {
      method: 'POST',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-length': String(data.length),
        'upload-metadata': metadata,
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(0, half),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toBe(`${t.baseUrl}/uploads/tus/${target.body.upload_id}`);

    // Interrupted: the client asks where to resume.
    expect((await fetch(location, { method: 'HEAD', headers: { ...TUS, ...bob.auth } })).status).toBe(404);
    const head = await fetch(location, { method: 'HEAD', headers: { ...TUS, ...alice.auth } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(half);

    const patch = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(half),
    });
    expect(patch.status).toBe(204);
    const row = await findUpload(t.ctx.db, target.body.upload_id);
    expect(row?.status).toBe('complete');
    expect(row?.sizeBytes).toBe(data.length);
    expect((await t.ctx.storage.stat(row!.storageKey))?.sizeBytes).toBe(data.length);
    // A client that lost the last response asks again: the upload is complete.
    const after = await fetch(location, { method: 'HEAD', headers: { ...TUS, ...alice.auth } });
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(String(data.length));
    expect(after.headers.get('upload-length')).toBe(String(data.length));
    expect((await fetch(location, { method: 'HEAD', headers: { ...TUS, ...bob.auth } })).status).toBe(404);
  });

  it('tus: termination removes an unfinished upload; a document over 50 MB is refused at creation', async () => {
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'a.mp3',
      content_type: 'audio/mpeg',
    });
    const metadata = `upload_id ${b64(target.body.upload_id)}`;
    const created = await fetch(target.body.tus_url, {
      method: 'POST',
      headers: { ...TUS, ...alice.auth, 'upload-length': '1000', 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await fetch(location, { method: 'DELETE', headers: { ...TUS, ...bob.auth } })).status).toBe(404);
    expect((await fetch(location, { method: 'DELETE', headers: { ...TUS, ...alice.auth } })).status).toBe(204);
    expect((await fetch(location, { method: 'HEAD', headers: { ...TUS, ...alice.auth } })).status).toBe(404);

    const doc = await api(t, alice, 'POST', '/v1/uploads/presigned-url', { filename: 'b.docx', content_type: '' });
    const big = await fetch(doc.body.tus_url, {
      method: 'POST',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-length': String(50 * 1024 ** 2 + 1),
        'upload-metadata': `upload_id ${b64(doc.body.upload_id)}`,
      },
    });
    expect(big.status).toBe(413);

    // A refusal of ours is the API's coded error body, so the web app words it in the user's language.
    const unknown = await fetch(doc.body.tus_url, {
      method: 'POST',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-length': '10',
        'upload-metadata': `upload_id ${b64('00000000-0000-4000-8000-000000000000')}`,
      },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND', statusCode: 404 });
  });

  it('an upload never finished is expired after 24 hours: its file_url is refused from then on', async () => {
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'never.mp4',
      content_type: 'video/mp4',
    });
    await runUploadRetention(t.ctx, new Date(Date.now() + 23 * 3600_000));
    expect((await findUpload(t.ctx.db, target.body.upload_id))?.status).toBe('pending');
    const result = await runUploadRetention(t.ctx, new Date(Date.now() + 25 * 3600_000));
    expect(result.stalePending).toBeGreaterThanOrEqual(1);
    expect((await findUpload(t.ctx.db, target.body.upload_id))?.status).toBe('expired');
    const put = await fetch(target.body.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: fs.readFileSync(JFK_MP4),
    });
    expect(put.status).toBe(409);
    expect(((await put.json()) as any).error).toMatch(/expired/);
  });

  it('retention: media older than 30 days is deleted and its jobs say the source expired', async () => {
    const up = await uploadByPut(t, alice, JFK_MP4, 'old.mp4', 'video/mp4');
    const row = (await findUpload(t.ctx.db, up.uploadId))!;
    await t.ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 31 * 86400_000) })
      .where(eq(uploads.id, row.id));
    const [job] = await t.ctx.db
      .insert(jobs)
      .values({
        userId: alice.id,
        jobType: 'video_translation',
        servicesRequested: ['subtitle'],
        sourceLanguage: 'en',
        targetLanguages: ['es'],
        originalFilename: 'old.mp4',
        sourceFileUrl: up.fileUrl,
        uploadId: row.id,
        status: 'completed',
      })
      .returning();
    const recent = await uploadByPut(t, alice, JFK_MP4, 'new.mp4', 'video/mp4');
    const result = await runUploadRetention(t.ctx);
    expect(result.expiredMedia).toBe(1);
    expect(await t.ctx.storage.stat(row.storageKey)).toBeNull();
    expect((await findUpload(t.ctx.db, row.id))?.status).toBe('expired');
    const jobRes = await api(t, alice, 'GET', `/v1/jobs/${job.id}`);
    expect(jobRes.body.source_expired).toBe(true);
    const recentRow = (await findUpload(t.ctx.db, recent.uploadId))!;
    expect(await t.ctx.storage.stat(recentRow.storageKey)).not.toBeNull();
    const submit = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(submit.status).toBe(404);
    expect(submit.body.error).toMatch(/30 days/);
  });
});
