/**
 * Bring your own words, as an API user meets it: an uploaded Spanish SRT or a plain transcript instead of the
 * recogniser (which speaks English only), same-language captions, burned-in bilingual subtitles; real worker,
 * ffmpeg, espeak-ng and Apertium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, TESTDATA, uploadByPut, type TestUser } from './fixtures.ts';
import { parseSrt } from '../../../server/src/media/subtitle-writers.ts';
import { speechExtent } from '../../../server/src/media/sync/voicing.ts';
import { readWav } from '../../../server/src/audio/wav.ts';

const LEOPARD = `${TESTDATA}audio/leopard_test_es.wav`;
const SENTENCE = 'Las arenas son blanquecinas de grano medio y tiene muy poca asistencia.';
// Written by listening: the two phrases of the recording (see docs/notes/media-experiments.md "Auto-sync").
const SPANISH_SRT = `1
00:00:00,900 --> 00:00:02,970
Las arenas son blanquecinas

2
00:00:03,580 --> 00:00:07,620
de grano medio y tiene muy poca asistencia.
`;

async function waitDone(t: TestApp, user: TestUser, id: string) {
  const end = Date.now() + 240_000;
  for (;;) {
    const j = await api(t, user, 'GET', `/v1/jobs/${id}`);
    if (j.body.status === 'failed') throw new Error(`job failed: ${j.body.error_code} ${j.body.error}`);
    if (j.body.status === 'completed') return j.body;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 300));
  }
}
const text = async (url: string) => (await fetch(url)).text();

describe('own words: imported subtitles, transcript auto-sync, same-language captions, burned-in', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  let audioUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 2 } });
    user = await createUser(t, 200);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-own-words-'));
    audioUrl = (await uploadByPut(t, user, LEOPARD, 'leopard.wav', 'audio/wav')).fileUrl;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function uploadText(name: string, content: string, type: string) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    const up = await uploadByPut(t, user, file, name, type);
    expect(up.status).toBe(200);
    return up.fileUrl;
  }

  it('a Spanish SRT replaces the recogniser: es -> en subtitles and voice-over keep the imported times', async () => {
    const srtUrl = await uploadText('leopard_es.srt', SPANISH_SRT, 'application/x-subrip');
    const refused = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: srtUrl,
      target_languages: ['en'],
      services_to_run: ['subtitle'],
    });
    // One sentence of 59 letters is too short to identify its language for sure (language-id.ts): say it.
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('SOURCE_LANGUAGE_REQUIRED');

    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: srtUrl,
      source_language: 'es',
      target_languages: ['en'],
      services_to_run: ['subtitle', 'voice_over'],
      voice_over_mode: 'manual',
    });
    expect(sub.status).toBe(201);
    const job = await waitDone(t, user, sub.body.id);
    expect(job.notes.map((n: { code: string }) => n.code)).toEqual(['OWN_SUBTITLES_USED']);
    expect(job.notes[0].text).toContain('no speech recogniser ran');
    const en = parseSrt(await text(job.output_files.en.subtitle.srt_url));
    const es = parseSrt(SPANISH_SRT);
    expect(en.map((c) => [c.start, c.end])).toEqual(es.map((c) => [c.start, c.end]));
    expect(en.map((c) => c.lines.join(' ')).join(' ')).not.toContain('arenas');
    // Read to the end: a body left unread holds the server's answer open, and closing the server then waits for
    // the connection's keep-alive timeout (72 s of this file's time before).
    const mp3 = await fetch(job.output_files.en.voice_over.voice_over_url);
    expect(mp3.status).toBe(200);
    expect((await mp3.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  it('on Auto-detect, subtitles long enough to be sure of give the job their language (Spanish)', async () => {
    // 113 letters: enough to be sure (language-id.ts).
    const longer = SPANISH_SRT.replace(
      'Las arenas son blanquecinas',
      'Las arenas son blanquecinas,\ndice la guía del parque,',
    ).replace(
      'de grano medio y tiene muy poca asistencia.',
      'de grano medio y tiene muy poca asistencia,\nsegún los vecinos que caminan por la playa.',
    );
    const srtUrl = await uploadText('leopard_es_auto.srt', longer, 'application/x-subrip');
    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: srtUrl,
      source_language: 'auto',
      target_languages: ['en'],
      services_to_run: ['subtitle'],
    });
    expect(sub.body.code).toBeUndefined();
    expect(sub.status).toBe(201);
    expect(sub.body.source_language).toBe('es');
    const job = await waitDone(t, user, sub.body.id);
    expect(job.notes[0].text).toContain('Your subtitles in Spanish (es) were used');
    expect(await text(job.output_files.en.subtitle.srt_url)).not.toContain('arenas');
  });

  it('a plain transcript is timed to the speech: Spanish captions (es -> es) start and end with the speech', async () => {
    const txtUrl = await uploadText('leopard_es.txt', `${SENTENCE}\n`, 'text/plain');
    const est = await api(t, user, 'POST', '/v1/jobs/estimate', {
      media_url: audioUrl,
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: txtUrl,
      source_language: 'es',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(201);
    expect(sub.body.credits_used).toBe(est.body.credits);
    const job = await waitDone(t, user, sub.body.id);
    expect(job.notes.map((n: { code: string }) => n.code)).toEqual(['TRANSCRIPT_SYNCED']);
    const cues = parseSrt(await text(job.output_files.es.subtitle.srt_url));
    expect(cues.map((c) => c.lines.join(' ')).join(' ')).toBe(SENTENCE);
    const speech = speechExtent(await readWav(LEOPARD))!;
    expect(Math.abs(cues[0].start - speech.start)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(cues[cues.length - 1].end - speech.end)).toBeLessThanOrEqual(0.3);
  });

  it('refuses a file that is not subtitles or a transcript, and cues after the end of the media', async () => {
    const late = await uploadText(
      'late.srt',
      '1\n00:01:00,000 --> 00:01:02,000\nDemasiado tarde\n',
      'application/x-subrip',
    );
    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: late,
      source_language: 'es',
      target_languages: ['en'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(201);
    const end = Date.now() + 120_000;
    let j;
    do {
      await new Promise((r) => setTimeout(r, 300));
      j = (await api(t, user, 'GET', `/v1/jobs/${sub.body.id}`)).body;
    } while (j.status !== 'failed' && Date.now() < end);
    expect(j.error_code).toBe('SUBTITLE_TIMES_OUTSIDE_MEDIA');
    const wrong = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: audioUrl,
      source_language: 'es',
      target_languages: ['en'],
      services_to_run: ['subtitle'],
    });
    expect(wrong.body.code).toBe('NOT_A_WORDS_FILE');
  });

  it('jfk.mp4: en -> en captions without translation, and es burned in with the bilingual style', async () => {
    const video = (await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: video,
      source_language: 'en',
      target_languages: ['en', 'es'],
      services_to_run: ['subtitle', 'burned_subtitles'],
      subtitle_style: { bilingual: true, background: 'box', font_size: 40 },
    });
    expect(sub.status).toBe(201);
    const job = await waitDone(t, user, sub.body.id);
    const en = await text(job.output_files.en.subtitle.srt_url);
    expect(en.toLowerCase()).toContain('country');
    // Bilingual SRT: each Spanish cue has the English line above the Spanish one.
    const es = parseSrt(await text(job.output_files.es.subtitle.srt_url));
    expect(es.every((c) => c.lines.length === 2)).toBe(true);
    expect(
      es
        .map((c) => c.lines[0])
        .join(' ')
        .toLowerCase(),
    ).toContain('country');
    const burned = await fetch(job.output_files.es.subtitle.burned_url);
    expect(burned.status).toBe(200);
    expect(burned.headers.get('content-disposition')).toContain('jfk_es_subtitled.mp4');
    expect((await burned.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
  });
});
