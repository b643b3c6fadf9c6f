/**
 * Engine failures that retrying cannot fix, against local servers answering as DeepL, OpenAI and LibreTranslate
 * document: DeepL 456 (quota), 413 (a text over 128 KiB), OpenAI 413 (an upload over 25 MB) fail at
 * once with their own code and no retry; a long Retry-After is waited for up to the setting; a pair that another
 * configured engine serves falls back to it; a job whose engine quota is used up fails after one try with its
 * credits back (both databases). The media runs take the JFK clip's words as the user's own SRT: what fails is
 * translation, so no speech recogniser needs to run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { createDeepLEngine } from '../../../server/src/engines/translation/deepl.engine.ts';
import { createOpenAiTranslationEngine } from '../../../server/src/engines/translation/openai.engine.ts';
import { openAiClient } from '../../../server/src/engines/openai-client.ts';
import { callWithRetry, readOpenAiFailure } from '../../../server/src/engines/sdk-call.ts';
import { toFile } from 'openai';
import type { EngineHttpSettings } from '../../../server/src/engines/http-client.ts';
import { EngineHttpError } from '../../../server/src/engines/engine-failure.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG, type EnginesConfig } from '../../../server/src/config/engines.config.ts';
import { runMediaPipeline } from '../../../server/src/media/pipeline.ts';
import { MediaError } from '../../../server/src/media/media-error.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import { startFakeOpenAi, UPLOAD_LIMIT_BYTES } from '../fakes/fake-openai.server.ts';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, JFK_WAV, uploadByPut } from '../jobs/fixtures.ts';
import { JFK_SPOKEN_SRT } from '../helpers/testdata.ts';
import { JobResponse } from '../../../contract/jobs.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';

const KEY = 'k-123:fx';
type DeepL = Awaited<ReturnType<typeof startFakeDeepL>>;
const translateCalls = (d: DeepL) => d.requests.filter((r) => r.path === '/v2/translate').length;

/** A folder of this file's own holding jfk.srt (removed after). */
let srtDir: string;
const jfkSrt = () => path.join(srtDir, 'jfk.srt');
beforeAll(async () => {
  srtDir = await mkdtemp(path.join(os.tmpdir(), 'engine-failures-'));
  await writeFile(jfkSrt(), JFK_SPOKEN_SRT);
});
afterAll(() => rm(srtDir, { recursive: true, force: true }));

/** Catches the rejection of `p` (the test fails when `p` resolves). */
async function rejection(p: Promise<unknown>): Promise<EngineHttpError> {
  const e = await p.then(
    () => new Error('resolved'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(EngineHttpError);
  return e as EngineHttpError;
}

describe('engine calls that a retry cannot fix fail at once, a long Retry-After is waited for', () => {
  let deepl: DeepL;
  beforeAll(async () => (deepl = await startFakeDeepL({ apiKey: KEY, characterLimit: 1000 })));
  afterAll(() => deepl.close());
  const http: EngineHttpSettings = { timeoutSeconds: 10, retries: 3 };

  it('DeepL 456 (quota exceeded) is one request and a quota failure', async () => {
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: KEY }, http);
    const before = translateCalls(deepl);
    const e = await rejection(engine.translate(['x'.repeat(1200)], { from: 'en', to: 'de' }));
    expect(e).toMatchObject({ status: 456, kind: 'quota' });
    expect(e.message).toBe('DeepL: quota exceeded (Quota exceeded)');
    expect(translateCalls(deepl) - before).toBe(1);
  });

  it('DeepL 413 (one text over the 128 KiB a request may hold) is one request and an input-too-large failure', async () => {
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: KEY }, http);
    const before = translateCalls(deepl);
    const texts = ['Ask not what your country can do for you. '.repeat(3300)];
    const e = await rejection(engine.translate(texts, { from: 'en', to: 'de' }));
    expect(e).toMatchObject({ status: 413, kind: 'input_too_large' });
    expect(translateCalls(deepl) - before).toBe(1);
  });

  it('OpenAI 413 (an upload over 25 MB) is one request and an input-too-large failure', async () => {
    const oa = await startFakeOpenAi();
    try {
      const client = openAiClient({ baseUrl: oa.url, model: 'whisper-1' }, http);
      const file = await toFile(Buffer.alloc(UPLOAD_LIMIT_BYTES + 1000), 'big.wav', { type: 'audio/wav' });
      const e = await rejection(
        callWithRetry(() => client.audio.transcriptions.create({ file, model: 'whisper-1' }), readOpenAiFailure, {
          engine: 'openai speech',
          ...http,
        }),
      );
      expect(e).toMatchObject({ status: 413, kind: 'input_too_large' });
      expect(e.message).toMatch(
        /^openai speech: the request is over the API's limit \(HTTP 413\) \(Maximum content size limit \(26214400\) exceeded/,
      );
      expect(oa.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
    } finally {
      await oa.close();
    }
  });

  it('Retry-After: 120 is waited for when the setting allows it, and fails at once when it does not', async () => {
    // DeepL sends no Retry-After (and deepl-node would not show it): OpenAI's does, read from the SDK's error.
    const oa = await startFakeOpenAi();
    const chat = () => oa.requests.filter((r) => r.path === '/v1/chat/completions').length;
    try {
      const waits: number[] = [];
      const sleep = async (ms: number) => void waits.push(ms);
      const ep = { baseUrl: oa.url, model: 'gpt-4o-mini' };
      const patient = createOpenAiTranslationEngine(ep, { ...http, maxRetryAfterSeconds: 300, sleep });
      oa.rateLimitNext(1, 120);
      expect(await patient.translate(['The house is red.'], { from: 'en', to: 'es' })).toEqual(['La casa es roja.']);
      expect(waits).toEqual([120_000]);

      const hasty = createOpenAiTranslationEngine(ep, { ...http, maxRetryAfterSeconds: 60, sleep });
      oa.rateLimitNext(1, 120);
      const before = chat();
      const e = await rejection(hasty.translate(['The house is red.'], { from: 'en', to: 'es' }));
      expect(e.message).toMatch(/asked to wait 120 s, longer than the 60 s allowed/);
      expect(e.kind).toBe('unavailable');
      expect(chat() - before).toBe(1);
      expect(waits).toEqual([120_000]);
    } finally {
      await oa.close();
    }
  });
});

