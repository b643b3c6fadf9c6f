/**
 * Uploads to S3 (s3rver, an S3 server in Node) that go wrong: a local file that is missing or cannot be read fails
 * the call with StorageError IO instead of crashing the process (an unhandled stream 'error'); a connection
 * dropped in the middle of a PUT ("socket hang up") is retried from the file and stores every byte; a voice-clip
 * save that fails is reported as a storage failure of the stage, not as an engine failure.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { createS3Storage } from '../../../server/src/storage/s3.storage.ts';
import { StorageError, type FileStorage } from '../../../server/src/storage/file-storage.ts';
import { storageArtifacts } from '../../../server/src/media/artifacts.ts';
import { viaEngine, type RunState } from '../../../server/src/media/stages/stage.ts';

let tmp: string;
let s3: S3rver;
let front: http.Server;
/** PUTs the front drops (destroys the connection) before passing the rest to s3rver. */
let dropNextPuts = 0;
let putsSeen = 0;
let storage: FileStorage;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 's3-put-failures-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3rver'),
    configureBuckets: [{ name: 'tarjama-test', configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  // A front that cuts the connection of a PUT as a failing network does, and forwards everything else.
  front = http.createServer((req, res) => {
    if (req.method === 'PUT') {
      putsSeen++;
      if (dropNextPuts > 0) {
        dropNextPuts--;
        req.once('data', () => req.socket.destroy());
        return;
      }
    }
    const up = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 500, r.headers);
        r.pipe(res);
      },
    );
    req.pipe(up);
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  storage = createS3Storage({
    endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    bucket: 'tarjama-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
    signedUrlTtlSeconds: 60,
  });
});
afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((r) => front?.close(r));
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const readAll = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of await storage.read(key)) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

describe('S3 uploads that go wrong', () => {
  it('a missing local file is a StorageError IO, not a crash', async () => {
    const err = await storage
      .putFile('clips/missing.wav', path.join(tmp, 'gone.wav'), { contentType: 'audio/wav' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'IO' });
  });

  it('a file that cannot be read while it streams rejects the call, and the process keeps running', async () => {
    // A folder passes the size check and fails only when read (EISDIR), as a file removed mid-upload does.
    const folder = path.join(tmp, 'a-folder');
    fs.mkdirSync(folder);
    const err = await storage.putFile('clips/folder.wav', folder, { contentType: 'audio/wav' }).catch((e) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as Error).message).toMatch(/cannot be read/);
    // Still alive: the next upload works.
    const ok = path.join(tmp, 'ok.bin');
    fs.writeFileSync(ok, 'still here');
    await storage.putFile('clips/ok.bin', ok, { contentType: 'application/octet-stream' });
    expect((await readAll('clips/ok.bin')).toString()).toBe('still here');
  });

  it('a PUT whose connection is dropped is sent again from the file and stores every byte', async () => {
    const file = path.join(tmp, 'clip.bin');
    const bytes = Buffer.from(Array.from({ length: 3_000_000 }, (_, i) => (i * 7) % 251));
    fs.writeFileSync(file, bytes);
    putsSeen = 0;
    dropNextPuts = 1;
    const stored = await storage.putFile('clips/clip.bin', file, { contentType: 'application/octet-stream' });
    expect(stored.sizeBytes).toBe(bytes.length);
    expect(putsSeen).toBeGreaterThanOrEqual(2);
    expect((await readAll('clips/clip.bin')).equals(bytes)).toBe(true);
  });

  it('a voice clip that cannot be saved fails the stage as STORAGE_UNAVAILABLE, not as the voice engine', async () => {
    const clips = storageArtifacts(storage, 'artifacts/u/j');
    const s = { req: {} } as unknown as RunState;
    const err = await viaEngine(s, 'voice', 'openai', () => clips.saveFile('clip-1.wav', path.join(tmp, 'nope.wav')))
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    expect((err as Error).message).toBe(
      'The file storage failed while the voice stage kept its files. Please try again later.',
    );
  });
});
