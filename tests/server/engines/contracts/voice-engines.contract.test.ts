/**
 * The voice engine contract (voice.contract.ts) run against every VoiceEngine: espeak-ng and flite (the real
 * programs), the OpenAI-compatible voice and ElevenLabs against local servers answering as their APIs document
 * (fake-openai.server.ts, fake-elevenlabs.server.ts), and the engine with configured default voices.
 */
import { afterAll, beforeAll } from 'vitest';
import { createEspeakEngine } from '../../../../server/src/engines/voice/espeak.engine.ts';
import { createFliteEngine } from '../../../../server/src/engines/voice/flite.engine.ts';
import { createOpenAiVoiceEngine, OPENAI_SPEECH_RATE } from '../../../../server/src/engines/voice/openai.engine.ts';
import { createElevenLabsVoiceEngine } from '../../../../server/src/engines/voice/elevenlabs.engine.ts';
import { withDefaultVoices } from '../../../../server/src/engines/voice/default-voices.ts';
import { startFakeOpenAi } from '../../fakes/fake-openai.server.ts';
import { startFakeElevenLabs } from '../../fakes/fake-elevenlabs.server.ts';
import type { FakeServer } from '../../fakes/fake-http.ts';
import { voiceEngineContract, type VoiceLimitAnswer } from './voice.contract.ts';

const http = { timeoutSeconds: 60, retries: 1 };
const SENTENCE = 'Ask not what your country can do for you, ask what you can do for your country.';
let openai: FakeServer;
let elevenlabs: FakeServer;
/** An ElevenLabs account with 10 characters left: any sentence is over its quota (401 quota_exceeded). */
let spent: FakeServer;
beforeAll(async () => {
  openai = await startFakeOpenAi({ apiKey: 'sk-contract' });
  elevenlabs = await startFakeElevenLabs({ apiKey: 'xi-contract' });
  spent = await startFakeElevenLabs({ apiKey: 'xi-contract', characterQuota: 10 });
});
afterAll(async () => {
  await openai?.close();
  await elevenlabs?.close();
  await spent?.close();
});

/** The vendor's 429 to every try (fake-http.ts rateLimitNext, Retry-After 0): a rate limit past the retries. */
const rateLimited = (server: () => FakeServer): VoiceLimitAnswer => ({
  answer: '429 rate limit past the retries',
  provoke: () => {
    server().rateLimitNext(10, 0);
    return () => server().rateLimitNext(0, 0);
  },
  code: 'ENGINE_FAILED',
});
const elevenLabsOn = (server: () => FakeServer) => () =>
  createElevenLabsVoiceEngine(
    { baseUrl: server().url, apiKey: 'xi-contract', model: 'eleven_multilingual_v2', voices: [] },
    http,
  );

// espeak-ng writes 22,050 Hz mono, flite's voices 16 kHz mono (their own output formats).
voiceEngineContract('espeak-ng', createEspeakEngine, { language: 'en', sentence: SENTENCE, rate: 22050, speed: 1.25 });
voiceEngineContract('espeak-ng (Spanish)', createEspeakEngine, {
  language: 'es',
  sentence: 'No preguntes qué puede hacer tu país por ti, pregunta qué puedes hacer tú por tu país.',
  rate: 22050,
  speed: 0.8,
});
voiceEngineContract('flite', createFliteEngine, { language: 'en', sentence: SENTENCE, rate: 16000, speed: 1.25 });
voiceEngineContract(
  'OpenAI-compatible voice (emulated API)',
  () => createOpenAiVoiceEngine({ baseUrl: openai.url, apiKey: 'sk-contract', model: 'tts-1' }, http),
  {
    language: 'en',
    sentence: SENTENCE,
    rate: OPENAI_SPEECH_RATE,
    speed: 1.25,
    unknownVoiceCode: 'ENGINE_REFUSED',
    limits: [rateLimited(() => openai)],
  },
);
voiceEngineContract(
  'OpenAI-compatible voice with default voices (emulated API)',
  () =>
    withDefaultVoices(createOpenAiVoiceEngine({ baseUrl: openai.url, apiKey: 'sk-contract', model: 'tts-1' }, http), {
      es: 'nova',
    }),
  {
    language: 'es',
    sentence: 'La casa es roja y el perro duerme en el jardín.',
    rate: OPENAI_SPEECH_RATE,
    speed: 1.25,
    unknownVoiceCode: 'ENGINE_REFUSED',
  },
);
// ElevenLabs takes speed 0.7 to 1.2 (voice_settings.speed); its WAV is the Opus answer's own rate.
voiceEngineContract(
  'ElevenLabs (emulated API)',
  elevenLabsOn(() => elevenlabs),
  {
    language: 'en',
    sentence: SENTENCE,
    speed: 1.2,
    unknownVoiceCode: 'ENGINE_REFUSED',
    limits: [
      rateLimited(() => elevenlabs),
      {
        answer: 'ElevenLabs 401 quota_exceeded',
        provoke: () => () => undefined,
        engine: elevenLabsOn(() => spent),
        code: 'ENGINE_QUOTA_EXCEEDED',
      },
    ],
  },
);
