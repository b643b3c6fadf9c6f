/**
 * Bounded engines (issue 26 items 5, 6), against the LibreTranslate emulator started as a server with
 * --batch-limit 32 and --char-limit, answering slowly as a small self-hosted server does:
 * - the engine built from the settings (LIBRETRANSLATE_BATCH_LIMIT 32, LIBRETRANSLATE_MAX_CONCURRENT 2) translates
 *   every text, no request over the server's limits, never more than 2 requests in flight and more than one at once;
 * - a document's texts are cut by characters (TRANSLATION_BATCH_MAX_CHARS) and sent in parallel, bounded;
 * - ENGINE_REQUESTS_PER_MINUTE holds the calls over the minute's budget back;
 * - a chat-completions request that ran out of its time is not sent again while the model may still be writing;
 * - the OpenAI voice engine's default voice follows the language (OPENAI_VOICE_DEFAULTS), not always alloy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config/index.ts';
import { buildEngines, createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { createEngineGate } from '../../../server/src/engines/engine-gate.ts';
import { fetchWithRetry } from '../../../server/src/engines/http-client.ts';
import { EngineHttpError } from '../../../server/src/engines/engine-failure.ts';
import { translateUnits } from '../../../server/src/documents/unit-translator.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import { startFakeServer, type FakeServer } from '../fakes/fake-http.ts';
import { jsonBody } from '../fakes/fake-http.ts';

const configOf = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/tarjama-ops26-unused', LOCAL_ENGINES: 'false', ...env }).engines;
const sentQ = (s: FakeServer) =>
  s.requests.filter((r) => r.path === '/translate').map((r) => (jsonBody(r) as { q: string[] }).q);

describe('LibreTranslate with --batch-limit 32, two requests in flight', () => {
  let lt: FakeServer;
  beforeAll(async () => (lt = await startFakeLibreTranslate({ batchLimit: 32, charLimit: 2000, delayMs: 150 })));
  afterAll(() => lt?.close());

  it('translates 200 texts in order, 32 at most a request, at most 2 requests at once', async () => {
    const config = configOf({
      LIBRETRANSLATE_URL: lt.url,
      LIBRETRANSLATE_BATCH_LIMIT: '32',
      LIBRETRANSLATE_CHAR_LIMIT: '2000',
      LIBRETRANSLATE_MAX_CONCURRENT: '2',
    });
    const [engine] = buildEngines(config).translation;
    expect(engine.id).toBe('libretranslate');
    const texts = Array.from({ length: 200 }, (_, i) => `The house number ${i} is red`);
    const out = await engine.translate(texts, { from: 'en', to: 'de' });
    expect(out).toHaveLength(200);
    out.forEach((t, i) => expect(t).toContain(String(i)));
    const q = sentQ(lt);
    // Every text sent once (the parallel requests arrive in any order).
    expect(q.flat().sort()).toEqual([...texts].sort());
    expect(Math.max(...q.map((x) => x.length))).toBeLessThanOrEqual(32);
    expect(lt.maxInFlight()).toBe(2);
  });
});

describe('a document through a network engine', () => {
  let lt: FakeServer;
  beforeAll(async () => (lt = await startFakeLibreTranslate({ delayMs: 200 })));
  afterAll(() => lt?.close());

  it('is cut by characters and translated several calls at once, in order', async () => {
    const config = configOf({ LIBRETRANSLATE_URL: lt.url, LIBRETRANSLATE_MAX_CONCURRENT: '3' });
    const [engine] = buildEngines(config).translation;
    // 60 paragraphs of about 400 characters: 24,000 characters, three calls' worth at 8,000.
    const paragraph = (i: number) => `Paragraph ${i}. ` + 'The house is red and the country is big. '.repeat(10);
    const units = Array.from({ length: 60 }, (_, i) => ({ pieces: [paragraph(i)], counted: true }));
    const done = await translateUnits(units, engine, {
      from: 'en',
      to: 'de',
      batching: { maxChars: 4000, parallel: 4 },
    });
    done.pieces.forEach((p, i) => expect(p[0]).toMatch(new RegExp(`^\\S+ ${i}\\.`)));
    const q = sentQ(lt);
    expect(q.length).toBeGreaterThanOrEqual(6);
    for (const batch of q) expect(batch.join('').length).toBeLessThanOrEqual(4000);
    // Parallel, within the engine's bound of 3 (as the server saw them; wall time is no measure on a busy machine).
    expect(lt.maxInFlight()).toBe(3);
  });
});

describe('requests per minute', () => {
  it('starts at most the minute’s budget and holds the rest back', async () => {
    const gate = createEngineGate({ maxConcurrent: 10, perMinute: 3 });
    const started: number[] = [];
    const controller = new AbortController();
    const calls = [0, 1, 2, 3, 4].map((i) =>
      gate
        .run(async () => {
          started.push(i);
          return i;
        }, controller.signal)
        .catch((e: unknown) => e),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(started).toEqual([0, 1, 2]);
    expect(gate.waiting()).toBe(2);
    // A job cancelled while waiting starts nothing more.
    controller.abort(new Error('cancelled'));
    const results = await Promise.all(calls);
    expect(results.slice(0, 3)).toEqual([0, 1, 2]);
    expect(results.slice(3).map((e) => (e as Error).message)).toEqual(['cancelled', 'cancelled']);
    expect(gate.waiting()).toBe(0);
  });
});

describe('a chat-completions request that runs out of time', () => {
  let slow: FakeServer;
  beforeAll(async () => {
    // A model still writing its answer when the client gives up.
    slow = await startFakeServer(async () => {
      await new Promise((r) => setTimeout(r, 1500));
      return { status: 200, body: { choices: [{ message: { content: '{"translations":[]}' } }] } };
    }, {});
  });
  afterAll(() => slow?.close());

  it('is not sent again while the first may still be generating', async () => {
    const err = await fetchWithRetry(
      `${slow.url}/v1/chat/completions`,
      { method: 'POST', body: '{}' },
      { engine: 'openai translation', timeoutSeconds: 1, retries: 3, retryAfterTimeout: false },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineHttpError);
    expect((err as Error).message).toContain('no answer within 1 s');
    expect(slow.requests).toHaveLength(1);
  });

  it('the chat engine gets OPENAI_TRANSLATION_TIMEOUT_SECONDS (600 by default), not the 120 s of the others', () => {
    expect(configOf({}).openaiTranslationTimeoutSeconds).toBe(600);
    expect(configOf({}).http.timeoutSeconds).toBe(120);
  });
});

describe('the OpenAI voice engine’s default voice per language', () => {
  it('follows OPENAI_VOICE_DEFAULTS', () => {
    const registry = createEngineRegistry(
      configOf({ OPENAI_BASE_URL: 'http://127.0.0.1:9', OPENAI_VOICE_DEFAULTS: 'ja:nova,fr:shimmer,*:onyx' }),
    );
    const plan = registry.choose({
      sourceLanguage: 'en',
      targetLanguages: ['ja', 'fr', 'de'],
      services: ['subtitle', 'voice_over'],
    });
    expect(plan.voices.ja.voice.id).toBe('nova');
    expect(plan.voices.fr.voice.id).toBe('shimmer');
    expect(plan.voices.de.voice.id).toBe('onyx');
    // Every voice is still offered.
    expect(plan.voices.ja.offered.map((v) => v.id).sort()).toEqual(
      ['alloy', 'echo', 'fable', 'nova', 'onyx', 'shimmer'].sort(),
    );
    // The built-in defaults differ by language too.
    const builtIn = createEngineRegistry(configOf({ OPENAI_BASE_URL: 'http://127.0.0.1:9' })).choose({
      sourceLanguage: 'en',
      targetLanguages: ['es', 'de'],
      services: ['subtitle', 'voice_over'],
    });
    expect(builtIn.voices.es.voice.id).not.toBe(builtIn.voices.de.voice.id);
  });
});
