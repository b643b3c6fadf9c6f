/**
 * Voices as a user meets them: GET /v1/capabilities lists them, a sample of one can be heard (made once, then
 * served from the file storage), a voice chosen per target language is checked at submission (VOICE_NOT_AVAILABLE)
 * and used for the dub, and the job reports the voice each language was dubbed with. The Premium voices come from
 * a local server speaking the OpenAI speech API; it records every synthesis it is asked for.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from './fixtures.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { CapabilitiesResponse } from '../../../contract/capabilities.ts';
import { JobResponse } from '../../../contract/jobs.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { sampleKey } from '../../../server/src/modules/capabilities/voice-sample.service.ts';

let t: TestApp;
let oa: FakeServer;
let alice: TestUser;
let jfkUrl: string;

/** The voices the speech server was asked to synthesise with, in order. */
const synthesised = () =>
  oa.requests
    .filter((r) => r.path === '/v1/audio/speech')
    .map((r) => (JSON.parse(r.body.toString('utf8')) as { voice: string }).voice);

beforeAll(async () => {
  oa = await startFakeOpenAi();
  t = await startTestApp({ kind: 'pglite', env: { OPENAI_VOICE_BASE_URL: oa.url }, queue: { work: true } });
  alice = await createUser(t, 100);
  jfkUrl = (await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
});
afterAll(async () => {
  await t?.close();
  await oa?.close();
});

const dubJob = (extra: Record<string, unknown>) => ({
  media_url: jfkUrl,
  source_language: 'en',
  target_languages: ['es', 'fr'],
  services_to_run: ['subtitle', 'voice_over'],
  voice_over_mode: 'manual',
  ...extra,
});

describe('voices', () => {
  it('GET /v1/capabilities lists Premium and Standard voices without signing in', async () => {
    const res = await api(t, null, 'GET', '/v1/capabilities');
    expect(res.status).toBe(200);
    const caps = v.parse(CapabilitiesResponse, res.body);
    const es = caps.languages.find((l) => l.code === 'es')!;
    expect(es.voices).toContainEqual({
      id: 'openai:nova',
      name: 'Nova',
      gender: 'female',
      engine: 'openai',
      tier: 'premium',
    });
    expect(es.voices).toContainEqual({
      id: 'espeak-ng:es+f2',
      name: 'Female 2',
      gender: 'female',
      engine: 'espeak-ng',
      tier: 'standard',
    });
    // Only the voice stage is served by the network server: Arabic still has no translation.
    expect(caps.languages.find((l) => l.code === 'ar')!.translation_from).toEqual([]);
  });

  it('a sample is synthesised once, stored, and served from storage afterwards', async () => {
    const before = synthesised().length;
    const url = `/v1/voices/${encodeURIComponent('openai:nova')}/sample?language=es`;
    const first = await fetch(`${t.baseUrl}${url}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(synthesised().slice(before)).toEqual(['nova']);
    expect(await t.ctx.storage.stat(sampleKey('openai:nova', 'es'))).toMatchObject({ sizeBytes: bytes.length });
    const file = path.join(t.dataDir, 'sample.mp3');
    fs.writeFileSync(file, bytes);
    const seconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString(),
    );
    expect(seconds).toBeGreaterThan(1.5);

    const second = await fetch(`${t.baseUrl}${url}`);
    expect(second.status).toBe(200);
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(synthesised().length).toBe(before + 1);

    const local = await fetch(`${t.baseUrl}/v1/voices/${encodeURIComponent('espeak-ng:ar+f2')}/sample?language=ar`);
    expect(local.status).toBe(200);
    expect((await local.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('a sample of a voice that does not speak the language, or does not exist, is refused with its code', async () => {
    for (const [id, language] of [
      ['espeak-ng:es+f2', 'fr'],
      ['espeak-ng:klingon', 'es'],
      ['openai:nova', 'xx'],
    ]) {
      const res = await api(t, null, 'GET', `/v1/voices/${encodeURIComponent(id)}/sample?language=${language}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VOICE_NOT_AVAILABLE', voice: id, language });
    }
  });

  it('a job naming a voice its language does not have is refused before anything is reserved', async () => {
    const before = await balanceOf(t.ctx.db, alice.id);
    const wrong = await api(t, alice, 'POST', '/v1/jobs/translate', dubJob({ voices: { es: 'espeak-ng:fr-fr+f2' } }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VOICE_NOT_AVAILABLE', voice: 'espeak-ng:fr-fr+f2', language: 'es' });
    const other = await api(t, alice, 'POST', '/v1/jobs/translate', dubJob({ voices: { de: 'openai:nova' } }));
    expect(other.body).toMatchObject({ code: 'VOICE_NOT_AVAILABLE', language: 'de' });
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
  });

  it('dubs with the chosen voice (a Premium voice in Standard mode), the mode default elsewhere, and reports both', async () => {
    const before = synthesised().length;
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', dubJob({ voices: { 'es-ES': 'openai:nova' } }));
    expect(sub.status).toBe(201);
    expect(sub.body.voices).toEqual({ es: 'openai:nova' });
    const end = Date.now() + 240_000;
    let job = v.parse(JobResponse, sub.body);
    while (job.status !== 'completed') {
      if (job.status === 'failed' || Date.now() > end) throw new Error(`job ${job.status}: ${job.error}`);
      await new Promise((r) => setTimeout(r, 300));
      job = v.parse(JobResponse, (await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`)).body);
    }
    expect(job.voices).toEqual({ es: 'openai:nova', fr: 'espeak-ng:fr-fr+m3' });
    // Every Spanish clip went to the speech server with the chosen voice; French stayed on the local voice.
    const asked = synthesised().slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['nova']));
    expect(Object.keys(job.output_files).sort()).toEqual(['es', 'fr']);
  });
});
