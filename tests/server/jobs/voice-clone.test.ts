/**
 * Issue 21 item 4, "Use the speakers' own voices", as a user meets it on the ElevenLabs emulator (PGlite, worker
 * on): a two-person video dubbed with each speaker's instant clone (made from that speaker's own speech, used for
 * every segment of theirs), charged 5 credits a minute, the clones deleted with the job; a request without consent
 * is refused and charges nothing.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, uploadByPut, type TestUser } from './fixtures.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import { jsonBody } from '../fakes/fake-http.ts';
import { REFERENCE_TEXTS } from '../../../server/src/media/speaking-rate.ts';
import { makeTwoPeopleVideo } from '../helpers/two-people-video.ts';
import { CapabilitiesResponse } from '../../../contract/capabilities.ts';
import { JobResponse } from '../../../contract/jobs.ts';
import { eq } from 'drizzle-orm';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { extractSpeechWav } from '../../../server/src/media/probe.ts';

const KEY = 'xi-clone-test';
let el: Awaited<ReturnType<typeof startFakeElevenLabs>>;
let t: TestApp;
let alice: TestUser;
let videoUrl: string;
/** The two-person video, made once into a folder of this file's own (removed after). */
let video: string;

beforeAll(async () => {
  el = await startFakeElevenLabs({ apiKey: KEY, rememberSpeech: true });
  t = await startTestApp({
    kind: 'pglite',
    env: { ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: el.url },
    queue: { work: true },
  });
  alice = await createUser(t, 100);
  video = await makeTwoPeopleVideo();
  // The emulator recognises the video's speech (the WAV the speakers stage sends, made as the pipeline makes it)
  // while the job's own recogniser runs, instead of after it; every job of the video is answered from memory.
  const wav = path.join(path.dirname(video), 'speech.wav');
  await extractSpeechWav(video, wav);
  el.recogniseAhead(await readFile(wav));
  videoUrl = (await uploadByPut(t, alice, video, 'two-people.mp4', 'video/mp4')).fileUrl;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await el?.close();
  if (video) await rm(path.dirname(video), { recursive: true, force: true });
});

const cloneJob = (extra: Record<string, unknown> = {}) => ({
  media_url: videoUrl,
  source_language: 'en',
  target_languages: ['es'],
  services_to_run: ['voice_over'],
  voice_clone: true,
  ...extra,
});

/**
 * The voice ids of the text-to-speech requests for dub lines since request `from` (the chosen voice's speaking-rate
 * measurement reads REFERENCE_TEXTS once and is not a line of the dub).
 */
const ttsVoices = (from: number) =>
  el.requests
    .slice(from)
    .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/text-to-speech/'))
    .filter((r) => (jsonBody(r) as { text: string }).text !== REFERENCE_TEXTS.es)
    .map((r) => decodeURIComponent(r.path.split('/')[3].split('?')[0]));

