/**
 * The background of issue 21 item 4 (voice-subtract.ts): the isolated voice a service answers is delayed and at
 * its own gain; aligned by cross-correlation and a least-squares gain per block, then subtracted, it leaves the
 * music. Synthetic 16-bit WAV files: a chord (the music) plus voice-like bursts (noise shaped by a syllable
 * envelope), and the same bursts 37 samples late and 1.3 times louder as the "isolated voice".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { alignVoice, subtractVoice } from '../../../server/src/media/voice-subtract.ts';

const RATE = 44100;
const SECONDS = 13;
const LAG = 37;

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'voice-subtract-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A 16-bit PCM WAV of interleaved `channels` (each a function of the sample index). */
async function writePcm(file: string, n: number, channels: Array<(i: number) => number>) {
  const data = Buffer.alloc(n * channels.length * 2);
  for (let i = 0; i < n; i++)
    channels.forEach((f, c) =>
      data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, f(i))) * 32767), (i * channels.length + c) * 2),
    );
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels.length, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2 * channels.length, 28);
  h.writeUInt16LE(2 * channels.length, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  await writeFile(file, Buffer.concat([h, data]));
}

describe('voice subtraction (issue 21 item 4)', () => {
  it('finds the lag and gain of the isolated voice and leaves the music', async () => {
    const n = SECONDS * RATE;
    let seed = 1;
    const noise = Float32Array.from({ length: n + LAG }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 1073741824 - 1;
    });
    // Speech from 2 s to 10 s in syllables of 0.2 s, silence elsewhere; the music all along.
    const speech = (i: number) => {
      const t = i / RATE;
      return t > 2 && t < 10 ? 0.3 * noise[i] * Math.max(0, Math.sin((Math.PI * t) / 0.2)) : 0;
    };
    const music = (i: number) =>
      0.1 * (Math.sin((2 * Math.PI * 220 * i) / RATE) + Math.sin((2 * Math.PI * 277.2 * i) / RATE));
    const original = path.join(dir, 'original.wav');
    const voice = path.join(dir, 'voice.wav');
    await writePcm(original, n, [(i) => music(i) + 0.8 * speech(i), (i) => music(i) + 0.6 * speech(i)]);
    await writePcm(voice, n, [(i) => (i >= LAG ? 1.3 * speech(i - LAG) : 0)]);

    const alignment = await alignVoice(original, voice);
    const voiced = alignment.filter((b) => b.voiced);
    expect(voiced.length).toBeGreaterThanOrEqual(2);
    for (const b of alignment) {
      expect(b.lag).toBe(LAG);
      expect(b.gains[0]).toBeCloseTo(0.8 / 1.3, 2);
      expect(b.gains[1]).toBeCloseTo(0.6 / 1.3, 2);
    }
    const out = path.join(dir, 'background.raw');
    expect(await subtractVoice(original, voice, alignment, out)).toEqual({ rate: RATE, channels: 2 });
    const pcm = await readFile(out);
    expect(pcm.length).toBe(n * 4);
    // Left over of the speech in its span: the background minus the music, against the speech itself.
    let left = 0;
    let said = 0;
    for (let i = 2 * RATE; i < 10 * RATE; i++) {
      left += (pcm.readInt16LE(i * 4) / 32767 - music(i)) ** 2;
      said += (0.8 * speech(i)) ** 2;
    }
    const db = 10 * Math.log10(left / said);
    console.log(`speech left in the background: ${db.toFixed(1)} dB`);
    expect(db).toBeLessThan(-35);
  });
});
