/**
 * Issue 21 item 4: voice separation through ElevenLabs audio isolation (`@elevenlabs/elevenlabs-js`,
 * POST /v1/audio-isolation) against the emulator: a recording longer than the service takes in one request is sent
 * in pieces and comes back whole (the input's length, each piece in its place), metered per second of audio; the
 * documented errors (401 key, 413 file too large, 400 audio too long, 422 missing field) reach the caller as failures
 * a retry cannot fix; and the configuration: ELEVENLABS_API_KEY or SEPARATION_BASE_URL + SEPARATION_API_KEY.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config/index.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { createElevenLabsSeparationEngine } from '../../../server/src/engines/separation/elevenlabs.engine.ts';
import { createUsageMeter } from '../../../server/src/engines/engine-usage.ts';
import { EngineHttpError } from '../../../server/src/engines/engine-failure.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { readWavLayout } from '../../../server/src/audio/wav.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const KEY = 'xi-isolation';
const RATE = 44100;
const http = { timeoutSeconds: 60, retries: 1 };
let el: Awaited<ReturnType<typeof startFakeElevenLabs>>;
let dir: string;
/** 22 s of mono 44.1 kHz: jfk.wav twice, the second time after a second of silence. */
let input: string;
beforeAll(async () => {
  el = await startFakeElevenLabs({ apiKey: KEY });
  dir = await mkdtemp(path.join(os.tmpdir(), 'separation-'));
  input = path.join(dir, 'in.wav');
  const jfk = `${TESTDATA}/audio/jfk.wav`;
  await runProcess('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', jfk, '-i', jfk, '-filter_complex', '[0:a]apad=pad_dur=1[a];[a][1:a]concat=n=2:v=0:a=1', '-ar', String(RATE), '-ac', '1', '-c:a', 'pcm_s16le', input]); // prettier-ignore
});
afterAll(async () => {
  await el?.close();
  await rm(dir, { recursive: true, force: true });
});

const engineOf = (
  o: { apiKey?: string; pieceSeconds?: number; meter?: ReturnType<ReturnType<typeof createUsageMeter>['of']> } = {},
) =>
  createElevenLabsSeparationEngine(
    { baseUrl: el.url, apiKey: o.apiKey ?? KEY },
    { ...http, meter: o.meter },
    { pieceSeconds: o.pieceSeconds },
  );

/** Mono 16-bit samples of a WAV file as floats. */
async function samplesOf(file: string): Promise<Float32Array> {
  const layout = await readWavLayout(file);
  const b = (await readFile(file)).subarray(layout.dataOffset);
  return Float32Array.from({ length: layout.frames }, (_, i) => b.readInt16LE(i * 2) / 32768);
}

/** Normalised correlation of `a` and `b` over samples [from, to). */
function correlation(a: Float32Array, b: Float32Array, from: number, to: number): number {
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = from; i < to; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return ab / Math.sqrt(aa * bb);
}