/** Waits for job `id` of `user` to complete. @throws when it fails or takes over 5 minutes. */
async function completed(user: TestUser, id: string) {
  const end = Date.now() + 300_000;
  for (;;) {
    const job = v.parse(JobResponse, (await api(t, user, 'GET', `/v1/jobs/${id}`)).body);
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || Date.now() > end) throw new Error(`job ${job.status}: ${job.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("the speakers' own voices", () => {
  it('is offered in the capabilities and priced at 5 credits a minute in the rates and the estimate', async () => {
    const caps = v.parse(CapabilitiesResponse, (await api(t, null, 'GET', '/v1/capabilities')).body);
    expect(caps.voice_cloning).toBe(true);
    const plans = await api(t, null, 'GET', '/v1/plans');
    expect(plans.body.rates.voice_clone).toEqual({ credits: 5, per: 1, unit: 'minute' });
    const est = await api(t, alice, 'POST', '/v1/jobs/estimate', cloneJob());
    expect(est.body.credits).toBe(5);
    const plain = await api(t, alice, 'POST', '/v1/jobs/estimate', cloneJob({ voice_clone: false }));
    expect(plain.body.credits).toBe(3);
  });

  it('is refused without consent, or with voices that cannot speak a clone, and charges nothing', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    for (const consent of [undefined, false]) {
      const r = await api(t, alice, 'POST', '/v1/jobs/translate', cloneJob({ voice_clone_consent: consent }));
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('VOICE_CLONE_CONSENT_REQUIRED');
    }
    // Standard voices (espeak-ng) cannot speak an ElevenLabs clone.
    const manual = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      cloneJob({ voice_clone_consent: true, voice_over_mode: 'manual' }),
    );
    expect(manual.status).toBe(400);
    expect(manual.body.code).toBe('VOICE_CLONE_NOT_AVAILABLE');
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
    expect(el.requests.some((r) => r.path === '/v1/voices/add')).toBe(false);
  });

  it('dubs each speaker with a clone of their own voice, charges 5 credits a minute and deletes the clones with the job', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    const from = el.requests.length;
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', cloneJob({ voice_clone_consent: true }));
    expect(sub.status).toBe(201);
    expect(sub.body.voice_clone).toBe(true);
    const job = await completed(alice, sub.body.id);
    // Two clones, one per speaker, each from that speaker's own speech: the woman's 14.8 s, the man's 11 s.
    const clones = [...el.clones.entries()];
    expect(clones.length).toBe(2);
    const samples = clones.map(([, c]) => c.sampleSeconds).sort((a, b) => a - b);
    console.log(
      `voice clone samples: ${samples.join(' s, ')} s; pitches ${clones.map(([, c]) => c.pitch).join(', ')} Hz`,
    );
    expect(samples[0]).toBeGreaterThan(10);
    expect(samples[0]).toBeLessThan(13);
    expect(samples[1]).toBeGreaterThan(13);
    expect(samples[1]).toBeLessThan(17);
    // Each clone speaks at its own sample's pitch (the emulator's espeak-ng -p): two clones, two voices.
    const [a, b] = clones.map(([, c]) => c);
    expect(a.pitch).not.toBe(b.pitch);
    expect(a.espeak).not.toEqual(b.espeak);
    // Every segment was voiced with a clone, and both clones spoke.
    const voices = ttsVoices(from);
    expect(voices.length).toBeGreaterThan(1);
    expect(new Set(voices)).toEqual(new Set(clones.map(([id]) => id)));
    const tracks = await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}/tracks`);
    expect(before - (await balanceOf(t.ctx.db, alice.id))).toBe(5);
    expect(job.credits_used).toBe(5);

    // A re-dub of an edited line: voiced with the saved clones (none made again), priced at the clone rate.
    const cues = tracks.body.targets.es.cues as { text: string }[];
    const put = await api(t, alice, 'PUT', `/v1/jobs/${sub.body.id}/tracks`, {
      revision: tracks.body.revision,
      targets: { es: { cues: [{ ...cues[0], text: 'Y así, mis queridos amigos.' }, ...cues.slice(1)] } },
    });
    expect(put.status).toBe(200);
    const est = await api(t, alice, 'POST', `/v1/jobs/${sub.body.id}/redub/estimate`, { languages: ['es'] });
    expect(est.body.credits).toBe(Math.ceil((est.body.seconds * 5) / 60 - 1e-9));
    const redubFrom = el.requests.length;
    expect((await api(t, alice, 'POST', `/v1/jobs/${sub.body.id}/redub`, { languages: ['es'] })).status).toBe(202);
    const end = Date.now() + 120_000;
    while ((await t.ctx.db.select().from(jobs).where(eq(jobs.id, sub.body.id)))[0].redub) {
      if (Date.now() > end) throw new Error('the re-dub did not finish');
      await new Promise((r) => setTimeout(r, 300));
    }
    const redubVoices = ttsVoices(redubFrom);
    expect(redubVoices.length).toBeGreaterThan(0);
    expect(clones.map(([id]) => id)).toEqual(expect.arrayContaining(redubVoices));
    expect(el.requests.slice(redubFrom).some((r) => r.path === '/v1/voices/add')).toBe(false);

    const del = await api(t, alice, 'DELETE', `/v1/jobs/${sub.body.id}`);
    expect(del.status).toBe(200);
    const deleted = el.requests.filter((r) => r.method === 'DELETE').map((r) => r.path.split('/').at(-1));
    expect(new Set(deleted)).toEqual(new Set(clones.map(([id]) => id)));
    expect(el.clones.size).toBe(0);
  }, 360_000);

  it("deleting the account deletes the clones of the account's jobs", async () => {
    const bob = await createUser(t, 100);
    const url = (await uploadByPut(t, bob, video, 'two.mp4', 'video/mp4')).fileUrl;
    const sub = await api(
      t,
      bob,
      'POST',
      '/v1/jobs/translate',
      cloneJob({ media_url: url, voice_clone_consent: true }),
    );
    expect(sub.status).toBe(201);
    await completed(bob, sub.body.id);
    const made = [...el.clones.keys()];
    expect(made.length).toBe(2);
    const from = el.requests.length;
    expect((await api(t, bob, 'DELETE', '/api/user/delete')).status).toBe(200);
    const deleted = el.requests.slice(from).filter((r) => r.method === 'DELETE');
    expect(new Set(deleted.map((r) => r.path.split('/').at(-1)))).toEqual(new Set(made));
    expect(el.clones.size).toBe(0);
  }, 360_000);
});
