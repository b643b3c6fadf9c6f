/**
 * Issue 14, finding 6: a file name with separators of any platform (`..\..\win.docx`, `C:\Users\x\clip.mp4`,
 * `../../etc/a.srt`) is reduced to its last segment before it is stored, so the job completes under a clean name
 * instead of running the whole pipeline and failing with `Invalid storage key`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, SAMPLE_DOCX, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { safeFileName } from '../../../contract/text-hygiene.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('finding 6: file names normalised before storage keys', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 1 } });
    alice = await createUser(t, 100);
  });
  afterAll(() => t?.close());

  it('reduces names to one segment with no separator of any platform', () => {
    expect(safeFileName('..\\..\\win.mp4')).toBe('win.mp4');
    expect(safeFileName('C:\\Users\\x\\clip.mp4')).toBe('clip.mp4');
    expect(safeFileName('../../etc/a.srt')).toBe('a.srt');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('a<b>:c|d?.docx')).toBe('a_b__c_d_.docx');
  });

  it('a document uploaded as ..\\..\\win.docx translates and downloads as win__es.docx', async () => {
    const up = await uploadByPut(t, alice, SAMPLE_DOCX, '..\\..\\win.docx', DOCX);
    expect(up.status).toBe(200);
    const sub = await api(t, alice, 'POST', '/v1/documents/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['document'],
    });
    expect(sub.status).toBe(201);
    expect(sub.body.original_filename).toBe('win.docx');
    let job: any;
    for (let i = 0; i < 600 && !['completed', 'failed'].includes(job?.status); i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`)).body;
    }
    expect(job.error ?? null).toBeNull();
    expect(job.status).toBe('completed');
    const res = await fetch(job.output_files.es.docx_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="win__es.docx"');
  });
});
