/**
 * Own words bounded by the media's length (issue 24 item 5): a subtitle file with more cues than the media can
 * show, a cue longer than twice a Netflix subtitle, or a file over 1 MB is refused when the job is submitted,
 * with its own code and no credit reserved; the largest file the bounds allow runs (on a worker thread) to the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, TESTDATA, uploadByPut, type TestUser } from './fixtures.ts';
import { parseSrt } from '../../../server/src/media/subtitle-writers.ts';

/** 8.66 s of Spanish speech. */
const LEOPARD = `${TESTDATA}audio/leopard_test_es.wav`;
const srtTime = (s: number) =>
  `00:00:${String(Math.floor(s)).padStart(2, '0')},${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;
/** An SRT of `count` cues in the first 8 s, each of `text`. */
function srt(count: number, text: string): string {
  const step = 8 / count;
  return Array.from(
    { length: count },
    (_, i) => `${i + 1}\n${srtTime(i * step)} --> ${srtTime((i + 1) * step - 0.01)}\n${text}\n`,
  ).join('\n');
}
/** 42 characters of Spanish, a full Netflix line. */
const LINE = 'Las arenas son blanquecinas de grano medio';

describe('own words are bounded by the media length', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  let audioUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 1 } });
    user = await createUser(t, 100);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-own-words-limits-'));
    audioUrl = (await uploadByPut(t, user, LEOPARD, 'leopard.wav', 'audio/wav')).fileUrl;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function submit(name: string, content: string) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    const up = await uploadByPut(t, user, file, name, 'application/x-subrip');
    expect(up.status).toBe(200);
    return api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: up.fileUrl,
      source_language: 'es',
      target_languages: ['en'],
      services_to_run: ['subtitle'],
    });
  }
  const balance = async () => (await api(t, user, 'GET', '/v1/users/me')).body.credit_balance;

  it('refuses too many cues, a cue too long and a file over 1 MB, reserving nothing', async () => {
    const before = await balance();
    // 8.66 s of media show at most 11 cues (72 a minute, Netflix's 5/6 s minimum duration).
    const many = await submit('many.srt', srt(40, 'Hola.'));
    expect(many.status).toBe(422);
    expect(many.body.code).toBe('OWN_WORDS_TOO_MANY_CUES');
    // One cue of 10,000 characters (the 2 MB file had 200 of them).
    const long = await submit('long.srt', srt(2, `${LINE} `.repeat(238)));
    expect(long.status).toBe(422);
    expect(long.body.code).toBe('OWN_WORDS_CUE_TOO_LONG');
    expect(long.body.error).toContain('Cue 1');
    const large = await submit('large.srt', `${srt(2, LINE)}\nNOTE ${'x'.repeat(1024 * 1024)}\n`);
    expect(large.status).toBe(422);
    expect(large.body.code).toBe('OWN_WORDS_TOO_LARGE');
    expect(await balance()).toBe(before);
  });

  it('the largest file the bounds allow (11 cues of 168 characters on 8.66 s) is subtitled', async () => {
    const ok = await submit('largest.srt', srt(11, `${LINE} ${LINE}\n${LINE} ${LINE}`.slice(0, 168)));
    expect(ok.status).toBe(201);
    const end = Date.now() + 240_000;
    let job;
    do {
      await new Promise((r) => setTimeout(r, 300));
      job = (await api(t, user, 'GET', `/v1/jobs/${ok.body.id}`)).body;
    } while (!['completed', 'failed'].includes(job.status) && Date.now() < end);
    expect(job.error_code ?? null).toBeNull();
    expect(job.status).toBe('completed');
    const cues = parseSrt(await (await fetch(job.output_files.en.subtitle.srt_url)).text());
    expect(cues.length).toBeGreaterThanOrEqual(11);
  });
});
