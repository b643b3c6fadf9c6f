/**
 * The editor saves the track of a 30-minute video (issue 24 item 7): a 600-cue track (84 KB of JSON) and a track
 * of the 10,000 cues the contract allows are saved as new revisions instead of being refused 413 by the API's
 * 64 KB default body limit. The job: same-language captions of a 30-minute audio file (silence) with the user's own
 * SRT and one speaker.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, uploadByPut, type TestUser } from '../jobs/fixtures.ts';

const MINUTES = 30;
const srtTime = (s: number) => {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
};
/** `count` cues spread over the 30 minutes, each two lines of subtitle text. */
const cuesOf = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const step = (MINUTES * 60) / count;
    return {
      id: `cue-${i}`,
      start: Math.round(i * step * 1000) / 1000,
      end: Math.round((i * step + step * 0.9) * 1000) / 1000,
      text: `Line ${i} of a long talk about the sea,\nand the sand that the tide brings in.`,
    };
  });

describe('the editor saves long tracks', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  let jobId: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 1 } });
    user = await createUser(t, 100);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-long-track-'));
    const audio = path.join(dir, 'talk.mp3');
    // 30 minutes of silence: the track's length is what is tested, not the sound (silence is quicker to make
    // and to read than noise).
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', String(MINUTES * 60)],
      ...['-ac', '1', '-ar', '16000', '-b:a', '8k', audio],
    ]);
    const srtFile = path.join(dir, 'talk.srt');
    fs.writeFileSync(
      srtFile,
      cuesOf(600)
        .map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.text}\n`)
        .join('\n'),
    );
    const media = (await uploadByPut(t, user, audio, 'talk.mp3', 'audio/mpeg')).fileUrl;
    const words = (await uploadByPut(t, user, srtFile, 'talk.srt', 'application/x-subrip')).fileUrl;
    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: media,
      source_subtitles_url: words,
      source_language: 'en',
      target_languages: ['en'],
      services_to_run: ['subtitle'],
      // One speaker: no speakers stage, which would look for voices over the whole 30 minutes (most of the job).
      num_speakers: 1,
    });
    expect(sub.status).toBe(201);
    jobId = sub.body.id;
    const end = Date.now() + 300_000;
    for (;;) {
      const j = (await api(t, user, 'GET', `/v1/jobs/${jobId}`)).body;
      if (j.status === 'failed') throw new Error(`job failed: ${j.error_code} ${j.error}`);
      if (j.status === 'completed') break;
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 360_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('saves a 600-cue track (84 KB) and a 10,000-cue track as new revisions', async () => {
    const got = await api(t, user, 'GET', `/v1/jobs/${jobId}/tracks`);
    expect(got.status).toBe(200);
    const six = cuesOf(600);
    const body600 = { revision: got.body.revision, targets: { en: { cues: six } } };
    expect(Buffer.byteLength(JSON.stringify(body600))).toBeGreaterThan(64 * 1024);
    const saved = await api(t, user, 'PUT', `/v1/jobs/${jobId}/tracks`, body600);
    expect(saved.body.code).toBeUndefined();
    expect(saved.status).toBe(200);
    expect(saved.body.targets.en.cues).toHaveLength(600);

    const tenThousand = await api(t, user, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: saved.body.revision,
      targets: { en: { cues: cuesOf(10_000) } },
    });
    expect(tenThousand.body.code).toBeUndefined();
    expect(tenThousand.status).toBe(200);
    expect(tenThousand.body.revision).toBe(saved.body.revision + 1);
    expect(tenThousand.body.targets.en.cues).toHaveLength(10_000);
  }, 120_000);
});
