/**
 * The contract every SpeechEngine keeps (server/src/engines/speech.engine.ts), as one suite run against each engine
 * (speech-engines.contract.test.ts): jfk.wav (11 s, 16 kHz mono) gives words inside the audio, in time order, each
 * `[start, end)` with start <= end, a word error rate under 0.5 against the words spoken (JFK_SPOKEN_SRT, timed by
 * listening), utterances made of those words, and progress (when reported) within 0..1, never going back; an
 * aborted signal rejects with its reason, at once when aborted before the call and within 2 s when aborted during
 * it, leaving no temporary file; silence and a WAV of no samples give no words (or, for the empty one, an error naming the engine); a file
 * that is no WAV fails.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechSupports, type SpeechEngine } from '../../../../server/src/engines/speech.engine.ts';
import { runProcess } from '../../../../server/src/engines/run-process.ts';
import { wordErrorRate } from '../../../../server/src/media/word-error-rate.ts';
import { JFK_SPOKEN_SRT, TESTDATA } from '../../helpers/testdata.ts';
import {
  contractAbort,
  expectAbortReason,
  expectEngineError,
  rejectionOf,
  expectAbortMidCall,
} from './contract-helpers.ts';

const JFK = `${TESTDATA}/audio/jfk.wav`;
/** jfk.wav's length, seconds (ffprobe). */
const JFK_SECONDS = 11;
/** The words spoken in jfk.wav: the SRT's text lines. */
const JFK_WORDS = JFK_SPOKEN_SRT.split('\n')
  .filter((l) => l && !/^\d+$/.test(l) && !l.includes('-->'))
  .join(' ');
/** A word error rate any recogniser worth offering stays under on clear read speech (pocketsphinx: ~0.2). */
const MAX_WER = 0.5;

/** What an engine documents beyond the interface, for its run of the suite. */
export interface SpeechFacts {
  /** Words the engine's error messages name it by (default: its id). */
  names?: string[];
}

/**
 * Defines the speech engine contract's tests for the engine `makeEngine` returns (called once, in beforeAll, so it
 * may use servers started in the caller's beforeAll).
 */
export function speechEngineContract(name: string, makeEngine: () => SpeechEngine, facts: SpeechFacts = {}): void {
  describe(`speech engine contract: ${name}`, () => {
    let engine: SpeechEngine;
    let dir: string;
    const names = () => facts.names ?? [engine.id];
    beforeAll(async () => {
      engine = makeEngine();
      dir = await mkdtemp(path.join(os.tmpdir(), 'speech-contract-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('is available and transcribes English', async () => {
      expect(await engine.available()).toBe(true);
      expect(speechSupports(engine, 'en')).toBe(true);
    });

    it('recognises jfk.wav: words inside the audio, in time order, close to what was said', async () => {
      const progress: number[] = [];
      const t = await engine.transcribe(JFK, { language: 'en', onProgress: (f) => progress.push(f) });
      expect(t.language).toBe('en');
      expect(t.words.length).toBeGreaterThan(10);
      for (const [i, w] of t.words.entries()) {
        expect(w.text.trim(), `word ${i}`).not.toBe('');
        expect(w.start, `word ${i} start`).toBeGreaterThanOrEqual(0);
        expect(w.end, `word ${i} end`).toBeGreaterThanOrEqual(w.start);
        expect(w.end, `word ${i} end`).toBeLessThanOrEqual(JFK_SECONDS + 0.05);
        if (i) expect(w.start, `word ${i} after word ${i - 1}`).toBeGreaterThanOrEqual(t.words[i - 1].start);
        if (w.confidence !== undefined) expect(w.confidence).toBeGreaterThanOrEqual(0);
        if (w.confidence !== undefined) expect(w.confidence).toBeLessThanOrEqual(1);
      }
      const wer = wordErrorRate(JFK_WORDS, t.words.map((w) => w.text).join(' '));
      console.log(`${name}: jfk.wav word error rate ${wer.toFixed(3)}, ${t.words.length} words`);
      expect(wer, `word error rate ${wer.toFixed(3)}`).toBeLessThan(MAX_WER);
      const said = new Set(t.words.map((w) => `${w.start} ${w.text}`));
      for (const u of t.utterances) {
        expect(u.end).toBeGreaterThanOrEqual(u.start);
        expect(u.end).toBeLessThanOrEqual(JFK_SECONDS + 0.05);
        for (const w of u.words) expect(said.has(`${w.start} ${w.text}`), `"${w.text}" among the words`).toBe(true);
      }
      if (t.durationSeconds !== undefined) expect(Math.abs(t.durationSeconds - JFK_SECONDS)).toBeLessThan(0.1);
      for (const [i, f] of progress.entries()) {
        expect(f).toBeGreaterThanOrEqual(i ? progress[i - 1] : 0);
        expect(f).toBeLessThanOrEqual(1);
      }
    });

    it('rejects at once with the reason of a signal aborted before the call', async () => {
      const reason = contractAbort();
      const { error, ms } = await rejectionOf(
        engine.transcribe(JFK, { language: 'en', signal: AbortSignal.abort(reason) }),
      );
      expectAbortReason(error, reason);
      expect(ms).toBeLessThan(500);
    });

    it('rejects within 2 s of an abort during the call, with its reason, leaving no temporary file', async () => {
      await expectAbortMidCall((signal) => engine.transcribe(JFK, { language: 'en', signal }), 150);
    });

    it('hears no words in silence', async () => {
      const silent = path.join(dir, 'silence.wav');
      await runProcess('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '3', '-c:a', 'pcm_s16le', silent]); // prettier-ignore
      const t = await engine.transcribe(silent, { language: 'en' });
      expect(t.words).toEqual([]);
      expect(t.utterances.every((u) => u.words.length === 0)).toBe(true);
    });

    it('hears no words in a WAV of no samples, or fails naming the engine', async () => {
      const empty = path.join(dir, 'empty.wav');
      await runProcess('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-frames:a', '0', '-c:a', 'pcm_s16le', empty]); // prettier-ignore
      const { error } = await rejectionOf(
        engine.transcribe(empty, { language: 'en' }).then((t) => expect(t.words).toEqual([])),
      );
      if (error) expectEngineError(error, 'speech', names());
    });

    // The media stages hand engines the WAV they made (media/probe.ts extractSpeechWav), so this error is the WAV
    // reader's or ffmpeg's and does not name the engine: the call must fail, not hear silence.
    it('fails for a file that is no WAV instead of hearing nothing', async () => {
      const junk = path.join(dir, 'junk.wav');
      await writeFile(junk, 'this is not audio at all, only text in a file named .wav');
      const { error } = await rejectionOf(engine.transcribe(junk, { language: 'en' }));
      expect(error).toBeInstanceOf(Error);
    });
  });
}
