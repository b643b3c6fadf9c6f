/**
 * Long speech for tests and benchmarks of network recognisers: the shared speech clips laid end to end in a seeded
 * random order with pauses of 0.4-1.6 s (so no stretch of it repeats exactly), with its transcript: pocketsphinx
 * run once on each clip, shifted to where the clip is laid. The OpenAI fake answers excerpts of it from that
 * transcript (held-recording.ts).
 */
import path from 'node:path';
import { createPocketsphinxEngine } from '../../../server/src/engines/speech/pocketsphinx.engine.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { readWav, writeWav } from '../../../server/src/audio/wav.ts';
import type { HeldRecording } from '../fakes/held-recording.ts';
import { TESTDATA } from './testdata.ts';

const CLIPS = ['jfk.wav', 'LJ001-0001.wav', 'LJ001-0002.wav', 'LJ001-0003.wav', 'LJ001-0004.wav'];

/**
 * Writes a 16 kHz mono WAV of about `seconds` into `dir` and returns its path and transcript (words with
 * start/end seconds on the recording's timeline).
 */
export async function longRecording(seconds: number, dir: string): Promise<{ wav: string; held: HeldRecording }> {
  const sphinx = createPocketsphinxEngine();
  const clips = [];
  for (const name of CLIPS) {
    const wav = path.join(dir, `16k-${name}`);
    await runProcess('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      `${TESTDATA}/audio/${name}`,
      '-ac',
      '1',
      '-ar',
      '16000',
      wav,
    ]);
    clips.push({ audio: await readWav(wav), words: (await sphinx.transcribe(wav, { language: 'en' })).words });
  }
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const rate = 16000;
  const samples = new Float32Array(Math.ceil((seconds + 30) * rate));
  const words: HeldRecording['words'] = [];
  let at = Math.round(0.5 * rate);
  while (at / rate < seconds) {
    const clip = clips[Math.floor(random() * clips.length)];
    samples.set(clip.audio.samples, at);
    for (const w of clip.words) words.push({ text: w.text, start: w.start + at / rate, end: w.end + at / rate });
    at += clip.audio.samples.length + Math.round((0.4 + random() * 1.2) * rate);
  }
  const audio = { rate, samples: samples.subarray(0, at) };
  const wav = path.join(dir, `long-${seconds}.wav`);
  await writeWav(wav, audio);
  return { wav, held: { audio, words } };
}
