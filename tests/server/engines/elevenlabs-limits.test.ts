/**
 * ElevenLabs' documented limits held (issue 39 item 10), against the local server answering as its API does: the
 * account's character quota answers 401 `detail.status` quota_exceeded, which is a quota failure
 * (ENGINE_QUOTA_EXCEEDED, credits given back) and no retry, not a refused key (ENGINE_REFUSED); the plan's
 * concurrency limit (429 too_many_concurrent_requests over it) is held by ELEVENLABS_MAX_CONCURRENT across the
 * languages of a dub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createElevenLabsVoiceEngine } from '../../../server/src/engines/voice/elevenlabs.engine.ts';
import { engineFailure } from '../../../server/src/engines/engine-failure.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { loadConfig } from '../../../server/src/config/index.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { runMediaPipeline } from '../../../server/src/media/pipeline.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const KEY = 'xi-test';
let el: FakeServer;
let dir: string;
beforeAll(async () => {
  el = await startFakeElevenLabs({ apiKey: KEY, characterQuota: 30 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'elevenlabs-limits-'));
});
afterAll(async () => {
  await el?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ElevenLabs character quota', () => {
  it('quota_exceeded (401) is a quota failure after one request, not a refused key', async () => {
    const engine = createElevenLabsVoiceEngine(
      { baseUrl: el.url, apiKey: KEY, model: 'eleven_multilingual_v2', voices: [] },
      { timeoutSeconds: 30, retries: 2 },
    );
    const err = await engine
      .synthesize('La casa es roja y el perro duerme en el jardín.', {
        language: 'es',
        voice: '21m00Tcm4TlvDq8ikWAM',
        outPath: path.join(dir, 'line.wav'),
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'quota', status: 401 });
    expect(engineFailure(err, 'voice', 'elevenlabs').code).toBe('ENGINE_QUOTA_EXCEEDED');
    expect(el.requests.filter((r) => r.path.startsWith('/v1/text-to-speech/'))).toHaveLength(1);
  });
});

describe('ElevenLabs concurrency limit', () => {
  it('a dub into three languages keeps within ELEVENLABS_MAX_CONCURRENT=2: no request refused as too many', async () => {
    // A Free plan's limit: two requests in flight; each language voices two segments at a time.
    const plan = await startFakeElevenLabs({ apiKey: KEY, maxConcurrent: 2 });
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: path.join(os.tmpdir(), 'tarjama-el-unused'),
        ELEVENLABS_API_KEY: KEY,
        ELEVENLABS_BASE_URL: plan.url,
        ELEVENLABS_MAX_CONCURRENT: '2',
        ENGINE_HTTP_RETRIES: '0',
      }).engines;
      const req = {
        inputPath: path.join(TESTDATA, 'video/jfk.mp4'),
        sourceLanguage: 'en',
        targetLanguages: ['es', 'fr', 'pt'],
        services: ['voice_over' as const],
        voiceMode: 'dubbing' as const,
        baseName: 'jfk',
        outDir: await mkdtemp(path.join(dir, 'dub-')),
      };
      const result = await runMediaPipeline(req, createEngineRegistry(config).choose(req));
      for (const lang of req.targetLanguages) expect(result.engines[`voice_${lang}`]).toMatch(/^elevenlabs:/);
      const tts = plan.requests.filter((r) => r.path.startsWith('/v1/text-to-speech/'));
      expect(tts.length).toBeGreaterThanOrEqual(6);
      expect(plan.concurrencyRefusals()).toBe(0);
      expect(plan.maxInFlight()).toBeLessThanOrEqual(2);
    } finally {
      await plan.close();
    }
  }, 180_000);
});
