/**
 * Issue 21 item 4: ElevenLabs instant voice cloning through `@elevenlabs/elevenlabs-js` against the emulator
 * (POST /v1/voices/add, DELETE /v1/voices/{voice_id}, clones spoken by POST /v1/text-to-speech), and the cut of a
 * speaker's speech sent to be cloned (longest turns first, 10 s at least, 90 s at most).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config/index.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { createElevenLabsVoiceEngine } from '../../../server/src/engines/voice/elevenlabs.engine.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { cloneSample } from '../../../server/src/media/voice-clones.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import { TESTDATA } from '../helpers/testdata.ts';
import { withoutRequestId } from '../fakes/fake-http.ts';

const KEY = 'xi-ivc';
const http = { timeoutSeconds: 60, retries: 1 };
let el: Awaited<ReturnType<typeof startFakeElevenLabs>>;
let dir: string;
beforeAll(async () => {
  el = await startFakeElevenLabs({ apiKey: KEY });
  dir = await mkdtemp(path.join(os.tmpdir(), 'voice-clone-'));
});
afterAll(async () => {
  await el?.close();
  await rm(dir, { recursive: true, force: true });
});

const engineOf = (apiKey = KEY) =>
  createElevenLabsVoiceEngine({ baseUrl: el.url, apiKey, model: 'eleven_multilingual_v2', voices: [] }, http);

describe('the cut of a speaker sent to be cloned', () => {
  it('takes the longest turns first and stops at 90 s, shortening the last turn taken', () => {
    const turns = [
      { start: 0, end: 20 },
      { start: 30, end: 80 },
      { start: 100, end: 104 },
      { start: 120, end: 150 },
    ];
    const cut = cloneSample(turns);
    expect(cut.seconds).toBe(90);
    expect(cut.spans).toEqual([
      { start: 30, end: 80 },
      { start: 120, end: 150 },
      { start: 0, end: 10 },
    ]);
  });

  it('takes the whole speech between 10 and 90 s, and nothing under 10 s', () => {
    expect(
      cloneSample([
        { start: 0, end: 6 },
        { start: 10, end: 15 },
      ]).seconds,
    ).toBe(11);
    const short = cloneSample([
      { start: 0, end: 4 },
      { start: 10, end: 15 },
    ]);
    expect(short).toEqual({ spans: [], seconds: 9 });
  });
});

describe('the ElevenLabs voice engine clones', () => {
  it('creates a clone from a sample, speaks with it, and deletes it', async () => {
    const engine = engineOf();
    const sample = path.join(TESTDATA, 'audio/jfk.wav');
    const id = await engine.cloneVoice!(sample, 'Tarjama test S1');
    const add = el.requests.find((r) => r.path === '/v1/voices/add')!;
    expect(String(add.headers['content-type'])).toMatch(/^multipart\/form-data/);
    expect(el.clones.get(id)).toMatchObject({ name: 'Tarjama test S1' });
    expect(el.clones.get(id)!.sampleSeconds).toBeGreaterThan(10);
    const out = path.join(dir, 'clone.wav');
    await engine.synthesize('Hola a todos, gracias por venir.', { language: 'es', voice: id, outPath: out });
    const wav = await readWav(out);
    expect(wav.samples.length / wav.rate).toBeGreaterThan(1);
    await engine.deleteVoice!(id);
    expect(el.clones.has(id)).toBe(false);
    // Gone: speaking with it is refused as the API refuses an unknown voice.
    const after = await engine.synthesize('Hola.', { language: 'es', voice: id, outPath: out }).then(
      () => new Error('no failure'),
      (x: unknown) => x as Error,
    );
    expect(after.message).toMatch(
      /^elevenlabs voice: HTTP 400 \(A voice with the voice_id .* was not found\.\) \[request id req_\d+\]$/,
    );
  });

  it('fails naming ElevenLabs and its message for a refused key, unreadable audio or an unknown voice', async () => {
    const sample = path.join(TESTDATA, 'audio/jfk.wav');
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => new Error('no failure'),
        (x: unknown) => x as Error,
      );
    expect(withoutRequestId((await failure(engineOf('nope').cloneVoice!(sample, 'x'))).message)).toBe(
      'elevenlabs voice cloning: the API key was refused (Invalid API key)',
    );
    const text = path.join(dir, 'not-audio.wav');
    await runProcess('sh', ['-c', `echo hello > ${text}`]);
    expect(withoutRequestId((await failure(engineOf().cloneVoice!(text, 'x'))).message)).toBe(
      'elevenlabs voice cloning: HTTP 400 (The audio file is invalid.)',
    );
    expect(withoutRequestId((await failure(engineOf().deleteVoice!('no-such-voice'))).message)).toBe(
      'elevenlabs voice cloning: HTTP 400 (A voice with the voice_id no-such-voice was not found.)',
    );
  });
});

describe('voice cloning in the capabilities', () => {
  it('is offered only when ElevenLabs voices are configured', () => {
    const registryOf = (env: Record<string, string>) =>
      createEngineRegistry(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), 'tarjama-ivc-unused'), ...env }).engines,
      );
    const local = registryOf({});
    expect(local.capabilities().voice_cloning).toBe(false);
    expect(local.cloner()).toBeUndefined();
    const el11 = registryOf({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: el.url });
    expect(el11.capabilities().voice_cloning).toBe(true);
    expect(el11.cloner()?.id).toBe('elevenlabs');
    // ElevenLabs for diarization only: no cloning.
    const off = registryOf({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: el.url, ELEVENLABS_VOICE: 'false' });
    expect(off.capabilities().voice_cloning).toBe(false);
  });
});
