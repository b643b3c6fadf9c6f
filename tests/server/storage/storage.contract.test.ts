/**
 * One contract suite for every file-storage adapter (house style 15): the local folder, and S3 against a real
 * S3 server when TEST_S3_ENDPOINT (+ TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY) is set,
 * otherwise against s3rver (an S3 server in Node). s3rver does not verify presigned-URL signatures, so the
 * refusals of tampered URLs are asserted only against a real server; against s3rver the suite checks that the
 * signature covers what it must (X-Amz-SignedHeaders). s3rver lacks multipart ListParts: tus on S3 is not covered. The local adapter's signed URLs are fetched through the real app route.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import type { FileStorage } from '../../../server/src/storage/file-storage.ts';
import { createS3Storage } from '../../../server/src/storage/s3.storage.ts';

import S3rver from 's3rver';

const ADAPTERS = ['local', 's3'] as const;
/** True when the S3 server checks signatures (a real one, not s3rver). */
const VERIFYING_S3 = Boolean(process.env.TEST_S3_ENDPOINT);

/** A reachable S3 server: the configured one, or s3rver on a random loopback port. */
async function s3Server(
  dir: string,
): Promise<{ endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; close(): Promise<void> }> {
  if (process.env.TEST_S3_ENDPOINT) {
    return {
      endpoint: process.env.TEST_S3_ENDPOINT,
      bucket: process.env.TEST_S3_BUCKET ?? 'tarjama-test',
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
      close: async () => undefined,
    };
  }
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'tarjama-test', configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  // s3rver's default credentials.
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'tarjama-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: () => server.close(),
  };
}

describe.each(ADAPTERS)('file storage contract: %s', (kind) => {
  let t: TestApp;
  let storage: FileStorage;
  let tmp: string;
  let s3: Awaited<ReturnType<typeof s3Server>> | undefined;
  const key = `contract/${Date.now()}/a file.bin`;
  const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'));
    if (kind === 'local') storage = t.ctx.storage;
    else {
      s3 = await s3Server(path.join(tmp, 's3rver'));
      storage = createS3Storage({
        ...s3,
        region: process.env.TEST_S3_REGION ?? 'us-east-1',
        forcePathStyle: true,
        signedUrlTtlSeconds: 60,
      });
    }
  });
  afterAll(async () => {
    await s3?.close();
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('stores a file and reads it back whole and by range', async () => {
    const src = path.join(tmp, 'src.bin');
    fs.writeFileSync(src, bytes);
    const stored = await storage.putFile(key, src, { contentType: 'application/octet-stream' });
    expect(stored.sizeBytes).toBe(bytes.length);
    expect(fs.existsSync(src)).toBe(true); // copied, not moved
    expect((await storage.stat(key))?.sizeBytes).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of await storage.read(key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    const part: Buffer[] = [];
    for await (const c of await storage.read(key, { start: 10, end: 19 })) part.push(c as Buffer);
    expect(Buffer.concat(part).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('gives a local path to work on', async () => {
    const size = await storage.withLocalFile(key, tmp, async (p) => fs.statSync(p).size);
    expect(size).toBe(bytes.length);
  });

  it('signs download URLs that serve the bytes with the given name, and refuses tampered or expired ones', async () => {
    const url = await storage.downloadUrl(key, { filename: 'talk_es.vtt', contentType: 'text/vtt' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="talk_es.vtt"');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const ranged = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    if (kind === 's3' && !VERIFYING_S3) {
      expect(new URL(url).searchParams.get('response-content-disposition')).toBe('attachment; filename="talk_es.vtt"');
      expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      return;
    }
    const renamed = new URL(url);
    if (kind === 'local') renamed.searchParams.set('name', 'other.vtt');
    else renamed.searchParams.set('response-content-disposition', 'attachment; filename="other.vtt"');
    expect((await fetch(renamed)).status).toBe(403);

    const expired = await storage.downloadUrl(key, {
      filename: 'x.bin',
      contentType: 'application/octet-stream',
      ttlSeconds: 1,
    });
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(expired)).status).toBe(403);
  });

  it('moves a file when asked and deletes idempotently', async () => {
    const src = path.join(tmp, 'move.bin');
    fs.writeFileSync(src, bytes);
    await storage.putFile(`${key}.moved`, src, { contentType: 'application/octet-stream', move: true });
    expect(fs.existsSync(src)).toBe(false);
    await storage.delete(`${key}.moved`);
    await storage.delete(`${key}.moved`);
    expect(await storage.stat(`${key}.moved`)).toBeNull();
  });

  it('a presigned PUT stores the bytes with the signed Content-Type only (S3; local storage serves its own PUT route)', async () => {
    const url = await storage.presignedPutUrl(`${key}.put`, { contentType: 'video/mp4', ttlSeconds: 60 });
    if (kind === 'local') {
      expect(url).toBeNull();
      return;
    }
    expect(new URL(url!).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    if (VERIFYING_S3) {
      const wrong = await fetch(url!, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: bytes });
      expect(wrong.status).toBe(403);
      expect(await storage.stat(`${key}.put`)).toBeNull();
    }
    const ok = await fetch(url!, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'x-amz-acl': 'public-read' },
      body: bytes,
    });
    expect(ok.status).toBe(200);
    expect((await storage.stat(`${key}.put`))?.sizeBytes).toBe(bytes.length);
  });

  it('refuses keys that escape the store', async () => {
    await expect(storage.stat('../secret.key')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.downloadUrl('/etc/passwd', { filename: 'p', contentType: 'text/plain' })).rejects.toThrow(
      /Invalid storage key/,
    );
  });

  it('reports its health', async () => {
    expect((await storage.health()).ok).toBe(true);
  });
});
