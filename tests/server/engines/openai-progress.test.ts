/**
 * Issue 38: progress moves while a network recogniser works. Five minutes of speech go to the OpenAI recogniser as
 * one request (pieces are about 5 minutes) against the local OpenAI server made slow (it answers 20 s late, as a
 * busy server does). Before, nothing was reported until the answer; now the share moves at least every 5 s while the
 * request is out, always upwards and below the whole, and reaches it when the answer comes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiSpeechEngine } from '../../../server/src/engines/speech/openai.engine.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import { longRecording } from '../helpers/long-recording.ts';

const DELAY_MS = 20_000;
let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'openai-progress-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('progress inside one OpenAI transcription request (issue 38)', () => {
  it('moves at least every 5 s while a slow request is out, stays below the whole, then reaches it', async () => {
    const { wav, held } = await longRecording(5 * 60, dir);
    const oa = await startFakeOpenAi({ recording: held, transcriptionDelayMs: DELAY_MS });
    try {
      const engine = createOpenAiSpeechEngine(
        { baseUrl: oa.url, model: 'whisper-1' },
        { timeoutSeconds: 60, retries: 0 },
      );
      const seen: { at: number; fraction: number }[] = [];
      const t0 = performance.now();
      const t = await engine.transcribe(wav, {
        language: 'en',
        onProgress: (fraction) => seen.push({ at: (performance.now() - t0) / 1000, fraction }),
      });
      const answeredAt = (performance.now() - t0) / 1000;
      expect(oa.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
      expect(t.words.length).toBeGreaterThan(100);
      const before = seen.slice(0, -1);
      const gaps = seen.slice(1).map((e, i) => e.at - seen[i].at);
      console.log(
        `one request of ${(held.audio.samples.length / 16000).toFixed(0)} s answered after ${answeredAt.toFixed(1)} s: ` +
          `${seen.length} reports, first at ${seen[0].at.toFixed(1)} s, longest gap ${Math.max(...gaps).toFixed(1)} s, ` +
          `last estimate ${before.at(-1)!.fraction.toFixed(3)}`,
      );
      // While the request was out (20 s): a report at least every 5 s, rising, never the whole.
      expect(before.length).toBeGreaterThanOrEqual(DELAY_MS / 5000);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(5);
      before.forEach((e, i) => i && expect(e.fraction).toBeGreaterThan(before[i - 1].fraction));
      for (const e of before) expect(e.fraction).toBeLessThan(1);
      // The answer moves it to the whole, at once.
      expect(seen.at(-1)!.fraction).toBe(1);
      expect(answeredAt - seen.at(-1)!.at).toBeLessThan(1);
    } finally {
      await oa.close();
    }
  }, 120_000);
});
