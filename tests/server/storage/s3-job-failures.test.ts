/**
 * Storage failures a retry cannot fix (issue 39 item 5), on both databases, against s3rver behind a front that
 * answers as S3 does when a bucket policy or a revoked key refuses a request (403 AccessDenied, the S3 API
 * Reference's XML error body): the job fails at once with its own code (STORAGE_ACCESS_DENIED, INPUT_MISSING), its
 * first try ends it (not retried as STORAGE_UNAVAILABLE or INTERNAL) and the credits are given back.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, SAMPLE_DOCX, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { createJobRunner } from '../../../server/src/modules/jobs/job-runner.ts';
import { findJob } from '../../../server/src/modules/jobs/job.repository.ts';
import { findUpload } from '../../../server/src/modules/uploads/upload.repository.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe.each(DATABASE_KINDS)('storage failures a retry cannot fix (%s)', (kind) => {
  let t: TestApp;
  let s3: S3rver;
  let front: http.Server;
  let alice: TestUser;
  /** Object keys whose GET the front refuses with 403 AccessDenied (a bucket policy changed after the upload). */
  const denied = new Set<string>();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-job-failures-'));

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'tarjama', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    front = http.createServer((req, res) => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/tarjama\//, ''));
      if (req.method === 'GET' && denied.has(key)) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message>' +
            '<RequestId>4442587FB7D0A2F9</RequestId></Error>',
        );
        return;
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
    t = await startTestApp({
      kind,
      queue: { work: false },
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
        S3_BUCKET: 'tarjama',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    alice = await createUser(t, 100);
  });
  afterAll(async () => {
    await t?.close();
    front?.closeAllConnections();
    await new Promise((r) => front?.close(r));
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Submits a document job from a file PUT to the bucket; returns its id and the upload's storage key. */
  async function submit(): Promise<{ id: string; key: string }> {
    const up = await uploadByPut(t, alice, SAMPLE_DOCX, 'test.docx', DOCX);
    expect(up.status).toBe(200);
    const sub = await api(t, alice, 'POST', '/v1/documents/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
    });
    expect(sub.status).toBe(201);
    return { id: sub.body.id, key: (await findUpload(t.ctx.db, up.uploadId))!.storageKey };
  }

  /** One try of the job by a worker: resolves when the try ended the job, rejects when it asks for a retry. */
  const runOnce = (id: string) => createJobRunner(t.ctx).run(id);

  it('fails at once with STORAGE_ACCESS_DENIED when the bucket refuses the input (403), credits given back', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    const { id, key } = await submit();
    denied.add(key);
    await runOnce(id);
    const job = (await api(t, alice, 'GET', `/v1/jobs/${id}`)).body;
    expect(job.status).toBe('failed');
    expect(job.error_code).toBe('STORAGE_ACCESS_DENIED');
    expect(job.error).not.toMatch(/try again later/i);
    expect((await findJob(t.ctx.db, id))!.attempts).toBe(1);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
  });

  it('fails at once with INPUT_MISSING when the input was deleted from the bucket after submission', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    const { id, key } = await submit();
    await t.ctx.storage.delete(key);
    await runOnce(id);
    const job = (await api(t, alice, 'GET', `/v1/jobs/${id}`)).body;
    expect(job.status).toBe('failed');
    expect(job.error_code).toBe('INPUT_MISSING');
    expect((await findJob(t.ctx.db, id))!.attempts).toBe(1);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
  });
});
