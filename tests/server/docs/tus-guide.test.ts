/**
 * The tus guide of the OpenAPI document is true: a client that sends exactly the headers the document marks
 * required (read from the served document, not written here) creates an upload, resumes it from the offset HEAD
 * answers after sending half, completes it and prices a job with its file_url; DELETE cancels another upload.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_WAV, type TestUser } from '../jobs/fixtures.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('the tus guide of /v1/openapi.json', () => {
  let t: TestApp;
  let user: TestUser;
  let doc: any;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    user = await createUser(t, 100);
    doc = await (await fetch(`${t.baseUrl}/v1/openapi.json`)).json();
  });
  afterAll(() => t?.close());

  /** The required header parameters of an operation, with the values this client gives each. */
  function requiredHeaders(operation: any, values: Record<string, string>): Record<string, string> {
    const headers: Record<string, string> = { ...user.auth };
    for (const p of operation.parameters ?? [])
      if (p.in === 'header' && p.required) {
        expect(values, `a value for ${p.name}`).toHaveProperty(p.name);
        headers[p.name] = values[p.name];
      }
    return headers;
  }

  async function presign(): Promise<any> {
    const target = await api(t, user, 'POST', '/v1/uploads/presigned-url', {
      filename: 'jfk.wav',
      content_type: 'audio/wav',
      size_bytes: fs.statSync(JFK_WAV).size,
    });
    expect(target.status).toBe(200);
    return target.body;
  }

  it('creates, resumes from HEAD, completes, and the file_url prices a job', async () => {
    const wav = fs.readFileSync(JFK_WAV);
    const target = await presign();
    const create = doc.paths['/uploads/tus'].post;
    const created = await fetch(target.tus_url, {
      method: 'POST',
      headers: requiredHeaders(create, {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(wav.length),
        'Upload-Metadata': `filename ${b64('jfk.wav')},upload_id ${b64(target.upload_id)}`,
      }),
    });
    expect(created.status).toBe(Number(Object.keys(create.responses)[0]));
    const location = created.headers.get('location')!;
    expect(new URL(location).pathname).toBe(`/uploads/tus/${target.upload_id}`);

    const item = doc.paths['/uploads/tus/{id}'];
    const patch = (offset: number, bytes: Buffer) =>
      fetch(location, {
        method: 'PATCH',
        headers: {
          ...requiredHeaders(item.patch, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset) }),
          'content-type': Object.keys(item.patch.requestBody.content)[0],
        },
        body: bytes,
      });
    const half = Math.floor(wav.length / 2);
    expect((await patch(0, wav.subarray(0, half))).status).toBe(204);

    // A reload later: the client asks where to go on from.
    const head = await fetch(location, {
      method: 'HEAD',
      headers: requiredHeaders(item.head, { 'Tus-Resumable': '1.0.0' }),
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);
    // The wrong offset is the documented 409.
    expect((await patch(0, wav.subarray(0, 10))).status).toBe(409);
    const done = await patch(offset, wav.subarray(offset));
    expect(done.status).toBe(204);
    expect(done.headers.get('upload-offset')).toBe(String(wav.length));

    const estimate = await api(t, user, 'POST', '/v1/jobs/estimate', {
      media_url: target.file_url,
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(estimate.status).toBe(200);
    expect(estimate.body.media_seconds).toBeGreaterThan(10);
  });

  it('cancels an unfinished upload with DELETE; its URL is then gone', async () => {
    const target = await presign();
    const created = await fetch(target.tus_url, {
      method: 'POST',
      headers: {
        ...user.auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '1000',
        'Upload-Metadata': `upload_id ${b64(target.upload_id)}`,
      },
    });
    const location = created.headers.get('location')!;
    const cancel = doc.paths['/uploads/tus/{id}'].delete;
    const deleted = await fetch(location, {
      method: 'DELETE',
      headers: requiredHeaders(cancel, { 'Tus-Resumable': '1.0.0' }),
    });
    expect(deleted.status).toBe(204);
    const head = await fetch(location, { method: 'HEAD', headers: { ...user.auth, 'Tus-Resumable': '1.0.0' } });
    expect(doc.paths['/uploads/tus/{id}'].head.responses[String(head.status)]).toBeDefined();
    expect([404, 410]).toContain(head.status);
  });
});
