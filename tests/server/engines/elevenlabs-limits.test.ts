/**
 * ElevenLabs' documented limits held (issue 39 item 10), against the local server answering as its API does: the
 * account's character quota answers 401 `detail.status` quota_exceeded, which is a quota failure
 * (ENGINE_QUOTA_EXCEEDED, credits given back) and no retry, not a refused key (ENGINE_REFUSED).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createElevenLabsVoiceEngine } from '../../../server/src/engines/voice/elevenlabs.engine.ts';
import { engineFailure } from '../../../server/src/engines/engine-failure.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';

const KEY = 'xi-test';
let el: FakeServer;
let dir: string;
beforeAll(async () => {
  el = await startFakeElevenLabs({ apiKey: KEY, characterQuota: 30 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'elevenlabs-limits-'));
});
afterAll(async () => {
  await el?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ElevenLabs character quota', () => {
  it('quota_exceeded (401) is a quota failure after one request, not a refused key', async () => {
    const engine = createElevenLabsVoiceEngine(
      { baseUrl: el.url, apiKey: KEY, model: 'eleven_multilingual_v2', voices: [] },
      { timeoutSeconds: 30, retries: 2 },
    );
    const err = await engine
      .synthesize('La casa es roja y el perro duerme en el jardín.', {
        language: 'es',
        voice: '21m00Tcm4TlvDq8ikWAM',
        outPath: path.join(dir, 'line.wav'),
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'quota', status: 401 });
    expect(engineFailure(err, 'voice', 'elevenlabs').code).toBe('ENGINE_QUOTA_EXCEEDED');
    expect(el.requests.filter((r) => r.path.startsWith('/v1/text-to-speech/'))).toHaveLength(1);
  });
});
