/**
 * Issue 19: the speakers engine's own speech detector (server/src/engines/speakers/classic/speech-detector.ts), used when
 * there is no transcript. On a synthetic recording with known speech: voiced "syllables" (a harmonic voice whose
 * pitch glides, four syllables a second) in room noise, and loud unvoiced noise bursts (paper, a chair) between
 * them, as loud as the speech. The detector must find the speech and leave the bursts and the noise out, and find
 * nothing at all in noise alone.
 */
import { describe, expect, it } from 'vitest';
import { diarizeClassic } from '../../../server/src/engines/speakers/classic/classic.ts';
import { detectSpeech } from '../../../server/src/engines/speakers/classic/speech-detector.ts';
import type { MonoAudio } from '../../../server/src/audio/wav.ts';

const RATE = 16000;

/** A seeded pseudo-random generator in [-1, 1) (the same recording every run). */
function noiseSource(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/** `seconds` of room noise (about -60 dBFS) with voiced speech in `speech` and unvoiced bursts in `bursts`. */
function recording(
  seconds: number,
  speech: { start: number; end: number }[],
  bursts: { start: number; end: number }[],
): MonoAudio {
  const noise = noiseSource(7);
  const samples = new Float32Array(seconds * RATE);
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    let x = 0.001 * noise();
    if (speech.some((s) => t >= s.start && t < s.end)) {
      // 4 syllables a second (the level dips 14 dB between them); the pitch glides 110-160 Hz; five harmonics falling 6 dB each.
      const f0 = 135 + 25 * Math.sin(2 * Math.PI * 0.7 * t);
      phase += (2 * Math.PI * f0) / RATE;
      const envelope = 0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t);
      for (let h = 1; h <= 5; h++) x += (0.1 / 2 ** (h - 1)) * envelope * Math.sin(h * phase);
    }
    if (bursts.some((b) => t >= b.start && t < b.end)) x += 0.1 * noise();
    samples[i] = x;
  }
  return { rate: RATE, samples };
}

/** Seconds of `spans` covered by `regions`. */
function covered(spans: { start: number; end: number }[], regions: { start: number; end: number }[]): number {
  let total = 0;
  for (const s of spans)
    for (const r of regions) total += Math.max(0, Math.min(s.end, r.end) - Math.max(s.start, r.start));
  return total;
}

const length = (spans: { start: number; end: number }[]) => spans.reduce((t, s) => t + s.end - s.start, 0);

describe('the speakers engine speech detector', () => {
  it('finds voiced speech in room noise and leaves out unvoiced bursts as loud as the speech', () => {
    const speech = [
      { start: 1, end: 4 },
      { start: 7, end: 9.5 },
      { start: 13, end: 16 },
    ];
    const bursts = [
      { start: 4.8, end: 6.2 },
      { start: 10.5, end: 12 },
      { start: 17, end: 19 },
    ];
    const { regions } = detectSpeech(recording(20, speech, bursts));
    // The speech is found...
    expect(covered(speech, regions) / length(speech)).toBeGreaterThan(0.9);
    // ...and almost none of the bursts nor of the quiet noise is taken for speech.
    expect(covered(bursts, regions)).toBeLessThan(0.2);
    const outside = length(regions) - covered(speech, regions);
    expect(outside).toBeLessThan(0.5);
  });

  it('finds no speech in noise and bursts alone, so the engine gives no speaker turns', () => {
    const noise = recording(
      10,
      [],
      [
        { start: 1, end: 3 },
        { start: 5, end: 8 },
      ],
    );
    expect(detectSpeech(noise).regions).toEqual([]);
    expect(diarizeClassic(noise)).toEqual([]);
  });
});
