/**
 * The at-scale file path, on both databases: STORAGE=s3 against s3rver. The browser PUTs straight to the bucket
 * with the presigned URL (the server sees no bytes), the server checks the content the first time the file_url is
 * used, the worker reads the input from and writes the outputs to the bucket, and downloads are presigned GETs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, SAMPLE_DOCX, type TestUser } from './fixtures.ts';
import { findUpload } from '../../../server/src/modules/uploads/upload.repository.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe.each(DATABASE_KINDS)('uploads and jobs on S3 storage (%s)', (kind) => {
  let t: TestApp;
  let s3: S3rver;
  let alice: TestUser;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'tarjama', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    t = await startTestApp({
      kind,
      queue: { work: true },
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'tarjama',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    alice = await createUser(t, 100);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function putToBucket(file: string, filename: string, contentType: string) {
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', { filename, content_type: contentType });
    expect(target.status).toBe(200);
    expect(target.body.upload_url).not.toContain(t.baseUrl);
    const res = await fetch(target.body.upload_url, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'x-amz-acl': 'public-read' },
      body: fs.readFileSync(file),
    });
    expect(res.status).toBe(200);
    return target.body as { upload_id: string; file_url: string };
  }

  it('prices a media file PUT straight to the bucket from its real duration', async () => {
    const up = await putToBucket(JFK_MP4, 'jfk.mp4', 'video/mp4');
    expect((await findUpload(t.ctx.db, up.upload_id))?.status).toBe('pending');
    const est = await api(t, alice, 'POST', '/v1/jobs/estimate', {
      media_url: up.file_url,
      target_languages: ['es', 'fr'],
      services_to_run: ['subtitle'],
    });
    expect(est.status).toBe(200);
    expect(est.body.credits).toBe(2);
    expect((await findUpload(t.ctx.db, up.upload_id))?.status).toBe('complete');
  });

  it('refuses a fake file found in the bucket and deletes it', async () => {
    const fake = path.join(dir, 'fake.docx');
    fs.writeFileSync(fake, 'not a word file');
    const up = await putToBucket(fake, 'fake.docx', DOCX);
    const res = await api(t, alice, 'POST', '/v1/documents/translate', {
      media_url: up.file_url,
      source_language: 'en',
      target_languages: ['es'],
    });
    expect(res.status).toBe(422);
    const row = (await findUpload(t.ctx.db, up.upload_id))!;
    expect(row.status).toBe('rejected');
    expect(await t.ctx.storage.stat(row.storageKey)).toBeNull();
  });

  it('translates a document read from the bucket and serves the result from the bucket', async () => {
    const up = await putToBucket(SAMPLE_DOCX, 'test.docx', DOCX);
    const sub = await api(t, alice, 'POST', '/v1/documents/translate', {
      media_url: up.file_url,
      source_language: 'en',
      target_languages: ['es'],
    });
    expect(sub.status).toBe(201);
    let job: any;
    for (let i = 0; i < 400 && job?.status !== 'completed'; i++) {
      job = (await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`)).body;
      if (job.status === 'failed') throw new Error(job.error);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(job.status).toBe('completed');
    const url = job.output_files.es.docx_url as string;
    expect(new URL(url).searchParams.get('response-content-disposition')).toBe('attachment; filename="test__es.docx"');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
