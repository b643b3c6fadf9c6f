/**
 * Issue 21 item 4: ElevenLabs text-to-speech as a Premium voice engine, through `@elevenlabs/elevenlabs-js`, against
 * a local server answering as the API documents (POST /v1/text-to-speech/{voice_id} with `output_format`, real
 * speech, the documented errors and the 10,000-character input limit of Multilingual v2).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config/index.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import {
  createElevenLabsVoiceEngine,
  ELEVENLABS_DEFAULT_VOICES,
} from '../../../server/src/engines/voice/elevenlabs.engine.ts';
import { runMediaPipeline } from '../../../server/src/media/pipeline.ts';
import { probeMedia } from '../../../server/src/media/probe.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { withoutRequestId, jsonBody, type FakeServer } from '../fakes/fake-http.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const KEY = 'xi-test';
const http = { timeoutSeconds: 60, retries: 1 };
let el: FakeServer;
let dir: string;
beforeAll(async () => {
  el = await startFakeElevenLabs({ apiKey: KEY });
  dir = await mkdtemp(path.join(os.tmpdir(), 'voice-elevenlabs-'));
});
afterAll(async () => {
  await el?.close();
  await rm(dir, { recursive: true, force: true });
});

const ttsRequests = () => el.requests.filter((r) => r.path.startsWith('/v1/text-to-speech/'));
const engineOf = (model = 'eleven_multilingual_v2') =>
  createElevenLabsVoiceEngine({ baseUrl: el.url, apiKey: KEY, model, voices: [] }, http);
const seconds = async (wav: string) => {
  const w = await readWav(wav);
  return w.samples.length / w.rate;
};

describe('the ElevenLabs voice engine', () => {
  it('speaks a Spanish line with the chosen voice, fetched as Opus and written as WAV', async () => {
    const out = path.join(dir, 'line.wav');
    const before = ttsRequests().length;
    await engineOf().synthesize('La casa es roja y el perro duerme en el jardín.', {
      language: 'es',
      voice: '21m00Tcm4TlvDq8ikWAM',
      outPath: out,
    });
    const [req] = ttsRequests().slice(before);
    expect(req.path).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM?output_format=opus_48000_64');
    expect(jsonBody(req)).toMatchObject({ model_id: 'eleven_multilingual_v2', voice_settings: { speed: 1 } });
    expect(await seconds(out)).toBeGreaterThan(1.5);
    // What crosses the network (the same request again, as the engine sent it) against the WAV the mixer reads.
    const again = await fetch(`${el.url}${req.path}`, {
      method: 'POST',
      headers: { 'xi-api-key': KEY, 'content-type': 'application/json' },
      body: req.body,
    });
    expect(again.headers.get('content-type')).toBe('audio/ogg');
    const fetched = (await again.arrayBuffer()).byteLength;
    const wavBytes = (await stat(out)).size;
    console.log(`ElevenLabs voice: WAV ${wavBytes} bytes written, Opus fetched ${fetched} bytes`);
    expect(fetched).toBeGreaterThan(0);
    expect(fetched).toBeLessThan(wavBytes / 2);
  });

  it('keeps a faster fit within the API speed range (0.7 to 1.2) instead of being refused', async () => {
    const before = ttsRequests().length;
    await engineOf().synthesize('Hola a todos.', {
      language: 'es',
      voice: 'pNInz6obpgDQGcFmaJgB',
      outPath: path.join(dir, 'fast.wav'),
      speed: 1.4,
    });
    expect(jsonBody(ttsRequests()[before])).toMatchObject({ voice_settings: { speed: 1.2 } });
  });

  it('speaks a text over the 10,000-character limit in pieces cut at sentence ends, every piece within it', async () => {
    const sentence = 'El perro duerme en el jardín y la casa es roja. ';
    const text = sentence.repeat(Math.ceil(10_500 / sentence.length));
    const before = ttsRequests().length;
    const out = path.join(dir, 'long.wav');
    await engineOf().synthesize(text, { language: 'es', voice: 'EXAVITQu4vr4xnSDxMaL', outPath: out });
    const sent = ttsRequests()
      .slice(before)
      .map((r) => (jsonBody(r) as { text: string }).text);
    expect(sent.length).toBe(2);
    for (const t of sent) {
      expect(t.length).toBeLessThanOrEqual(10_000);
      expect(t.endsWith('roja.')).toBe(true);
    }
    expect(sent.join(' ').length).toBe(text.trim().length);
    // Both pieces are in the WAV: far longer than the first piece alone could be (espeak-ng reads ~15 char/s).
    expect(await seconds(out)).toBeGreaterThan(10_500 / 25);
  });

  it('fails at once naming ElevenLabs and its message for an unknown voice or a refused key', async () => {
    const out = path.join(dir, 'never.wav');
    const e = await engineOf()
      .synthesize('Hola.', { language: 'es', voice: 'no-such-voice', outPath: out })
      .then(
        () => new Error('no failure'),
        (x: unknown) => x as Error,
      );
    expect(withoutRequestId(e.message)).toBe(
      'elevenlabs voice: HTTP 400 (A voice with the voice_id no-such-voice was not found.)',
    );
    const bad = createElevenLabsVoiceEngine(
      { baseUrl: el.url, apiKey: 'nope', model: 'eleven_multilingual_v2', voices: [] },
      http,
    );
    const refused = await bad.synthesize('Hola.', { language: 'es', voice: '21m00Tcm4TlvDq8ikWAM', outPath: out }).then(
      () => new Error('no failure'),
      (x: unknown) => x as Error,
    );
    expect(withoutRequestId(refused.message)).toBe('elevenlabs voice: the API key was refused (Invalid API key)');
  });
});

describe('ElevenLabs configured: Premium voices in the capabilities and the dub', () => {
  const configOf = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), 'tarjama-el-unused'), ...env }).engines;

  it('lists its voices as premium in every studio language, first for dubbing', () => {
    const registry = createEngineRegistry(configOf({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: el.url }));
    for (const lang of registry.capabilities().languages) {
      const premium = lang.voices.filter((v) => v.engine === 'elevenlabs');
      expect(premium.map((v) => v.name)).toEqual(ELEVENLABS_DEFAULT_VOICES.map((v) => v.name));
      expect(premium.every((v) => v.tier === 'premium')).toBe(true);
    }
    // ELEVENLABS_VOICES names the account's own voices; ELEVENLABS_VOICE=false keeps only diarization.
    const own = createEngineRegistry(
      configOf({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: el.url, ELEVENLABS_VOICES: 'abc123:Layla:female' }),
    ).capabilities();
    expect(own.languages.find((l) => l.code === 'ar')!.voices[0]).toMatchObject({
      id: 'elevenlabs:abc123',
      name: 'Layla',
      gender: 'female',
      tier: 'premium',
    });
    const off = createEngineRegistry(
      configOf({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: el.url, ELEVENLABS_VOICE: 'false' }),
    ).capabilities();
    expect(off.languages[0].voices.some((v) => v.engine === 'elevenlabs')).toBe(false);
    expect(() => configOf({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_VOICES: 'abc123:Layla' })).toThrow(/id:Name:gender/);
  });

  it('dubs jfk.mp4 into Spanish with an ElevenLabs voice, the MP3 as long as the input', async () => {
    const config = configOf({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: el.url });
    const out = await mkdtemp(path.join(dir, 'job-'));
    const req = {
      inputPath: path.join(TESTDATA, 'video/jfk.mp4'),
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      services: ['voice_over' as const],
      voiceMode: 'dubbing' as const,
      baseName: 'jfk',
      outDir: out,
    };
    const before = ttsRequests().length;
    const result = await runMediaPipeline(req, createEngineRegistry(config).choose(req));
    expect(result.engines.voice_es).toBe('elevenlabs:21m00Tcm4TlvDq8ikWAM');
    expect(ttsRequests().length).toBeGreaterThan(before);
    const mp3 = result.outputs.find((o) => o.filename === 'jfk_es.mp3')!;
    const input = await probeMedia(path.join(TESTDATA, 'video/jfk.mp4'));
    const dubbed = await probeMedia(path.join(out, mp3.filename));
    expect(Math.abs(dubbed.durationSeconds - input.durationSeconds)).toBeLessThan(0.5);
  });
});
