import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildVoiceTrack, mixVoiceOver } from '../../../server/src/media/voice-over.ts';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import { readWav, type MonoAudio } from '../../../server/src/audio/wav.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';

/** Issue 25: a dub of a 20-minute or longer video failed at the mix (one ffmpeg expression listing every span). */
const SECONDS = 25 * 60;
/** One short segment every 2.5 s: 600 segments, as many as a talkative 25 minutes has. */
const EVERY = 2.5;
const TEXTS = ['Hola.', 'Sí, claro.', 'Buenos días.', 'Muchas gracias.'];

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'voice-over-long-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const durationOf = async (file: string) =>
  Number(
    (
      await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
    ).stdout.trim(),
  );

/** RMS level in dB of `a` between t0 and t1 seconds. */
function levelDb(a: MonoAudio, t0: number, t1: number): number {
  let s = 0;
  const i0 = Math.round(t0 * a.rate);
  const i1 = Math.round(t1 * a.rate);
  for (let i = i0; i < i1; i++) s += a.samples[i] ** 2;
  return 10 * Math.log10(s / (i1 - i0) + 1e-12);
}

describe('voice-over on long media (issue 25)', () => {
  it('mixes 600 short segments over a 25-minute video: the MP3 lasts as long as the input, voiced to the end', async () => {
    // A 25-minute video: a 1 fps black picture and a quiet tone (cheap to make and to decode).
    const input = path.join(dir, 'long.mp4');
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=64x64:r=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=220:sample_rate=16000,volume=0.1',
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
      '-b:a',
      '32k',
      input,
    ]);
    const inputSeconds = await durationOf(input);
    const segments = Array.from({ length: SECONDS / EVERY }, (_, i) => ({
      text: TEXTS[i % TEXTS.length],
      start: i * EVERY + 0.2,
      end: i * EVERY + 1.4,
    }));
    // Repeated texts reuse their stored clips (as a re-dub would), so the test spends its time on the mix.
    const track = await buildVoiceTrack({
      segments,
      engine: createEspeakEngine(),
      voice: 'es+m3',
      language: 'es',
      duration: inputSeconds,
      workDir: dir,
      outPath: path.join(dir, 'voice.wav'),
      clips: memoryArtifacts(),
    });
    expect(track.placements).toHaveLength(600);
    const mp3 = path.join(dir, 'long_es.mp3');
    await mixVoiceOver({
      input,
      voiceTrack: track.path,
      placements: track.placements,
      duration: inputSeconds,
      mp3Path: mp3,
    });
    expect(Math.abs((await durationOf(mp3)) - inputSeconds)).toBeLessThan(0.5);
    // The last minute of the MP3: the voice plays in its placements, the tone alone between them.
    const tail = path.join(dir, 'tail.wav');
    const from = SECONDS - 60;
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      String(from),
      '-i',
      mp3,
      '-ac',
      '1',
      tail,
    ]);
    const audio = await readWav(tail);
    const last = track.placements.filter((p) => p.start >= from + 1 && p.end <= SECONDS - 1).slice(-3);
    expect(last.length).toBe(3);
    for (const p of last) {
      const voiced = levelDb(audio, p.start - from + 0.1, p.end - from - 0.1);
      const between = levelDb(audio, p.end - from + 0.3, p.end - from + 0.9);
      expect(voiced - between).toBeGreaterThan(6);
    }
  }, 300_000);
});
