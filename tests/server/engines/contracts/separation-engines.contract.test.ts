/**
 * The separation engine contract (separation.contract.ts) run against every SeparationEngine: ElevenLabs audio
 * isolation against a local server answering as the API documents (fake-elevenlabs.server.ts), in one request and
 * in pieces (a recording longer than the engine sends at once).
 */
import { afterAll, beforeAll } from 'vitest';
import { createElevenLabsSeparationEngine } from '../../../../server/src/engines/separation/elevenlabs.engine.ts';
import { startFakeElevenLabs } from '../../fakes/fake-elevenlabs.server.ts';
import type { FakeServer } from '../../fakes/fake-http.ts';
import { separationEngineContract } from './separation.contract.ts';

const http = { timeoutSeconds: 60, retries: 1 };
let elevenlabs: FakeServer;
beforeAll(async () => (elevenlabs = await startFakeElevenLabs({ apiKey: 'xi-contract' })));
afterAll(() => elevenlabs?.close());

const isolation = (apiKey: string, pieceSeconds?: number) =>
  createElevenLabsSeparationEngine({ baseUrl: elevenlabs.url, apiKey }, http, { pieceSeconds });

separationEngineContract('ElevenLabs audio isolation (emulated API)', () => isolation('xi-contract'), {
  refusedKey: () => isolation('xi-wrong'),
});
// jfk.wav's 11 s go in pieces of about 4 s, cut at its pauses.
separationEngineContract('ElevenLabs audio isolation in pieces (emulated API)', () => isolation('xi-contract', 4), {
  refusedKey: () => isolation('xi-wrong', 4),
});
