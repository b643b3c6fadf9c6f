/**
 * A glossary at its limit must not stall the service (issue 35 items 1 and 2). A Free-sized account imports 2,000
 * terms (POST /v1/glossary/import), then: opening a subtitle job's tracks (GET /v1/jobs/{id}/tracks, which checks
 * every cue against the glossary) answers at once and /healthz keeps answering meanwhile; a 300-sentence .docx
 * with the glossary translates (embedded default: the worker runs in the API process) while /healthz keeps
 * answering. Before, each took seconds to minutes on the API's event loop (a RegExp per term per cue or text).
 * Real worker, PGlite, ffmpeg and Apertium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GLOSSARY_TERMS } from '../../../contract/glossary.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, TESTDATA, uploadByPut, type TestUser } from './fixtures.ts';
import { makeDocx, para } from '../documents/helpers/docx-fixture.ts';

const AUDIO = `${TESTDATA}audio/LJ001-0001.wav`;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
// Four cues, as the job of the report (jfk.mp4) had.
const ENGLISH_SRT = `1
00:00:00,300 --> 00:00:02,200
Tarjama works in every country.

2
00:00:02,400 --> 00:00:04,300
My country loves Tarjama.

3
00:00:04,500 --> 00:00:06,600
The printing press changed the country.

4
00:00:06,800 --> 00:00:09,000
Every country reads with Tarjama.
`;

/** The CSV of a glossary at the limit: two terms the texts hold and generated ones up to MAX_GLOSSARY_TERMS. */
function glossaryCsv(): string {
  const rows = ['term,source_language,target_language,translation', 'country,en,es,nación', 'Tarjama,any,any,'];
  for (let i = rows.length - 1; i < MAX_GLOSSARY_TERMS; i++) rows.push(`product line ${i} edition,en,es,línea ${i}`);
  return rows.join('\n') + '\n';
}

/**
 * Runs `work` while /healthz is asked again and again (one request at a time, as a load balancer does);
 * answers work's result and the slowest /healthz answer, milliseconds.
 */
async function whileHealthz<T>(t: TestApp, work: () => Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let slowestMs = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${t.baseUrl}/healthz`);
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work(), slowestMs };
  } finally {
    done = true;
    await poll;
  }
}

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

describe('a 2,000-term glossary does not stall the API', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 1 } });
    user = await createUser(t, 200);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-glossary-load-'));
    const imported = await api(t, user, 'POST', '/v1/glossary/import', { csv: glossaryCsv() });
    expect([imported.status, imported.body.created]).toEqual([200, MAX_GLOSSARY_TERMS]);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('GET /v1/jobs/{id}/tracks of a subtitle job answers in well under a second; /healthz is not held', async () => {
    const audioUrl = (await uploadByPut(t, user, AUDIO, 'lj.wav', 'audio/wav')).fileUrl;
    const srtFile = path.join(dir, 'words_en.srt');
    fs.writeFileSync(srtFile, ENGLISH_SRT);
    const srtUrl = (await uploadByPut(t, user, srtFile, 'words_en.srt', 'application/x-subrip')).fileUrl;
    const media = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: audioUrl,
      source_subtitles_url: srtUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
      num_speakers: 1,
    });
    expect(media.status).toBe(201);
    await waitDone(t, user, media.body.id);

    for (let call = 0; call < 2; call++) {
      const started = performance.now();
      const { result: tracks, slowestMs } = await whileHealthz(t, () =>
        api(t, user, 'GET', `/v1/jobs/${media.body.id}/tracks`),
      );
      const ms = performance.now() - started;
      expect(tracks.status).toBe(200);
      expect(tracks.body.targets.es.cues.length).toBeGreaterThan(0);
      // The terms were protected, so nothing is flagged: the check ran over every cue.
      expect(tracks.body.glossary).toEqual({});
      // Before: 3.7-9.6 s per call (28.8 s for the first) and /healthz held as long; a user notices a second.
      expect(ms).toBeLessThan(2000);
      expect(slowestMs).toBeLessThan(1000);
    }
  }, 300_000);

  it('a 300-sentence .docx translates with the glossary while /healthz keeps answering', async () => {
    const sentences = Array.from(
      { length: 300 },
      (_, i) => `Sentence ${i + 1}: the people of this country use Tarjama every day at work.`,
    );
    const file = path.join(dir, 'report.docx');
    fs.writeFileSync(file, await makeDocx({ body: sentences.map((s) => para([[s]])).join('') }));
    const docUrl = (await uploadByPut(t, user, file, 'report.docx', DOCX)).fileUrl;
    const { result: job, slowestMs } = await whileHealthz(t, async () => {
      const doc = await api(t, user, 'POST', '/v1/documents/translate', {
        media_url: docUrl,
        source_language: 'en',
        target_languages: ['es'],
      });
      expect(doc.status).toBe(201);
      return waitDone(t, user, doc.body.id);
    });
    // The glossary held in every paragraph (no note of paragraphs missing a term).
    expect((job.notes ?? []).filter((n: { code: string }) => n.code === 'GLOSSARY_TERMS_MISSING')).toEqual([]);
    // Before: 69 s for this document and /healthz waited 65 s.
    expect(slowestMs).toBeLessThan(1000);
  }, 300_000);
});
