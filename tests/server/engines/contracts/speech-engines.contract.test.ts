/**
 * The speech engine contract (speech.contract.ts) run against every SpeechEngine: pocketsphinx (the real program),
 * the OpenAI-compatible recogniser against a local server answering as the API documents (fake-openai.server.ts,
 * itself recognising with pocketsphinx), and the two chained as the registry chains recognisers of one language
 * (speech/fallback.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import { createPocketsphinxEngine } from '../../../../server/src/engines/speech/pocketsphinx.engine.ts';
import { createOpenAiSpeechEngine } from '../../../../server/src/engines/speech/openai.engine.ts';
import { withSpeechFallback } from '../../../../server/src/engines/speech/fallback.ts';
import { startFakeOpenAi } from '../../fakes/fake-openai.server.ts';
import type { FakeServer } from '../../fakes/fake-http.ts';
import { speechEngineContract } from './speech.contract.ts';

const http = { timeoutSeconds: 60, retries: 1 };
let openai: FakeServer;
beforeAll(async () => (openai = await startFakeOpenAi({ apiKey: 'sk-contract' })));
afterAll(() => openai?.close());

const openAiSpeech = () =>
  createOpenAiSpeechEngine({ baseUrl: openai.url, apiKey: 'sk-contract', model: 'whisper-1' }, http);

speechEngineContract('pocketsphinx', createPocketsphinxEngine);
speechEngineContract('OpenAI-compatible recogniser (emulated API)', openAiSpeech);
speechEngineContract('OpenAI-compatible then pocketsphinx (fallback chain)', () =>
  withSpeechFallback([openAiSpeech(), createPocketsphinxEngine()]),
);
