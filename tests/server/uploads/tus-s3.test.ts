/**
 * tus on S3 storage (@tus/s3-store, multipart): a resumable upload of a real recording, interrupted and resumed,
 * ends as one object in the bucket that the content check accepts and a job can use; termination removes an
 * unfinished upload. S3 is s3rver with ListParts and AbortMultipartUpload added (helpers/s3-multipart.ts).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startS3MultipartFront } from '../helpers/s3-multipart.ts';
import { api, createUser, type TestUser } from '../jobs/fixtures.ts';
import { findUpload } from '../../../server/src/modules/uploads/upload.repository.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('tus uploads on S3 storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-tus-'));
  let s3: S3rver;
  let front: Awaited<ReturnType<typeof startS3MultipartFront>>;
  let t: TestApp;
  let alice: TestUser;
  let wav: Buffer;

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'tarjama', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    front = await startS3MultipartFront(port, dir);
    t = await startTestApp({
      kind: 'pglite',
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: front.endpoint,
        S3_BUCKET: 'tarjama',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    alice = await createUser(t, 100);
    // 12 MB of a 440 Hz tone (16 kHz mono, 6 min 30 s): more than one S3 part of @tus/s3-store (8 MiB).
    const file = path.join(dir, 'tone.wav');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=390',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-y',
      file,
    ]);
    wav = fs.readFileSync(file);
  });
  afterAll(async () => {
    await t?.close();
    await front?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function create(filename: string) {
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', { filename, content_type: 'audio/wav' });
    const created = await fetch(target.body.tus_url, {
      method: 'POST',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-length': String(wav.length),
        'upload-metadata': `filename ${b64(filename)},upload_id ${b64(target.body.upload_id)}`,
      },
    });
    expect(created.status).toBe(201);
    return {
      uploadId: target.body.upload_id as string,
      fileUrl: target.body.file_url as string,
      location: created.headers.get('location')!,
    };
  }
  const head = async (location: string) => fetch(location, { method: 'HEAD', headers: { ...TUS, ...alice.auth } });
  const patch = (location: string, offset: number, body: Buffer) =>
    fetch(location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body,
    });

  it('resumes an interrupted upload from its offset and stores one object, byte for byte, that a job can price', async () => {
    const { uploadId, fileUrl, location } = await create('tone.wav');
    // The first request carries 9 MB (one full part and the start of the next), then the client stops.
    const first = 9 * 1024 * 1024;
    expect((await patch(location, 0, wav.subarray(0, first))).status).toBe(204);
    const offset = Number((await head(location)).headers.get('upload-offset'));
    expect(offset).toBe(first);
    expect((await patch(location, offset, wav.subarray(offset))).status).toBe(204);

    const row = await findUpload(t.ctx.db, uploadId);
    expect(row).toMatchObject({ status: 'complete', sizeBytes: wav.length });
    const stored: Buffer[] = [];
    for await (const chunk of await t.ctx.storage.read(row!.storageKey)) stored.push(chunk as Buffer);
    expect(sha(Buffer.concat(stored))).toBe(sha(wav));
    const est = await api(t, alice, 'POST', '/v1/jobs/estimate', {
      media_url: fileUrl,
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(est.body).toMatchObject({ credits: 7, media_seconds: 390 });
  });

  it('terminates an unfinished upload: its parts are gone and it cannot be resumed', async () => {
    const { location } = await create('gone.wav');
    expect((await patch(location, 0, wav.subarray(0, 9 * 1024 * 1024))).status).toBe(204);
    expect((await fetch(location, { method: 'DELETE', headers: { ...TUS, ...alice.auth } })).status).toBe(204);
    expect([404, 410]).toContain((await head(location)).status);
    expect(fs.readdirSync(path.join(dir, 'tarjama', '._S3rver_uploads')).length).toBe(0);
  });
});
