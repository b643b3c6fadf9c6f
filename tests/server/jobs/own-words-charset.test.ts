/**
 * The declared charset of an own-words .txt is honoured (issue 24, LOW): an Arabic transcript saved in
 * windows-1256 and uploaded as `text/plain; charset=windows-1256` is accepted (it was refused as not UTF-8), its
 * language is identified from the decoded text, and the captions carry the Arabic words.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from './fixtures.ts';
import { parseSrt } from '../../../server/src/media/subtitle-writers.ts';

const ARABIC =
  'ولذلك يا أبناء وطني الأمريكيين، لا تسألوا عما يمكن أن يفعله بلدكم من أجلكم، بل اسألوا عما يمكنكم أن تفعلوه من أجل بلدكم.';

describe('own words in a declared charset', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 1 } });
    user = await createUser(t, 100);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-charset-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a windows-1256 Arabic transcript is read as Arabic and captions the video', async () => {
    const file = path.join(dir, 'jfk_ar.txt');
    fs.writeFileSync(file, execFileSync('iconv', ['-f', 'utf-8', '-t', 'windows-1256'], { input: ARABIC }));
    expect(fs.readFileSync(file).length).toBeLessThan(Buffer.byteLength(ARABIC));
    const words = await uploadByPut(t, user, file, 'jfk_ar.txt', 'text/plain; charset=windows-1256');
    expect(words.status).toBe(200);
    const video = (await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: video,
      source_subtitles_url: words.fileUrl,
      source_language: 'auto',
      target_languages: ['ar'],
      services_to_run: ['subtitle'],
    });
    expect(sub.body.code).toBeUndefined();
    expect(sub.status).toBe(201);
    expect(sub.body.source_language).toBe('ar');
    const end = Date.now() + 240_000;
    let job;
    do {
      await new Promise((r) => setTimeout(r, 300));
      job = (await api(t, user, 'GET', `/v1/jobs/${sub.body.id}`)).body;
    } while (!['completed', 'failed'].includes(job.status) && Date.now() < end);
    expect(job.error_code ?? null).toBeNull();
    const cues = parseSrt(await (await fetch(job.output_files.ar.subtitle.srt_url)).text());
    expect(cues.map((c) => c.lines.join(' ')).join(' ')).toContain('الأمريكيين');
  }, 300_000);
});
