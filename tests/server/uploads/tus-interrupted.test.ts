/**
 * A tus PATCH cut off mid-stream (the connection drops after more than one 1 MiB write): the server keeps every
 * byte that arrived, HEAD reports it as the offset, and the resumed upload stores the file byte for byte.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, type TestUser } from '../jobs/fixtures.ts';
import { findUpload } from '../../../server/src/modules/uploads/upload.repository.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('tus upload interrupted in the middle of a PATCH', () => {
  let t: TestApp;
  let alice: TestUser;
  let wav: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    alice = await createUser(t, 100);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tus-cut-')), 'tone.wav');
    // 100 s of a 440 Hz tone, 16 kHz mono: 3.2 MB of varying bytes, a real recording for the content check.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=100',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-y',
      file,
    ]);
    wav = fs.readFileSync(file);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
  afterAll(() => t?.close());

  it('resumes from the bytes that arrived and stores the file unchanged', async () => {
    const target = await api(t, alice, 'POST', '/v1/uploads/presigned-url', {
      filename: 'tone.wav',
      content_type: 'audio/wav',
    });
    const created = await fetch(target.body.tus_url, {
      method: 'POST',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-length': String(wav.length),
        'upload-metadata': `filename ${b64('tone.wav')},upload_id ${b64(target.body.upload_id)}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // 1.5 MiB sent in 64 KiB pieces, then the connection is dropped.
    const sent = 1.5 * 1024 * 1024;
    await new Promise<void>((resolve) => {
      const req = http.request(location, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...alice.auth,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(wav.length),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      for (let at = 0; at < sent; at += 65536) req.write(wav.subarray(at, at + 65536));
      setTimeout(() => req.destroy(), 400);
    });

    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      const head = await fetch(location, { method: 'HEAD', headers: { ...TUS, ...alice.auth } });
      offset = Number(head.headers.get('upload-offset'));
      if (!offset) await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBe(sent);

    const rest = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...alice.auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: wav.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const row = await findUpload(t.ctx.db, target.body.upload_id);
    expect(row?.status).toBe('complete');
    const stored: Buffer[] = [];
    for await (const chunk of await t.ctx.storage.read(row!.storageKey)) stored.push(chunk as Buffer);
    expect(sha(Buffer.concat(stored))).toBe(sha(wav));
  });
});
