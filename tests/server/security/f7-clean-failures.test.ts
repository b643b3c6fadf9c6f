/**
 * Issue 14, finding 7: clean failures. Storage that cannot be written answers 503 STORAGE_UNAVAILABLE with no
 * internal path (signed PUT and tus); a chunked PUT over the limit gets 413 FILE_TOO_LARGE instead of a reset
 * connection; the webhook's 413 states its real limit (1 MB).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, SAMPLE_DOCX, type TestUser } from '../jobs/fixtures.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('finding 7: clean failures', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    alice = await createUser(t, 100);
  });
  afterAll(() => t?.close());

  const target = async () =>
    (await api(t, alice, 'POST', '/v1/uploads/presigned-url', { filename: 'report.docx', content_type: DOCX })).body;

  it('a chunked PUT over the 50 MB limit gets 413 FILE_TOO_LARGE, not a reset connection', async () => {
    const { upload_url } = await target();
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 60) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(upload_url, {
      method: 'PUT',
      headers: { 'content-type': DOCX },
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    const answer = (await res.json()) as { code: string; error: string };
    expect(answer.code).toBe('FILE_TOO_LARGE');
    expect(answer.error).toContain('50 MB');
    expect(fs.readdirSync(path.join(t.dataDir, 'work')).filter((f) => f.startsWith('put-'))).toEqual([]);
  });

  it('the webhook refuses a body over 1 MB saying 1 MB', async () => {
    const res = await fetch(`${t.baseUrl}/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(1024 * 1024 + 10, 32),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('The request body is larger than 1 MB.');
  });

  it('storage that cannot be written: the signed PUT and tus answer 503 STORAGE_UNAVAILABLE with no path', async () => {
    // The store's folder replaced by a plain file: every write into it fails, as on a read-only volume.
    for (const dir of ['files', 'tus']) {
      fs.rmSync(path.join(t.dataDir, dir), { recursive: true, force: true });
      fs.writeFileSync(path.join(t.dataDir, dir), 'not a folder');
    }
    const put = await target();
    const res = await fetch(put.upload_url, {
      method: 'PUT',
      headers: { 'content-type': DOCX },
      body: fs.readFileSync(SAMPLE_DOCX),
    });
    const text = await res.text();
    expect(res.status, text).toBe(503);
    expect(JSON.parse(text)).toMatchObject({ code: 'STORAGE_UNAVAILABLE', statusCode: 503 });
    expect(text).not.toContain(t.dataDir);
    expect(text).not.toMatch(/\/(tmp|work|files|data)\//);

    const tus = await target();
    const created = await fetch(`${t.baseUrl}/uploads/tus`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        ...alice.auth,
        'upload-length': String(fs.statSync(SAMPLE_DOCX).size),
        'upload-metadata': `upload_id ${Buffer.from(tus.upload_id).toString('base64')},filename ${Buffer.from('report.docx').toString('base64')}`,
      },
    });
    const tusText = await created.text();
    expect(created.status, tusText).toBe(503);
    expect(JSON.parse(tusText)).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    expect(tusText).not.toContain(t.dataDir);
  });
});
