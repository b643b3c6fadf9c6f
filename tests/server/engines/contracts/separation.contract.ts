/**
 * The contract every SeparationEngine keeps (server/src/engines/separation.engine.ts), as one suite run against
 * each engine (separation-engines.contract.test.ts): the voice of jfk.wav, at 16 kHz and at 44.1 kHz, is a mono
 * 16-bit PCM WAV of the input's rate and length in samples, holding sound where the input speaks; progress (when
 * reported) stays within 0..1 and never goes back; an aborted signal rejects with its reason, at once when aborted
 * before the call and within 2 s when aborted during it, leaving no temporary file; a refused key fails with
 * ENGINE_REFUSED (engine-failure.ts: the operator must fix the settings, a retry cannot help).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeparationEngine } from '../../../../server/src/engines/separation.engine.ts';
import { runProcess } from '../../../../server/src/engines/run-process.ts';
import { TESTDATA } from '../../helpers/testdata.ts';
import {
  contractAbort,
  expectAbortReason,
  expectEngineError,
  readWavHeader,
  rejectionOf,
  expectAbortMidCall,
} from './contract-helpers.ts';

/** What an engine documents beyond the interface, for its run of the suite. */
export interface SeparationFacts {
  /** The same engine with a key its server refuses. */
  refusedKey: () => SeparationEngine;
  /** Words the engine's error messages name it by (default: its id). */
  names?: string[];
}

/** Loudness (dBFS) of 16-bit mono samples [from, to) of a WAV's data (from its `data` chunk on, `offset`). */
function loudness(b: Buffer, offset: number, from: number, to: number): number {
  let e = 0;
  for (let i = from; i < to; i++) e += (b.readInt16LE(offset + i * 2) / 32768) ** 2;
  return 10 * Math.log10(e / (to - from) + 1e-12);
}

/**
 * Defines the separation engine contract's tests for the engine `makeEngine` returns (called once, in beforeAll,
 * so it may use servers started in the caller's beforeAll).
 */
export function separationEngineContract(
  name: string,
  makeEngine: () => SeparationEngine,
  facts: SeparationFacts,
): void {
  describe(`separation engine contract: ${name}`, () => {
    let engine: SeparationEngine;
    let dir: string;
    const inputs: Record<number, string> = {};
    const names = () => facts.names ?? [engine.id];
    beforeAll(async () => {
      engine = makeEngine();
      dir = await mkdtemp(path.join(os.tmpdir(), 'separation-contract-'));
      for (const rate of [16000, 44100]) {
        inputs[rate] = path.join(dir, `jfk-${rate}.wav`);
        await runProcess('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', `${TESTDATA}/audio/jfk.wav`, '-ar', String(rate), '-ac', '1', '-c:a', 'pcm_s16le', inputs[rate]]); // prettier-ignore
      }
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('is available', async () => {
      expect(await engine.available()).toBe(true);
    });

    for (const rate of [16000, 44100])
      it(`writes the voice of a ${rate} Hz recording as a mono 16-bit WAV of its rate and length`, async () => {
        const out = path.join(dir, `voice-${rate}.wav`);
        const progress: number[] = [];
        await engine.isolateVoice(inputs[rate], out, { onProgress: (f) => progress.push(f) });
        const [input, voice] = [await readWavHeader(inputs[rate]), await readWavHeader(out)];
        expect({ format: voice.format, channels: voice.channels, bits: voice.bits, rate: voice.rate }).toEqual({
          format: 1,
          channels: 1,
          bits: 16,
          rate,
        });
        expect(voice.frames).toBe(input.frames);
        // Sound where the input speaks: the second from 1 s to 2 s ("And so, my fellow Americans").
        expect(loudness(await readFile(out), voice.dataOffset, rate, 2 * rate)).toBeGreaterThan(-40);
        for (const [i, f] of progress.entries()) {
          expect(f).toBeGreaterThanOrEqual(i ? progress[i - 1] : 0);
          expect(f).toBeLessThanOrEqual(1);
        }
      });

    it('rejects at once with the reason of a signal aborted before the call', async () => {
      const reason = contractAbort();
      const { error, ms } = await rejectionOf(
        engine.isolateVoice(inputs[44100], path.join(dir, 'a.wav'), { signal: AbortSignal.abort(reason) }),
      );
      expectAbortReason(error, reason);
      expect(ms).toBeLessThan(500);
    });

    it('rejects within 2 s of an abort during the call, with its reason, leaving no temporary file', async () => {
      await expectAbortMidCall(
        (signal) => engine.isolateVoice(inputs[44100], path.join(dir, 'aborted.wav'), { signal }),
        50,
      );
    });

    it('fails with ENGINE_REFUSED, naming the engine, when its key is refused', async () => {
      const { error } = await rejectionOf(facts.refusedKey().isolateVoice(inputs[16000], path.join(dir, 'r.wav')));
      expectEngineError(error, 'separation', names(), 'ENGINE_REFUSED');
    });
  });
}