describe('ElevenLabs audio isolation', () => {
  it('sends a long recording in pieces under the limit and writes the voice whole, in place, metered', async () => {
    el.isolation.maxSeconds = 10;
    el.isolation.requests.length = 0;
    const meter = createUsageMeter();
    const out = path.join(dir, 'voice.wav');
    await engineOf({ pieceSeconds: 6, meter: meter.of('elevenlabs', 'separation') }).isolateVoice(input, out);
    el.isolation.maxSeconds = 3600;
    const sent = el.isolation.requests;
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const s of sent) expect(s).toBeLessThanOrEqual(10);
    expect(sent.reduce((a, b) => a + b, 0)).toBeCloseTo(23, 1);
    const [a, b] = [await samplesOf(input), await samplesOf(out)];
    expect(b.length).toBe(a.length);
    // The emulator answers the speech band of each piece: every second of the answer with sound in the input
    // (louder than -40 dBFS) lines up with the input's.
    let heard = 0;
    for (let s = 0; s + 1 <= 23; s++) {
      const [from, to] = [s * RATE, (s + 1) * RATE];
      let e = 0;
      for (let i = from; i < to; i++) e += a[i] * a[i];
      if (10 * Math.log10(e / RATE) < -40) continue;
      heard++;
      expect(correlation(a, b, from, to), `second ${s}`).toBeGreaterThan(0.8);
    }
    expect(heard).toBeGreaterThanOrEqual(18);
    const [row] = await meter.usage();
    expect(row).toMatchObject({ engine: 'elevenlabs', stage: 'separation', unit: 'seconds' });
    expect(row.units).toBeCloseTo(23, 1);
    expect(row.costUsd).toBeCloseTo((23 / 60) * 0.12, 3);
  }, 120_000);

  it('fails at once, with the kind a retry cannot fix, on a refused key, a file too large or too long', async () => {
    const out = path.join(dir, 'x.wav');
    const failure = async (engine: ReturnType<typeof engineOf>) =>
      engine.isolateVoice(input, out).then(
        () => undefined,
        (e: unknown) => e,
      );
    const refused = await failure(engineOf({ apiKey: 'wrong' }));
    expect(refused).toBeInstanceOf(EngineHttpError);
    expect((refused as EngineHttpError).kind).toBe('refused');
    el.isolation.maxBytes = 1000;
    const large = await failure(engineOf());
    el.isolation.maxBytes = 500 * 1024 * 1024;
    expect((large as EngineHttpError).kind).toBe('input_too_large');
    el.isolation.maxSeconds = 5;
    const long = await failure(engineOf());
    el.isolation.maxSeconds = 3600;
    expect((long as EngineHttpError).kind).toBe('input_too_large');
    expect((long as Error).message).toMatch(/maximum of 5 seconds/);
  }, 60_000);

  it('answers the documented errors to a bare request', async () => {
    const post = (body: FormData, key = KEY) =>
      fetch(`${el.url}/v1/audio-isolation`, { method: 'POST', headers: { 'xi-api-key': key }, body });
    const noKey = await post(new FormData(), 'nope');
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { detail: { status: string } }).detail.status).toBe('invalid_api_key');
    const missing = await post(new FormData());
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { detail: { loc: string[] }[] }).detail[0].loc).toEqual(['body', 'audio']);
    const bad = new FormData();
    bad.set('audio', new Blob([Buffer.from('not audio')]), 'a.wav');
    const unreadable = await post(bad);
    expect(unreadable.status).toBe(400);
    const good = new FormData();
    good.set('audio', new Blob([await readFile(input)]), 'in.wav');
    const ok = await post(good);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('audio/mpeg');
  }, 60_000);
});

describe('separation settings', () => {
  it('is enabled by the ElevenLabs key or its own base URL and key, and offered in the capabilities', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), 'tarjama-separation-unused') };
    const engines = (env: Record<string, string>) => loadConfig({ ...base, ...env }).engines;
    expect(engines({}).separation).toBeUndefined();
    expect(createEngineRegistry(engines({})).capabilities().voice_separation).toBe(false);
    expect(engines({ ELEVENLABS_API_KEY: 'k' }).separation).toEqual({
      baseUrl: 'https://api.elevenlabs.io',
      apiKey: 'k',
    });
    const own = engines({
      SEPARATION_BASE_URL: 'http://sep.local:8000/',
      SEPARATION_API_KEY: 's',
      ELEVENLABS_API_KEY: 'k',
    });
    expect(own.separation).toEqual({ baseUrl: 'http://sep.local:8000', apiKey: 's' });
    expect(createEngineRegistry(own).capabilities().voice_separation).toBe(true);
    expect(() => loadConfig({ ...base, SEPARATION_BASE_URL: 'http://sep.local:8000' })).toThrow(/SEPARATION_API_KEY/);
  });
});
