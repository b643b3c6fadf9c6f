/**
 * Translation requests sized by the engine's limits, not only by count (issue 26 item 5), against the local servers
 * that answer as OpenAI and DeepL document: a chat model cuts an answer longer than its output limit
 * (finish_reason "length"), DeepL refuses more than 50 texts or 128 KiB a request. Long paragraphs are split so no
 * request exceeds the budget, every text comes back once and in order, and requests run in parallel within the
 * engine's gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiTranslationEngine } from '../../../server/src/engines/translation/openai.engine.ts';
import { createDeepLEngine } from '../../../server/src/engines/translation/deepl.engine.ts';
import { createEngineGate } from '../../../server/src/engines/engine-gate.ts';
import { engineFailure } from '../../../server/src/engines/engine-failure.ts';
import { estimateTokens } from '../../../server/src/engines/translation/batches.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { jsonBody, type FakeServer } from '../fakes/fake-http.ts';

const http = { timeoutSeconds: 60, retries: 0 };
const ep = (oa: FakeServer) => ({ baseUrl: oa.url, model: 'gpt-4o-mini' });

/** A paragraph of about `chars` characters of plain English, numbered `n` (the number survives translation). */
const paragraph = (n: number, chars: number) =>
  `Paragraph ${n}. ` +
  'The house is red and the dog is big. '
    .repeat(Math.ceil(chars / 37))
    .slice(0, chars)
    .trim() +
  '.';

/** The texts of every chat-completions request, in the order the server received them. */
const chatTexts = (oa: FakeServer) =>
  oa.requests
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => JSON.parse(jsonBody(r).messages.at(-1).content).texts as string[]);

/** The number each translation starts with ("Paragraph 7." -> 7). */
const numbers = (out: string[]) => out.map((t) => Number(/(\d+)/.exec(t)?.[1]));

/** The texts sorted by their number (what was sent, whatever order the parallel requests arrived in). */
const inNumberOrder = (texts: string[]) => [...texts].sort((a, b) => numbers([a])[0] - numbers([b])[0]);

describe('chat-completions translation batches by tokens', () => {
  let oa: FakeServer;
  // A model that writes at most 2,000 tokens an answer: 40 such paragraphs in one request would be cut.
  beforeAll(async () => (oa = await startFakeOpenAi({ maxOutputTokens: 2000 })));
  afterAll(() => oa.close());

  it('splits 30 long paragraphs so no request holds more than the token budget; every one comes back in order', async () => {
    oa.requests.length = 0;
    const texts = Array.from({ length: 30 }, (_, i) => paragraph(i + 1, 1400));
    const engine = createOpenAiTranslationEngine(
      ep(oa),
      { ...http, gate: createEngineGate({ maxConcurrent: 3, perMinute: 0 }) },
      { batchMaxTokens: 1000 },
    );
    const out = await engine.translate(texts, { from: 'en', to: 'es' });
    const sent = chatTexts(oa);
    console.log(
      `30 paragraphs of ~1,400 characters: ${sent.length} requests of ${sent.map((q) => q.length).join(',')} texts`,
    );
    // Every request within the budget: about 350 tokens a paragraph, so two a request, never three.
    for (const q of sent) expect(q.reduce((n, t) => n + t.length / 4, 0)).toBeLessThanOrEqual(1000);
    // Each paragraph was sent once (no answer was cut and asked again), and the answers are in the texts' order.
    // Requests run in parallel, so the server may receive them in another order than the batches were cut.
    expect(inNumberOrder(sent.flat())).toEqual(texts);
    expect(out).toHaveLength(30);
    expect(numbers(out)).toEqual(texts.map((_, i) => i + 1));
    expect(out[0]).toMatch(/^Párrafo 1\. La casa es roja/);
    // Parallel within the gate: at most 3 requests in flight.
    expect(oa.maxInFlight()).toBeLessThanOrEqual(3);
    expect(oa.maxInFlight()).toBeGreaterThan(1);
  });

  it('sends a paragraph longer than the budget alone, and still translates it', async () => {
    oa.requests.length = 0;
    const texts = [paragraph(1, 200), paragraph(2, 6000), paragraph(3, 200)];
    const engine = createOpenAiTranslationEngine(ep(oa), http, { batchMaxTokens: 1000 });
    const out = await engine.translate(texts, { from: 'en', to: 'es' });
    expect(chatTexts(oa)).toEqual([[texts[0]], [texts[1]], [texts[2]]]);
    expect(numbers(out)).toEqual([1, 2, 3]);
    expect(out[1].length).toBeGreaterThan(5000);
  });

  it('fails with ENGINE_INPUT_TOO_LARGE naming the line whose translation alone exceeds the output limit', async () => {
    oa.requests.length = 0;
    // About 2,500 tokens of text: its answer cannot fit in 2,000 tokens, however often it is asked.
    const texts = [paragraph(1, 200), paragraph(2, 10_000), paragraph(3, 200)];
    const engine = createOpenAiTranslationEngine(ep(oa), http, { batchMaxTokens: 1000 });
    const e = await engine.translate(texts, { from: 'en', to: 'es' }).catch((x: Error) => x);
    expect(e).toMatchObject({ kind: 'input_too_large', message: expect.stringContaining('text 2 ("Paragraph 2.') });
    expect(engineFailure(e, 'translation', 'openai').code).toBe('ENGINE_INPUT_TOO_LARGE');
    // Asked twice alone (a cut answer is asked again once), never with its neighbours.
    expect(chatTexts(oa).filter((q) => q.includes(texts[1]))).toEqual([[texts[1]], [texts[1]]]);
  });

  it('estimates non-Latin text at a token a character, so a Japanese batch stays within the budget too', () => {
    expect(estimateTokens('The house is red.')).toBe(5);
    expect(estimateTokens('家は赤いです。')).toBe(7);
    expect(estimateTokens('البيت أحمر')).toBe(10);
  });
});

