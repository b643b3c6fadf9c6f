/**
 * Speech recognition falls back (issue 39 item 2): with the OpenAI recogniser answering 401 as the API documents
 * for a revoked key (`invalid_api_key`), an English job is recognised by the configured pocketsphinx instead of
 * failing with ENGINE_REFUSED; the job names the recogniser used, says so in a coded note, and the fallback and the
 * refused try are counted on /metrics' engine families. A failure a retry may fix (503) is not passed on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG, type EnginesConfig } from '../../../server/src/config/engines.config.ts';
import { engineMetricsRegistry } from '../../../server/src/engines/engine-metrics.ts';
import { withSpeechFallback } from '../../../server/src/engines/speech/fallback.ts';
import { createPocketsphinxEngine } from '../../../server/src/engines/speech/pocketsphinx.engine.ts';
import { createOpenAiSpeechEngine } from '../../../server/src/engines/speech/openai.engine.ts';
import { runMediaPipeline } from '../../../server/src/media/pipeline.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import { startFakeServer, type FakeServer } from '../fakes/fake-http.ts';
import { JFK_WAV } from '../jobs/fixtures.ts';
import type { EngineFallback } from '../../../server/src/engines/engine-fallback.ts';

let dir: string;
let openai: FakeServer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'speech-fallback-'));
  openai = await startFakeOpenAi({ apiKey: 'sk-current' });
});
afterAll(async () => {
  await openai?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The value of a counter's sample with these labels (0 when absent). */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await engineMetricsRegistry.getMetricsAsJSON()).find((m) => m.name === name);
  const found = metric?.values.find((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x));
  return found?.value ?? 0;
}

describe('a refused recogniser falls back to another configured one for the language', () => {
  it('OpenAI 401 (revoked key): pocketsphinx recognises the English job, the note and metrics say so', async () => {
    const config: EnginesConfig = {
      ...LOCAL_ENGINES_CONFIG,
      openai: { speech: { baseUrl: openai.url, apiKey: 'sk-revoked', model: 'whisper-1' } },
    };
    const fallbacksBefore = await sample('tarjama_engine_fallbacks_total', {
      stage: 'speech',
      from: 'openai',
      to: 'pocketsphinx',
      kind: 'refused',
    });
    const refusedBefore = await sample('tarjama_engine_errors_total', {
      engine: 'openai',
      stage: 'speech',
      status: '401',
    });
    const req = {
      inputPath: JFK_WAV,
      sourceLanguage: 'en',
      targetLanguages: ['en'],
      services: ['subtitle' as const],
      voiceMode: 'dubbing' as const,
      baseName: 'jfk',
      outDir: dir,
    };
    const plan = createEngineRegistry(config).choose(req);
    expect(plan.speech?.id).toBe('openai');
    const result = await runMediaPipeline(req, plan);
    expect(result.engines.speech).toBe('pocketsphinx');
    expect(result.tracks.source.map((c) => c.lines.join(' ')).join(' ')).toMatch(/country/i);
    expect(result.notes).toContainEqual(
      expect.objectContaining({
        code: 'SPEECH_ENGINE_FALLBACK',
        params: { language: 'en', engine: 'pocketsphinx', failed: 'openai', reason: 'refused' },
      }),
    );
    expect(
      await sample('tarjama_engine_fallbacks_total', {
        stage: 'speech',
        from: 'openai',
        to: 'pocketsphinx',
        kind: 'refused',
      }),
    ).toBe(fallbacksBefore + 1);
    expect(await sample('tarjama_engine_errors_total', { engine: 'openai', stage: 'speech', status: '401' })).toBe(
      refusedBefore + 1,
    );
  });

  it('a 503 a retry may fix is not passed on: the job fails as retryable and the better recogniser is asked again', async () => {
    const overloaded = {
      error: { message: 'The server is overloaded.', type: 'server_error', param: null, code: null },
    };
    const down = await startFakeServer(async () => ({ status: 503, body: overloaded }), overloaded);
    try {
      const fallbacks: EngineFallback[] = [];
      const speech = withSpeechFallback(
        [
          createOpenAiSpeechEngine(
            { baseUrl: down.url, apiKey: 'sk-x', model: 'whisper-1' },
            { timeoutSeconds: 5, retries: 0, maxRetryAfterSeconds: 0 },
          ),
          createPocketsphinxEngine(),
        ],
        fallbacks,
      );
      await expect(speech.transcribe(JFK_WAV, { language: 'en' })).rejects.toMatchObject({ kind: 'unavailable' });
      expect(fallbacks).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
