/**
 * LibreTranslate servers started with --batch-limit or --char-limit (the local server refuses larger requests with
 * 400, as LibreTranslate does): the engine sizes its requests by the settings, so every text is translated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibreTranslateEngine } from '../../../server/src/engines/translation/libretranslate.engine.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import { jsonBody, type FakeServer } from '../fakes/fake-http.ts';

const http = { timeoutSeconds: 10, retries: 0 };
const sent = (lt: FakeServer) =>
  lt.requests.filter((r) => r.path === '/translate').map((r) => jsonBody(r).q as string[]);
const texts = Array.from({ length: 80 }, (_, i) => `The house number ${i} is red.`);

describe('LibreTranslate with the server limits set', () => {
  let lt: FakeServer;
  beforeAll(async () => (lt = await startFakeLibreTranslate({ batchLimit: 32, charLimit: 600 })));
  afterAll(() => lt.close());

  it('a server with --batch-limit 32 translates all 80 texts, at most 32 a request', async () => {
    const engine = createLibreTranslateEngine({ url: lt.url, limits: { batchLimit: 32, charLimit: 0 } }, http);
    // Short texts, so that only the batch limit matters here (this server also has --char-limit 600).
    const out = await engine
      .translate(
        texts.map((t) => t.slice(0, 7)),
        { from: 'en', to: 'es' },
      )
      .catch((e: Error) => e.message);
    expect(Array.isArray(out) ? out.length : out).toBe(80);
    expect(sent(lt).map((q) => q.length)).toEqual([32, 32, 16]);
  });

  it('a server with --char-limit 600 gets requests of at most 600 characters, in order', async () => {
    lt.requests.length = 0;
    const engine = createLibreTranslateEngine({ url: lt.url, limits: { batchLimit: 32, charLimit: 600 } }, http);
    const out = await engine.translate(texts, { from: 'en', to: 'es' });
    expect(out).toHaveLength(80);
    expect(out[79]).toMatch(/79/);
    const requests = sent(lt);
    for (const q of requests) expect(q.join('').length).toBeLessThanOrEqual(600);
    expect(requests.flat()).toEqual(texts);
  });

  it('the default settings (50 a request) are refused by a --batch-limit 32 server with a clear code', async () => {
    // The batch limit is not in the server's settings (only its character limit is): it must be configured.
    const batchOnly = await startFakeLibreTranslate({ batchLimit: 32 });
    try {
      const engine = createLibreTranslateEngine({ url: batchOnly.url }, http);
      await expect(engine.translate(texts, { from: 'en', to: 'es' })).rejects.toMatchObject({
        kind: 'input_too_large',
        message: expect.stringContaining('exceeds text limit (32)'),
      });
    } finally {
      await batchOnly.close();
    }
  });

  it('without LIBRETRANSLATE_CHAR_LIMIT the server’s own --char-limit is read and held, a long text in pieces', async () => {
    lt.requests.length = 0;
    // 12 sentences of about 60 characters: 700 characters, over the server's 600, in one text.
    const long = Array.from({ length: 12 }, (_, i) => `Sentence ${i + 1} tells the court what the witness saw.`).join(
      ' ',
    );
    const engine = createLibreTranslateEngine({ url: lt.url, limits: { batchLimit: 32, charLimit: 0 } }, http);
    const out = await engine.translate([long, ...texts.slice(0, 20)], { from: 'en', to: 'es' });
    expect(out).toHaveLength(21);
    // Every sentence of the long text came back in its translation, in order.
    const numbers = [...out[0].matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(out[20]).toMatch(/19/);
    const requests = sent(lt);
    for (const q of requests) expect([...q.join('')].length).toBeLessThanOrEqual(600);
    // The long text was cut at sentence ends.
    for (const piece of requests.flat().filter((t) => t.startsWith('Sentence'))) expect(piece).toMatch(/\.$/);
    expect(lt.requests.filter((r) => r.path === '/frontend/settings')).toHaveLength(1);
  });
});
