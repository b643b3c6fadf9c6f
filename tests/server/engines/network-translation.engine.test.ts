import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeepLEngine } from '../../../server/src/engines/translation/deepl.engine.ts';
import { createLibreTranslateEngine } from '../../../server/src/engines/translation/libretranslate.engine.ts';
import { createOpenAiTranslationEngine } from '../../../server/src/engines/translation/openai.engine.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';

const http = { timeoutSeconds: 10, retries: 2 };

describe('DeepL engine against a server speaking the DeepL API', () => {
  let deepl: Awaited<ReturnType<typeof startFakeDeepL>>;
  beforeAll(async () => (deepl = await startFakeDeepL({ apiKey: 'k-123:fx', characterLimit: 400 })));
  afterAll(() => deepl.close());

  /** The form fields deepl-node sent in the last request. */
  const lastForm = () => new URLSearchParams(deepl.requests.at(-1)!.body.toString());

  it('translates a batch with the DeepL-Auth-Key header, xml tag handling and DeepL language codes', async () => {
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k-123:fx' }, http);
    const out = await engine.translate(['The house is red.', 'I like <g1>big</g1> dogs.'], { from: 'en', to: 'es' });
    expect(out[0]).toBe('La casa es roja.');
    expect(out[1]).toMatch(/^Me gusta.*<g1>grande<\/g1> perros\.$/);
    const sent = lastForm();
    expect(deepl.requests.at(-1)!.headers.authorization).toBe('DeepL-Auth-Key k-123:fx');
    expect(deepl.requests.at(-1)!.headers['user-agent']).toMatch(/^deepl-node\//);
    expect(sent.getAll('text')).toHaveLength(2);
    expect([sent.get('source_lang')?.toUpperCase(), sent.get('target_lang')?.toUpperCase()]).toEqual(['EN', 'ES']);
    expect(sent.get('tag_handling')).toBe('xml');
    expect(await engine.available()).toBe(true);
  });

  it('uses EN-GB and PT-PT as target codes and serves Arabic', async () => {
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k-123:fx' }, http);
    await engine.translate(['Hola'], { from: 'es', to: 'en-gb' });
    expect(lastForm().get('target_lang')?.toUpperCase()).toBe('EN-GB');
    expect(engine.supports('en', 'ar')).toBe(true);
    const [ar] = await engine.translate(['The house is red'], { from: 'en', to: 'ar' });
    expect(ar).toBe('ال البيت هو أحمر');
  });

  it('backs off on 429 and then succeeds (deepl-node exposes no Retry-After: 0.5 s, then 1 s)', async () => {
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k-123:fx' }, http);
    deepl.rateLimitNext(2, 1);
    const n = deepl.requests.length;
    const t0 = Date.now();
    const out = await engine.translate(['The house is red.'], { from: 'en', to: 'es' });
    expect(out).toEqual(['La casa es roja.']);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1400);
    expect(deepl.requests.length - n).toBe(3);
  });

  it('gives up after its retries with a message naming DeepL and the rate limit', async () => {
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k-123:fx' }, { timeoutSeconds: 10, retries: 1 });
    deepl.rateLimitNext(5, 0);
    await expect(engine.translate(['x'], { from: 'en', to: 'es' })).rejects.toThrow(/DeepL: rate limit reached/);
    deepl.rateLimitNext(0, 0);
  });

  it('reports a refused key and an exhausted quota in words a user understands', async () => {
    const bad = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'wrong' }, http);
    await expect(bad.translate(['Hello'], { from: 'en', to: 'es' })).rejects.toThrow(
      'DeepL: the API key was refused (Authorization failure, check auth_key)',
    );
    expect(await bad.available()).toBe(false);
    const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k-123:fx' }, http);
    await expect(engine.translate(['x'.repeat(500)], { from: 'en', to: 'es' })).rejects.toThrow(
      'DeepL: quota exceeded (Quota exceeded)',
    );
  });
});

