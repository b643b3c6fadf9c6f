/** Builds looped speech for the long-media benchmark and the pause-cutting test (real recordings, real pauses). */
import { execFileSync } from 'node:child_process';

/**
 * Writes `inputs` (audio files) one after another to `out` as 16 kHz mono WAV, each followed by `pauseSeconds`
 * of silence (seconds), with ffmpeg.
 * @throws Error from ffmpeg when an input cannot be read or `out` cannot be written
 */
export function writeSpeechLoop(inputs: string[], out: string, pauseSeconds = 0.5): void {
  const filter =
    inputs
      .map((_, i) => `[${i}:a]aformat=sample_rates=16000:channel_layouts=mono,apad=pad_dur=${pauseSeconds}[a${i}]`)
      .join(';') + `;${inputs.map((_, i) => `[a${i}]`).join('')}concat=n=${inputs.length}:v=0:a=1[out]`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...inputs.flatMap((f) => ['-i', f]),
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    out,
  ]);
}