describe('a pair another configured engine serves falls back to it', () => {
  it('DeepL out of quota: the German subtitles come from LibreTranslate and the job names it', async () => {
    const deepl = await startFakeDeepL({ apiKey: KEY, characterLimit: 10 });
    const lt = await startFakeLibreTranslate();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'engine-fallback-'));
    try {
      const config: EnginesConfig = {
        ...LOCAL_ENGINES_CONFIG,
        deepl: { apiUrl: deepl.url, apiKey: KEY },
        libreTranslate: { url: lt.url },
      };
      const req = {
        inputPath: JFK_WAV,
        sourceLanguage: 'en',
        targetLanguages: ['de'],
        services: ['subtitle' as const],
        voiceMode: 'dubbing' as const,
        baseName: 'jfk',
        outDir: dir,
        ownWords: { path: jfkSrt(), extension: 'srt' as const },
      };
      const result = await runMediaPipeline(req, createEngineRegistry(config).choose(req));
      expect(result.engines.translation_de).toBe('libretranslate');
      expect(result.outputs.map((o) => o.filename)).toContain('jfk_de.srt');
      expect(translateCalls(deepl)).toBe(1);

      // Without the second engine the same job fails with the quota's own code and no retry.
      const alone: EnginesConfig = { ...LOCAL_ENGINES_CONFIG, deepl: { apiUrl: deepl.url, apiKey: KEY } };
      const err = await runMediaPipeline(req, createEngineRegistry(alone).choose(req)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MediaError);
      expect(err).toMatchObject({
        code: 'ENGINE_QUOTA_EXCEEDED',
        message: expect.stringContaining('The translation engine (deepl) has used up its quota.'),
      });
      expect(translateCalls(deepl)).toBe(2);
    } finally {
      await Promise.all([deepl.close(), lt.close()]);
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(DATABASE_KINDS)('a job whose engine quota is used up, on %s', (kind) => {
  let t: TestApp;
  let deepl: DeepL;
  beforeAll(async () => {
    deepl = await startFakeDeepL({ apiKey: KEY, characterLimit: 10 });
    t = await startTestApp({
      kind,
      env: { DEEPL_API_KEY: KEY, DEEPL_API_URL: deepl.url },
      queue: { work: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('fails after one try with ENGINE_QUOTA_EXCEEDED and gives the credits back', async () => {
    const alice = await createUser(t, 100);
    const url = (await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    const srt = await uploadByPut(t, alice, jfkSrt(), 'jfk.srt', 'application/x-subrip');
    expect(srt.status).toBe(200);
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: url,
      source_subtitles_url: srt.fileUrl,
      source_language: 'en',
      target_languages: ['de'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(201);
    const end = Date.now() + 120_000;
    let job = v.parse(JobResponse, sub.body);
    while (job.status !== 'failed') {
      if (job.status === 'completed' || Date.now() > end) throw new Error(`job ${job.status}`);
      await new Promise((r) => setTimeout(r, 300));
      job = v.parse(JobResponse, (await api(t, alice, 'GET', `/v1/jobs/${sub.body.id}`)).body);
    }
    expect(job.error_code).toBe('ENGINE_QUOTA_EXCEEDED');
    expect(job.error).toMatch(/deepl\) has used up its quota/);
    expect(translateCalls(deepl)).toBe(1);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(100);
  });
});