describe('LibreTranslate engine against a server speaking its API', () => {
  let lt: FakeServer;
  beforeAll(async () => (lt = await startFakeLibreTranslate({ apiKey: 'lt-key' })));
  afterAll(() => lt.close());

  it('sends q as an array with the api_key and reads translatedText back in order', async () => {
    const engine = createLibreTranslateEngine({ url: lt.url, apiKey: 'lt-key' }, http);
    const out = await engine.translate(['The house is red.', 'Thank you very much.'], { from: 'en', to: 'fr' });
    expect(out[0]).toBe('La maison est rouge.');
    expect(out[1].toLowerCase()).toContain('merci');
    expect(JSON.parse(lt.requests.at(-1)!.body.toString())).toMatchObject({
      source: 'en',
      target: 'fr',
      api_key: 'lt-key',
      format: 'text',
    });
  });

  it('switches to html format when texts carry tags, and retries a 429', async () => {
    const engine = createLibreTranslateEngine({ url: lt.url, apiKey: 'lt-key' }, http);
    lt.rateLimitNext(1, 1);
    const [es] = await engine.translate(['The <g1>red house</g1> is big.'], { from: 'en', to: 'es' });
    expect(es).toContain('<g1>');
    expect(JSON.parse(lt.requests.at(-1)!.body.toString()).format).toBe('html');
  });

  it('fails with the API error for a wrong key', async () => {
    const engine = createLibreTranslateEngine({ url: lt.url, apiKey: 'nope' }, http);
    await expect(engine.translate(['Hello'], { from: 'en', to: 'es' })).rejects.toThrow(
      'LibreTranslate: the API key was refused (Invalid API key)',
    );
  });
});

describe('OpenAI-compatible translation engine against a chat completions server', () => {
  let oa: FakeServer;
  beforeAll(async () => (oa = await startFakeOpenAi({ apiKey: 'sk-test' })));
  afterAll(() => oa.close());

  it('sends the texts with their neighbours in one chat request and gets one translation each', async () => {
    const engine = createOpenAiTranslationEngine({ baseUrl: oa.url, apiKey: 'sk-test', model: 'gpt-4o-mini' }, http);
    const out = await engine.translate(['The house is red.', 'I like big dogs.'], { from: 'en', to: 'es' });
    expect(out).toEqual(['La casa es roja.', 'Me gustan los perros grandes.']);
    const req = oa.requests.at(-1)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    const body = JSON.parse(req.body.toString());
    expect(body.messages[0].role).toBe('system');
    expect(JSON.parse(body.messages[1].content).texts).toHaveLength(2);
    expect(await engine.available()).toBe(true);
  });

  it('names the refused key and a wrong model', async () => {
    const noKey = createOpenAiTranslationEngine({ baseUrl: oa.url, apiKey: 'sk-wrong', model: 'gpt-4o-mini' }, http);
    await expect(noKey.translate(['Hi'], { from: 'en', to: 'es' })).rejects.toThrow(
      'openai translation: the API key was refused (Incorrect API key provided.)',
    );
    const badModel = createOpenAiTranslationEngine({ baseUrl: oa.url, apiKey: 'sk-test', model: 'nope' }, http);
    await expect(badModel.translate(['Hi'], { from: 'en', to: 'es' })).rejects.toThrow(
      /HTTP 404 \(The model `nope` does not exist\)/,
    );
  });

  it('honours Retry-After on 429', async () => {
    const engine = createOpenAiTranslationEngine({ baseUrl: oa.url, apiKey: 'sk-test', model: 'gpt-4o-mini' }, http);
    oa.rateLimitNext(1, 1);
    const n = oa.requests.length;
    expect(await engine.translate(['The house is red.'], { from: 'en', to: 'es' })).toEqual(['La casa es roja.']);
    expect(oa.requests.length - n).toBe(2);
  });
});
