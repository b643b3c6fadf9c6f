/**
 * Issue 38 item 1: Speakers on Auto through the API on the embedded engines (PGlite, worker on). The pyannote
 * sample (../shared/testdata/speakers/sample.wav: two people, ten turns), English, subtitles into Spanish, no
 * speaker count: the job finds two speakers and the source cues follow their turns (sample.rttm): the long turn of
 * one person (21.8-28.5 s) is another speaker's than the other person's turn at 10.6-14.5 s. Before issue 38 the
 * job found one speaker ("Speaker 1" on every cue): the classic engine took the recogniser's words as its speech
 * regions, and they ran across the changes of speaker.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { JobResponse } from '../../../contract/jobs.ts';
import { TracksResponse } from '../../../contract/tracks.ts';
import { parseRttm } from '../../../server/src/engines/speakers/classic/der.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, TESTDATA, uploadByPut, type TestUser } from './fixtures.ts';

const SAMPLE = `${TESTDATA}speakers/sample.wav`;
let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestApp({ kind: 'pglite', queue: { work: true } });
  alice = await createUser(t, 100);
});
afterAll(() => t?.close());

/** Waits for job `id` to complete. @throws when it fails or takes over 4 minutes. */
async function completed(id: string) {
  const end = Date.now() + 240_000;
  for (;;) {
    const job = v.parse(JobResponse, (await api(t, alice, 'GET', `/v1/jobs/${id}`)).body);
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || Date.now() > end) throw new Error(`job ${job.status}: ${job.error}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('speakers on Auto through the API (issue 38)', () => {
  it('finds the two people of the pyannote sample, and its cues follow their turns', { timeout: 300_000 }, async () => {
    const up = await uploadByPut(t, alice, SAMPLE, 'sample.wav', 'audio/wav');
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(201);
    expect(sub.body.num_speakers).toBeNull();
    await completed(sub.body.id);
    const tracks = v.parse(TracksResponse, (await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}/tracks`)).body);
    expect(tracks.speakers?.map((s) => s.id)).toEqual(['S1', 'S2']);

    const reference = parseRttm(await readFile(`${TESTDATA}speakers/sample.rttm`, 'utf8')).get('sample')!;
    const cues = tracks.source.cues;
    // The speaker of the cues' words inside one reference turn (by seconds of cue overlap).
    const speakerIn = (from: number, to: number) => {
      const talk = new Map<string, number>();
      for (const c of cues) {
        const overlap = Math.min(to, c.end) - Math.max(from, c.start);
        if (overlap > 0 && c.speaker) talk.set(c.speaker, (talk.get(c.speaker) ?? 0) + overlap);
      }
      return [...talk].sort((a, b) => b[1] - a[1])[0]?.[0];
    };
    const long91 = reference.find((r) => r.speaker === 'speaker91' && r.end - r.start > 6)!;
    const long90 = reference.find((r) => r.speaker === 'speaker90' && r.end - r.start > 4)!;
    const second = speakerIn(long91.start + 0.5, long91.end - 0.5);
    const first = speakerIn(long90.start + 0.5, long90.end - 0.5);
    expect(second).toBeDefined();
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    expect(new Set(cues.map((c) => c.speaker))).toEqual(new Set(['S1', 'S2']));
  });
});
