/**
 * Compressed speech synthesis (issue 26 item 6): the OpenAI voice engine asks the local server speaking the OpenAI
 * speech API for `response_format: "opus"` (the server encodes its speech with ffmpeg as the API documents: Opus in
 * Ogg, 24 kHz mono), decodes it once to WAV, and the dub of a real job still has the input's length. The bytes
 * fetched for a fixed text as WAV and as Opus are printed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createOpenAiVoiceEngine } from '../../../server/src/engines/voice/openai.engine.ts';
import { readWavLayout } from '../../../server/src/audio/wav.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut } from '../jobs/fixtures.ts';
import { JobResponse } from '../../../contract/jobs.ts';

const TEXT =
  'And so, my fellow Americans: ask not what your country can do for you, ask what you can do for your country. ' +
  'My fellow citizens of the world: ask not what America will do for you, but what together we can do for the ' +
  'freedom of man.';

const seconds = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString(),
  );
/** The `response_format` of every speech request the server got. */
const formats = (oa: FakeServer) =>
  oa.requests
    .filter((r) => r.path === '/v1/audio/speech')
    .map((r) => (JSON.parse(r.body.toString('utf8')) as { response_format?: string }).response_format);

let oa: FakeServer;
let dir: string;
beforeAll(async () => {
  oa = await startFakeOpenAi();
  dir = await mkdtemp(path.join(os.tmpdir(), 'voice-opus-'));
});
afterAll(async () => {
  await oa?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAI voice engine fetches Opus', () => {
  it('asks for opus, decodes it to a 24 kHz mono WAV as long as the WAV answer, fetching far fewer bytes', async () => {
    const fetched: Record<string, Buffer> = {};
    for (const format of ['wav', 'opus']) {
      const res = await fetch(`${oa.url}/v1/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer none' },
        body: JSON.stringify({ model: 'tts-1', input: TEXT, voice: 'alloy', response_format: format }),
      });
      expect(res.status).toBe(200);
      fetched[format] = Buffer.from(await res.arrayBuffer());
    }
    const wavFile = path.join(dir, 'answer.wav');
    await writeFile(wavFile, fetched.wav);
    const answer = await readWavLayout(wavFile);
    expect(answer).toMatchObject({ rate: 24_000, channels: 1, bits: 16 });
    expect(fetched.opus.toString('ascii', 0, 4)).toBe('OggS');

    const engine = createOpenAiVoiceEngine({ baseUrl: oa.url, model: 'tts-1' }, { timeoutSeconds: 30, retries: 0 });
    const before = formats(oa).length;
    const out = path.join(dir, 'voiced.wav');
    await engine.synthesize(TEXT, { language: 'en', voice: 'alloy', outPath: out });
    expect(formats(oa).slice(before)).toEqual(['opus']);
    const voiced = await readWavLayout(out);
    expect(voiced).toMatchObject({ rate: 24_000, channels: 1, bits: 16, format: 1 });
    // Ogg Opus keeps the exact length (pre-skip and end trim): within one 20 ms frame of the WAV answer.
    expect(Math.abs(voiced.frames - answer.frames) / 24_000).toBeLessThan(0.02);
    const ratio = fetched.opus.length / fetched.wav.length;
    console.log(
      `fixed text, ${TEXT.length} characters, ${(answer.frames / 24_000).toFixed(2)} s of speech: ` +
        `WAV ${fetched.wav.length} bytes, Opus ${fetched.opus.length} bytes (${(ratio * 100).toFixed(1)}% of WAV)`,
    );
    // The server encodes at ffmpeg's default Opus bitrate (about 96 kb/s for this speech): a quarter of WAV or less.
    expect(ratio).toBeLessThan(0.3);
  });
});

describe('a dub voiced by the OpenAI engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { OPENAI_VOICE_BASE_URL: oa.url }, queue: { work: true } });
  });
  afterAll(() => t?.close());

  it('fetches every clip as Opus and the dubbed audio and video keep the input length', async () => {
    const alice = await createUser(t, 100);
    const url = (await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    const before = formats(oa).length;
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: url,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle', 'voice_over'],
      voices: { es: 'openai:nova' },
    });
    expect(sub.status).toBe(201);
    const end = Date.now() + 240_000;
    let job = v.parse(JobResponse, sub.body);
    while (job.status !== 'completed') {
      if (job.status === 'failed' || Date.now() > end) throw new Error(`job ${job.status}: ${job.error}`);
      await new Promise((r) => setTimeout(r, 300));
      job = v.parse(JobResponse, (await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`)).body);
    }
    const asked = formats(oa).slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['opus']));

    const input = seconds(JFK_MP4);
    const es = (job.output_files as Record<string, { voice_over: { voice_over_url: string; video_url: string } }>).es;
    for (const [link, name] of [
      [es.voice_over.voice_over_url, 'dub.mp3'],
      [es.voice_over.video_url, 'dub.mp4'],
    ]) {
      const res = await fetch(link);
      expect(res.status).toBe(200);
      const file = path.join(dir, name);
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      const length = seconds(file);
      console.log(`${name}: ${length.toFixed(3)} s for an input of ${input.toFixed(3)} s`);
      expect(Math.abs(length - input)).toBeLessThan(0.1);
    }
  });
});