describe('DeepL batches by its limits and a character budget', () => {
  let deepl: FakeServer;
  beforeAll(async () => (deepl = await startFakeDeepL({ apiKey: 'k:fx', characterLimit: 10_000_000 })));
  afterAll(() => deepl.close());
  const sent = () =>
    deepl.requests
      .filter((r) => r.path === '/v2/translate')
      .map((r) => new URLSearchParams(r.body.toString()).getAll('text'));

  it('keeps every request within DEEPL_BATCH_MAX_CHARS (and 50 texts), in parallel within the gate, in order', async () => {
    deepl.requests.length = 0;
    const texts = Array.from({ length: 60 }, (_, i) => paragraph(i + 1, 900));
    const engine = createDeepLEngine(
      { apiUrl: deepl.url, apiKey: 'k:fx', maxChars: 5000 },
      { ...http, gate: createEngineGate({ maxConcurrent: 2, perMinute: 0 }) },
    );
    const out = await engine.translate(texts, { from: 'en', to: 'es' });
    const requests = sent();
    console.log(`DeepL, 60 paragraphs of ~900 characters: ${requests.map((q) => q.length).join(',')} texts a request`);
    for (const q of requests) expect(q.join('').length).toBeLessThanOrEqual(5000);
    // Each text sent once; the server may receive the parallel requests in another order.
    expect(inNumberOrder(requests.flat())).toEqual(texts);
    expect(numbers(out)).toEqual(texts.map((_, i) => i + 1));
    expect(deepl.maxInFlight()).toBeLessThanOrEqual(2);
  });

  it('sends short texts 50 a request (DeepL’s limit); a text over the character budget goes alone', async () => {
    deepl.requests.length = 0;
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k:fx', maxChars: 5000 }, http);
    const short = Array.from({ length: 120 }, (_, i) => `Line ${i + 1}.`);
    await engine.translate(short, { from: 'en', to: 'es' });
    expect(sent().map((q) => q.length)).toEqual([50, 50, 20]);
    deepl.requests.length = 0;
    const texts = [paragraph(1, 100), paragraph(2, 8000), paragraph(3, 100)];
    expect(numbers(await engine.translate(texts, { from: 'en', to: 'es' }))).toEqual([1, 2, 3]);
    expect(sent()).toEqual([[texts[0]], [texts[1]], [texts[2]]]);
  });
});
