/**
 * A failed engine call names the vendor's request id (issue 39 item 9), what the vendor's support asks for: OpenAI
 * answers with `x-request-id`, ElevenLabs with `request-id`. It travels in the error (and so in the job's technical
 * detail), never in the words a user sees (engine-failure.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiTranslationEngine } from '../../../server/src/engines/translation/openai.engine.ts';
import { createElevenLabsVoiceEngine } from '../../../server/src/engines/voice/elevenlabs.engine.ts';
import { EngineHttpError, engineFailure } from '../../../server/src/engines/engine-failure.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';

const http = { timeoutSeconds: 10, retries: 0 };
let oa: FakeServer;
let el: FakeServer;
let dir: string;
beforeAll(async () => {
  oa = await startFakeOpenAi({ apiKey: 'sk-test' });
  el = await startFakeElevenLabs({ apiKey: 'xi-test', characterQuota: 10 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'vendor-request-id-'));
});
afterAll(async () => {
  await oa?.close();
  await el?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('vendor request ids on engine errors', () => {
  it('OpenAI (through its SDK): a refused key names the x-request-id of the answer', async () => {
    const engine = createOpenAiTranslationEngine({ baseUrl: oa.url, apiKey: 'sk-wrong', model: 'gpt-4o-mini' }, http);
    const err = await engine.translate(['Hi'], { from: 'en', to: 'es' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineHttpError);
    const sent = oa.requests.length;
    expect((err as EngineHttpError).requestId).toBe(`req_${sent}`);
    expect((err as Error).message).toContain(`[request id req_${sent}]`);
    // The user's words stay the product's own.
    expect(engineFailure(err, 'translation', 'openai').message).not.toContain('req_');
  });

  it('ElevenLabs (through its SDK): a quota refusal names the request-id of the answer', async () => {
    const engine = createElevenLabsVoiceEngine(
      { baseUrl: el.url, apiKey: 'xi-test', model: 'eleven_multilingual_v2', voices: [] },
      { timeoutSeconds: 30, retries: 0 },
    );
    const err = await engine
      .synthesize('Una frase bastante larga para agotar la cuota de caracteres.', {
        language: 'es',
        voice: '21m00Tcm4TlvDq8ikWAM',
        outPath: path.join(dir, 'line.wav'),
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'quota', requestId: `req_${el.requests.length}` });
  });
});
