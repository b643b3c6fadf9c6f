/**
 * Issue 38: Silero VAD where it measured better, the classic detectors as the fallback.
 * - The no-speech check: a beeping 1 kHz tone (no speech; the classic level check takes it for 15 s of speech, so
 *   the recogniser used to run on it) now fails the job with NO_SPEECH before the recogniser runs, named as Silero's
 *   finding; real speech still passes; where Silero cannot run (here a WAV it does not take, 44.1 kHz), the classic
 *   check answers.
 * - Silero as the pause finder of the recogniser's pieces (an option, measured no better): on the shared speech laid
 *   end to end with half-second gaps it finds a pause in every gap.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { findPauses } from '../../../server/src/engines/speech/pause-pieces.ts';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { checkSpeech, measureVoiceActivity, MIN_SPEECH_SECONDS } from '../../../server/src/media/voice-activity.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { writeSpeechLoop } from '../../../scripts/lib/speech-loop.ts';
import { TESTDATA } from '../helpers/testdata.ts';

let dir: string;
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'speech-detectors-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the no-speech check on Silero (issue 38)', () => {
  it('fails a beeping tone with NO_SPEECH before recognising, which the classic check let through', async () => {
    const beep = path.join(dir, 'beep.mp3');
    ff('-f', 'lavfi', '-i', 'aevalsrc=0.2*sin(2*PI*1000*t)*mod(floor(2*t)\\,2):s=44100', '-t', '30', beep);
    const wav = path.join(dir, 'beep-16k.wav');
    ff('-i', beep, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wav);
    // Before: the level check hears the beeps as speech.
    expect((await measureVoiceActivity(wav)).activeSeconds).toBeGreaterThan(MIN_SPEECH_SECONDS);
    const req: PipelineRequest = {
      inputPath: beep,
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      services: ['subtitle'],
      voiceMode: 'dubbing',
      numSpeakers: 1,
      baseName: 'beep',
      outDir: path.join(dir, 'out'),
      artifacts: memoryArtifacts(),
    };
    const failure = await runMediaPipeline(req, createEngineRegistry(LOCAL_ENGINES_CONFIG).choose(req)).then(
      () => null,
      (e: { code?: string; detail?: string }) => e,
    );
    expect(failure?.code).toBe('NO_SPEECH');
    expect(failure?.detail).toMatch(/^voice-activity check: 0\.00 s active of 30\.\d s by the silero detector/);
    expect(failure?.detail).toMatch(/the recogniser was not run/);
  }, 60_000);

  it('passes real speech, and answers with the classic check where Silero cannot run', async () => {
    const jfk = path.join(dir, 'jfk-16k.wav');
    ff('-i', `${TESTDATA}/audio/jfk.wav`, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', jfk);
    const silero = await checkSpeech(jfk);
    expect(silero.detector).toBe('silero');
    expect(silero.activeSeconds).toBeGreaterThanOrEqual(MIN_SPEECH_SECONDS);
    const cd = path.join(dir, 'jfk-44k.wav');
    ff('-i', `${TESTDATA}/audio/jfk.wav`, '-ac', '1', '-ar', '44100', '-c:a', 'pcm_s16le', cd);
    const classic = await checkSpeech(cd);
    expect(classic.detector).toBe('classic');
    expect(classic.activeSeconds).toBeGreaterThanOrEqual(MIN_SPEECH_SECONDS);
    expect(classic.noiseFloorDbfs).toBeDefined();
  }, 60_000);
});

describe('Silero as the pause finder of the pieces', () => {
  it('finds a pause in every half-second gap between the clips', async () => {
    const names = ['LJ001-0001', 'jfk', 'LJ001-0003', 'LJ001-0004', 'LJ001-0002'];
    const loop = path.join(dir, 'loop.wav');
    writeSpeechLoop(
      names.map((n) => path.join(TESTDATA, 'audio', `${n}.wav`)),
      loop,
    );
    // Where each gap is: the end of each clip (its length at 16 kHz) plus the gaps before it.
    let at = 0;
    const gaps: number[] = [];
    for (const n of names.slice(0, -1)) {
      const a = await readWav(path.join(TESTDATA, 'audio', `${n}.wav`));
      at += a.samples.length / a.rate;
      gaps.push(at + 0.25);
      at += 0.5;
    }
    const { pauses, duration } = await findPauses(loop, undefined, 'silero');
    const whole = await readWav(loop);
    expect(duration).toBeCloseTo(whole.samples.length / whole.rate, 1);
    for (const g of gaps)
      expect(
        pauses.some((p) => p.start <= g && g <= p.end),
        `gap at ${g.toFixed(2)} s`,
      ).toBe(true);
  }, 60_000);
});
