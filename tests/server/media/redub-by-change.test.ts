import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { dubLanguage } from '../../../server/src/media/stages/dub-language.ts';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import type { VoiceChoice } from '../../../server/src/engines/engine-choice.ts';
import { readWav, type MonoAudio } from '../../../server/src/audio/wav.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';

/** Issue 22 item 16: a re-dub re-encodes the spans it changed, and sounds as a full dub of the edited text. */
const SECONDS = 90;
const TEXTS = ['Hola a todos.', 'Esta es una prueba.', 'Buenos días.', 'Muchas gracias por venir.'];

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'redub-by-change-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The audio of `file` as mono 44.1 kHz. */
async function decode(file: string): Promise<MonoAudio> {
  const out = `${file}.wav`;
  await runProcess('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', file, '-ac', '1', '-ar', '44100', out]);
  return readWav(out);
}

/** RMS level in dB of a - b (same length, or the shorter) between t0 and t1 seconds; of a alone without b. */
function levelDb(a: MonoAudio, t0: number, t1: number, b?: MonoAudio): number {
  let s = 0;
  const i0 = Math.round(t0 * a.rate);
  const i1 = Math.min(Math.round(t1 * a.rate), a.samples.length, b?.samples.length ?? Infinity);
  for (let i = i0; i < i1; i++) s += (a.samples[i] - (b?.samples[i] ?? 0)) ** 2;
  return 10 * Math.log10(s / (i1 - i0) + 1e-12);
}

describe('re-dub by the change (issue 22 item 16)', () => {
  it('re-encodes only around the edited segment, and sounds as a full dub of the edited text', async () => {
    const input = path.join(dir, 'in.mp4');
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=64x64:r=5',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:sample_rate=44100,volume=0.2',
      '-t',
      String(SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      input,
    ]);
    const segments = Array.from({ length: SECONDS / 3 }, (_, i) => ({
      text: TEXTS[i % TEXTS.length],
      start: i * 3 + 0.3,
      end: i * 3 + 2.2,
    }));
    const engine = createEspeakEngine();
    const voice = engine.voices('es').find((v) => v.id === 'es+m3')!;
    const choice: VoiceChoice = { engine, voice, id: `${engine.id}:${voice.id}`, chosen: true, offered: [voice] };
    const dub = (name: string, segs: typeof segments, artifacts = memoryArtifacts()) =>
      dubLanguage({
        s: { req: { inputPath: input, baseName: 'x', outDir: dir, targetLanguages: ['es'], services: [] }, artifacts },
        language: 'es',
        segments: segs,
        choice,
        duration: SECONDS,
        workDir: path.join(dir, name),
        mp3Path: path.join(dir, `${name}.mp3`),
        mp4Path: path.join(dir, `${name}.mp4`),
      });
    const artifacts = memoryArtifacts();
    const first = await dub('first', segments, artifacts);
    expect(first.synthesized).toBeGreaterThan(0);
    // The editor changes one segment in the middle: its new text is longer, so it takes the silence after it.
    const edited = segments.map((s, i) => (i === 15 ? { ...s, text: 'Ahora esta frase es bastante más larga.' } : s));
    const redub = await dub('redub', edited, artifacts);
    expect(redub.synthesized).toBe(1);
    // The cost follows the change: a few seconds around the edit are mixed and encoded again, not the 90 s.
    expect(first.remixedSeconds).toBeCloseTo(SECONDS, 3);
    expect(redub.remixedSeconds).toBeGreaterThan(0);
    expect(redub.remixedSeconds).toBeLessThan(SECONDS / 10);
    await dub('fresh', edited);
    for (const ext of ['mp3', 'mp4']) {
      const [a, b, old] = await Promise.all(
        ['redub', 'fresh', 'first'].map((n) => decode(path.join(dir, `${n}.${ext}`))),
      );
      expect(Math.abs(a.samples.length / a.rate - SECONDS)).toBeLessThan(0.1);
      // The re-dub differs from a full dub of the edited text by codec noise only, seams included ...
      for (let t = 0; t + 1 < SECONDS; t += 1) expect(levelDb(a, t, t + 1, b) - levelDb(b, t, t + 1)).toBeLessThan(-25);
      // ... and the edited segment is heard: it differs from the first dub there, not elsewhere.
      expect(levelDb(a, 45.3, 47.2, old) - levelDb(old, 45.3, 47.2)).toBeGreaterThan(-10);
      expect(levelDb(a, 5, 40, old) - levelDb(old, 5, 40)).toBeLessThan(-25);
    }
  }, 240_000);
});
