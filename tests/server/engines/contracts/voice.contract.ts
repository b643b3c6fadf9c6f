/**
 * The contract every VoiceEngine keeps (server/src/engines/voice.engine.ts), as one suite run against each engine
 * (voice-engines.contract.test.ts): a sentence becomes a readable mono 16-bit PCM WAV (at the engine's documented
 * rate) whose length is plausible for the text (0.3 to 3 s per 10 characters); `speed` is a rate factor, so the
 * speech at speed s lasts about 1/s of its normal length; an aborted signal rejects with its reason, at once when
 * aborted before the call and within 2 s when aborted during it, leaving no temporary file; a voice the engine does
 * not offer fails naming the engine (and, for a network engine, with the failure code of a refused request); a
 * vendor's limit answers (quota, rate limit past the retries) fail with the code the job runner acts on.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceEngine } from '../../../../server/src/engines/voice.engine.ts';
import type { EngineFailureCode } from '../../../../server/src/engines/engine-failure.ts';
import {
  contractAbort,
  expectAbortReason,
  expectEngineError,
  readWavHeader,
  rejectionOf,
  expectAbortMidCall,
} from './contract-helpers.ts';

/** What an engine documents beyond the interface, for its run of the suite. */
export interface VoiceFacts {
  /** The language spoken in the suite (one the engine serves). */
  language: string;
  /** A sentence in that language. */
  sentence: string;
  /** The WAV's documented sample rate (Hz); absent when the engine documents none. */
  rate?: number;
  /** A speed factor within the range the engine honours, other than 1 (ElevenLabs: 0.7 to 1.2). */
  speed: number;
  /** The failure code of an unknown voice, for network engines (EngineHttpError kinds, engine-failure.ts). */
  unknownVoiceCode?: EngineFailureCode;
  /** Words the engine's error messages name it by (default: its id). */
  names?: string[];
  /** The vendor's limit answers the emulator can give (none for a local engine). */
  limits?: VoiceLimitAnswer[];
}

/** A vendor's limit answer, how to make the emulator give it, and the code it must fail with. */
export interface VoiceLimitAnswer {
  /** What the vendor answers, e.g. 'ElevenLabs 401 quota_exceeded'. */
  answer: string;
  /** Makes the emulator give that answer to the next call; returns what puts it back. */
  provoke: () => () => void;
  /** The engine to call (default: the suite's), e.g. one on an account whose quota is used up. */
  engine?: () => VoiceEngine;
  code: EngineFailureCode;
}

/** Seconds of speech per 10 characters a voice may take: slower or faster is no reading of the text. */
const SECONDS_PER_10_CHARS = [0.3, 3] as const;
/** How far (absolute) the length ratio at speed s may be from 1/s: pauses and leading silence do not scale. */
const SPEED_TOLERANCE = 0.12;

/**
 * Defines the voice engine contract's tests for the engine `makeEngine` returns (called once, in beforeAll, so it
 * may use servers started in the caller's beforeAll).
 */
export function voiceEngineContract(name: string, makeEngine: () => VoiceEngine, facts: VoiceFacts): void {
  describe(`voice engine contract: ${name}`, () => {
    let engine: VoiceEngine;
    let dir: string;
    let voice: string;
    const names = () => facts.names ?? [engine.id];
    /** A long text: seconds of work even for espeak-ng (~15 ms a sentence), so an abort lands during the call. */
    const long = () => Array.from({ length: 300 }, () => facts.sentence).join(' ');
    beforeAll(async () => {
      engine = makeEngine();
      dir = await mkdtemp(path.join(os.tmpdir(), 'voice-contract-'));
      voice = engine.voices(facts.language)[0]?.id;
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('is available and offers voices for its language', async () => {
      expect(await engine.available()).toBe(true);
      expect(voice, `a voice for ${facts.language}`).toBeTruthy();
      for (const v of engine.voices(facts.language)) expect(v.language).toBe(facts.language);
    });

    it('speaks a sentence as a mono 16-bit PCM WAV, at its documented rate, as long as the text warrants', async () => {
      const out = path.join(dir, 'sentence.wav');
      await engine.synthesize(facts.sentence, { language: facts.language, voice, outPath: out });
      const wav = await readWavHeader(out);
      expect({ format: wav.format, channels: wav.channels, bits: wav.bits }).toEqual({
        format: 1,
        channels: 1,
        bits: 16,
      });
      if (facts.rate) expect(wav.rate).toBe(facts.rate);
      const tens = facts.sentence.length / 10;
      expect(wav.seconds).toBeGreaterThan(SECONDS_PER_10_CHARS[0] * tens);
      expect(wav.seconds).toBeLessThan(SECONDS_PER_10_CHARS[1] * tens);
    });

    it('honours speed as a rate factor: at speed s the speech lasts about 1/s as long', async () => {
      const text = [facts.sentence, facts.sentence, facts.sentence].join(' ');
      const [normal, fast] = [path.join(dir, 'normal.wav'), path.join(dir, 'speed.wav')];
      await engine.synthesize(text, { language: facts.language, voice, outPath: normal });
      await engine.synthesize(text, { language: facts.language, voice, outPath: fast, speed: facts.speed });
      const ratio = (await readWavHeader(fast)).seconds / (await readWavHeader(normal)).seconds;
      console.log(
        `${name}: length at speed ${facts.speed} / at speed 1 = ${ratio.toFixed(3)} (1/s ${(1 / facts.speed).toFixed(3)})`,
      );
      expect(
        Math.abs(ratio - 1 / facts.speed),
        `length ratio ${ratio.toFixed(3)} at speed ${facts.speed}`,
      ).toBeLessThan(SPEED_TOLERANCE);
    });

    it('rejects at once with the reason of a signal aborted before the call', async () => {
      const reason = contractAbort();
      const signal = AbortSignal.abort(reason);
      const { error, ms } = await rejectionOf(
        engine.synthesize(facts.sentence, {
          language: facts.language,
          voice,
          outPath: path.join(dir, 'a.wav'),
          signal,
        }),
      );
      expectAbortReason(error, reason);
      expect(ms).toBeLessThan(500);
    });

    it('rejects within 2 s of an abort during the call, with its reason, leaving no temporary file', async () => {
      await expectAbortMidCall(
        (signal) =>
          engine.synthesize(long(), {
            language: facts.language,
            voice,
            outPath: path.join(dir, 'aborted.wav'),
            signal,
          }),
        50,
      );
    });

    it('fails naming the engine for a voice it does not offer', async () => {
      const { error } = await rejectionOf(
        engine.synthesize(facts.sentence, {
          language: facts.language,
          voice: 'no-such-voice',
          outPath: path.join(dir, 'unknown.wav'),
        }),
      );
      expectEngineError(error, 'voice', names(), facts.unknownVoiceCode);
    });

    for (const limit of facts.limits ?? [])
      it(`fails with ${limit.code} on ${limit.answer}`, async () => {
        const putBack = limit.provoke();
        try {
          const { error } = await rejectionOf(
            (limit.engine?.() ?? engine).synthesize(facts.sentence, {
              language: facts.language,
              voice,
              outPath: path.join(dir, 'limited.wav'),
            }),
          );
          expectEngineError(error, 'voice', names(), limit.code);
        } finally {
          putBack();
        }
      });
  });
}
