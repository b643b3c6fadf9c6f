/**
 * Issue 38, "new speaker from these cues", voiced on re-dub, through the API on the local engines (PGlite, worker
 * on): a two-person video (two-people-video.ts: a woman, a man, the woman again) dubbed into Spanish finds S1 and
 * S2, each with a voice of its own (one of them the job's chosen voice). A revision that gives the woman's second turn to a new speaker S3 (no voice
 * chosen) re-dubs exactly S3's segments, in a voice neither S1 nor S2 has; S1 and S2 keep theirs. A cue naming a
 * speaker who is not in `speakers` is refused with a coded error naming the field.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { makeTwoPeopleVideo } from '../helpers/two-people-video.ts';
import { completed, waitFor } from './redub-helpers.ts';
import { segmentsFromCues } from '../../../server/src/media/dub-segments.ts';
import type { TrackCue } from '../../../contract/tracks.ts';

let t: TestApp;
let alice: TestUser;
let jobId: string;
let video: string;
/** The Spanish voice the job asks for. */
let chosen: string;

beforeAll(async () => {
  t = await startTestApp({ kind: 'pglite', queue: { work: true } });
  alice = await createUser(t, 1000);
  video = await makeTwoPeopleVideo();
  const up = await uploadByPut(t, alice, video, 'two-people.mp4', 'video/mp4');
  // A chosen voice: it goes to one of the two speakers (speaker-voices.ts), and is the language's voice a speaker
  // without a voice of its own fell back to before issue 38 (shared with that speaker).
  const caps = (await api(t, null, 'GET', '/v1/capabilities')).body;
  const es = caps.languages.find((l: { code: string }) => l.code === 'es');
  chosen = es.voices.find((x: { gender: string; tier: string }) => x.gender === 'female' && x.tier === 'standard').id;
  const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
    media_url: up.fileUrl,
    source_language: 'en',
    target_languages: ['es'],
    services_to_run: ['subtitle', 'voice_over'],
    voice_over_mode: 'manual',
    num_speakers: 2,
    voices: { es: chosen },
  });
  expect(sub.status).toBe(201);
  jobId = sub.body.id;
  await completed(t, alice, jobId);
}, 400_000);
afterAll(async () => {
  await t?.close();
  if (video) await rm(path.dirname(video), { recursive: true, force: true });
});

/** A voice without espeak-ng's pitch (`espeak-ng:es+f2@40` -> `espeak-ng:es+f2`). */
const base = (voice: string) => voice.replace(/@\d{1,2}$/, '');

describe('a new speaker made in the editor, re-dubbed', () => {
  it('voices exactly the new speaker’s segments, in a voice no other speaker has', async () => {
    const tracks = (await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`)).body;
    expect(tracks.speakers.map((s: { id: string }) => s.id)).toEqual(['S1', 'S2']);
    const before = (await api(t, alice, 'GET', `/v1/jobs/${jobId}`)).body.dub_segments.es.speaker_voices;
    expect(new Set(Object.values(before).map((v) => base(v as string))).size).toBe(2);
    expect(Object.values(before).map((v) => base(v as string))).toContain(chosen);

    // The woman's second turn (her cues after the man's last) becomes S3, in every track.
    const es: TrackCue[] = tracks.targets.es.cues;
    const lastS2 = Math.max(...es.filter((c) => c.speaker === 'S2').map((c) => c.end));
    const isNew = (c: TrackCue) => c.speaker === 'S1' && c.start >= lastS2;
    const moved = (cues: TrackCue[]) => cues.map((c) => (isNew(c) ? { ...c, speaker: 'S3' } : c));
    const speakers = [...tracks.speakers, { id: 'S3', name: 'Speaker 3', voices: {} }];
    const targets = { es: { cues: moved(es) } };
    const saved = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: tracks.revision,
      source: { cues: moved(tracks.source.cues) },
      targets,
      speakers,
    });
    expect(saved.status).toBe(200);
    const segments = segmentsFromCues(
      targets.es.cues.map((c) => ({ start: c.start, end: c.end, lines: c.text.split('\n'), speaker: c.speaker })),
      ' ',
    );
    const third = segments.filter((s) => s.speaker === 'S3').length;
    expect(third).toBeGreaterThan(0);
    expect(third).toBeLessThan(segments.filter((s) => s.speaker === 'S1').length + third);

    const estimate = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub/estimate`, { languages: ['es'] });
    expect(estimate.body.languages.es.segments_changed).toBe(third);
    const started = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub`, { languages: ['es'] });
    expect(started.status).toBe(202);
    const job = await waitFor('the re-dub', async () => {
      const j = (await api(t, alice, 'GET', `/v1/jobs/${jobId}`)).body;
      if (j.error_code) throw new Error(`re-dub failed: ${j.error_code}`);
      return j.status === 'completed' && !j.redub_pending && j.tracks_revision === saved.body.revision && j;
    });
    const report = job.dub_segments.es;
    expect(report.segments_synthesized).toBe(third);
    expect(report.speaker_voices.S1).toBe(before.S1);
    expect(report.speaker_voices.S2).toBe(before.S2);
    expect([base(before.S1), base(before.S2)]).not.toContain(base(report.speaker_voices.S3));
  }, 300_000);

  it('refuses a cue naming a speaker who is not in the speakers, with a coded error', async () => {
    const tracks = (await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`)).body;
    const es: TrackCue[] = tracks.targets.es.cues;
    const r = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: tracks.revision,
      targets: { es: { cues: es.map((c, i) => (i === 0 ? { ...c, speaker: 'S7' } : c)) } },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'UNKNOWN_SPEAKER', track: 'es', cue_id: es[0].id, speaker: 'S7' });
    expect(r.body.error).toMatch(/names speaker S7, who is not in the speakers/);
  });
});
