/**
 * The translation engine contract (translation.contract.ts) run against every TranslationEngine: Apertium (the real
 * program), and DeepL, LibreTranslate and the OpenAI-compatible chat model against local servers answering as their
 * APIs document (fake-deepl.server.ts, fake-libretranslate.server.ts, fake-openai.server.ts), limits included; and
 * DeepL then Apertium chained as the registry chains engines of one pair (translation/fallback.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import { createApertiumEngine } from '../../../../server/src/engines/translation/apertium.engine.ts';
import { createDeepLEngine } from '../../../../server/src/engines/translation/deepl.engine.ts';
import { createLibreTranslateEngine } from '../../../../server/src/engines/translation/libretranslate.engine.ts';
import { createOpenAiTranslationEngine } from '../../../../server/src/engines/translation/openai.engine.ts';
import { withFallback } from '../../../../server/src/engines/translation/fallback.ts';
import { startFakeDeepL } from '../../fakes/fake-deepl.server.ts';
import { startFakeLibreTranslate } from '../../fakes/fake-libretranslate.server.ts';
import { startFakeOpenAi } from '../../fakes/fake-openai.server.ts';
import type { FakeServer } from '../../fakes/fake-http.ts';
import { translationEngineContract, type LimitAnswer } from './translation.contract.ts';

/** One retry, so a rate limit past the retries is quick to reach. */
const http = { timeoutSeconds: 30, retries: 1 };
/** The DeepL account's characters: every call of the suite fits, a text of more than this does not (456). */
const DEEPL_CHARACTERS = 100_000;
let deepl: FakeServer;
let libre: FakeServer;
let openai: FakeServer;
beforeAll(async () => {
  deepl = await startFakeDeepL({ apiKey: 'k-contract:fx', characterLimit: DEEPL_CHARACTERS });
  libre = await startFakeLibreTranslate({ apiKey: 'lt-contract' });
  openai = await startFakeOpenAi({ apiKey: 'sk-contract' });
});
afterAll(async () => {
  await deepl?.close();
  await libre?.close();
  await openai?.close();
});

/** The vendor's 429 to every try (fake-http.ts rateLimitNext, Retry-After 0): a rate limit past the retries. */
const rateLimited = (server: () => FakeServer): LimitAnswer => ({
  answer: '429 rate limit past the retries',
  provoke: () => {
    server().rateLimitNext(10, 0);
    return () => server().rateLimitNext(0, 0);
  },
  code: 'ENGINE_FAILED',
});

translationEngineContract('Apertium', createApertiumEngine, { pair: ['en', 'es'], unsupported: ['en', 'de'] });
translationEngineContract(
  'DeepL (emulated API)',
  () => createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k-contract:fx' }, http),
  {
    pair: ['en', 'es'],
    // Hindi is no DeepL source language.
    unsupported: ['hi', 'en'],
    limits: [
      {
        answer: 'DeepL 456 quota exceeded',
        provoke: () => () => undefined,
        texts: ['x'.repeat(DEEPL_CHARACTERS + 1)],
        code: 'ENGINE_QUOTA_EXCEEDED',
      },
      rateLimited(() => deepl),
    ],
  },
);
translationEngineContract(
  'LibreTranslate (emulated API)',
  () => createLibreTranslateEngine({ url: libre.url, apiKey: 'lt-contract' }, http),
  { pair: ['en', 'es'], unsupported: ['en', 'sw'], limits: [rateLimited(() => libre)] },
);
translationEngineContract(
  'OpenAI-compatible chat model (emulated API)',
  () => createOpenAiTranslationEngine({ baseUrl: openai.url, apiKey: 'sk-contract', model: 'gpt-4o-mini' }, http),
  {
    pair: ['en', 'es'],
    unsupported: ['en', 'en'],
    // Skipped: a language model translates any pair; supports() refuses only a language into itself, which the
    // model answers by giving the text back, so there is no failure to report (callers never ask for it).
    translatesUnsupported: 'a chat model answers a language into itself with the text itself',
    limits: [rateLimited(() => openai)],
  },
);
// The chain serves what either engine serves; Hindi to English neither does (both fail, the first error is thrown).
translationEngineContract(
  'DeepL then Apertium (fallback chain)',
  () => withFallback([createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k-contract:fx' }, http), createApertiumEngine()]),
  { pair: ['en', 'es'], unsupported: ['hi', 'en'], names: ['DeepL', 'apertium'] },
);
