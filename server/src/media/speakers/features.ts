/**
 * Short-window voice features of the classic speaker engine (classic.ts): per 10 ms frame the MFCC vector
 * (sync/mfcc.ts: c1..c12 and the frame's level, normalised over the recording) and the pitch (the McLeod pitch
 * method, McLeod & Wyvill 2005, through `pitchfinder`, on a 40 ms frame of the signal down-sampled to 8 kHz; 0 when
 * its clarity is under CLARITY or the pitch outside 60-400 Hz). Samples Float32 in [-1, 1]; rates in Hz; times in
 * seconds.
 */
import { Macleod } from 'pitchfinder';
import { FRAME_STEP, mfcc } from '../sync/mfcc.ts';
import { resample, type MonoAudio } from '../wav.ts';

/** Lowest and highest pitch taken as a voice, Hz (adult and child speech). */
export const PITCH_RANGE = { min: 60, max: 400 };
const PITCH_RATE = 8000;
const PITCH_FRAME = 320; // 40 ms at 8 kHz: two periods of a 60 Hz voice
/** The least clarity (MPM's normalised peak, 0..1) of a frame taken as voiced. */
const CLARITY = 0.7;

/** Frame features of a recording: `mfcc[k]` (13 values) and `pitch[k]` (Hz, 0 unvoiced) at `k * FRAME_STEP` s. */
export interface FrameFeatures {
  mfcc: Float32Array[];
  pitch: Float32Array;
}

/**
 * Computes the frame features; pitch only for frames inside `regions` (seconds), the rest stay 0.
 */
export function frameFeatures(audio: MonoAudio, regions: { start: number; end: number }[]): FrameFeatures {
  const { frames } = mfcc(audio.samples, audio.rate);
  return { mfcc: frames, pitch: pitchFrames(audio, regions, frames.length) };
}

/**
 * The pitch (Hz, 0 unvoiced) of `count` 10 ms frames (default: the whole recording), computed only inside
 * `regions` (seconds); the others stay 0. The same detector as `frameFeatures`.
 */
export function pitchFrames(
  audio: MonoAudio,
  regions: { start: number; end: number }[],
  count = Math.floor(audio.samples.length / audio.rate / FRAME_STEP),
): Float32Array {
  const low = resample(lowPass(audio), PITCH_RATE);
  const detect = Macleod({ sampleRate: PITCH_RATE, bufferSize: PITCH_FRAME });
  const pitch = new Float32Array(count);
  for (const r of regions) {
    for (let k = Math.max(0, Math.floor(r.start / FRAME_STEP)); k < Math.min(count, r.end / FRAME_STEP); k++) {
      const from = Math.round(k * FRAME_STEP * PITCH_RATE);
      if (from + PITCH_FRAME > low.samples.length) break;
      const { freq, probability } = detect(low.samples.subarray(from, from + PITCH_FRAME));
      pitch[k] = probability >= CLARITY && freq >= PITCH_RANGE.min && freq <= PITCH_RANGE.max ? freq : 0;
    }
  }
  return pitch;
}

/** The median pitch (Hz; 0 when nothing is voiced) of the speech inside `regions` (seconds). */
export function medianPitch(audio: MonoAudio, regions: { start: number; end: number }[]): number {
  return voicedMedian(pitchFrames(audio, regions));
}

/** A 4 kHz-ish low pass (three-tap moving average twice) before down-sampling to 8 kHz. */
function lowPass(a: MonoAudio): MonoAudio {
  if (a.rate <= PITCH_RATE) return a;
  let x = a.samples;
  for (let pass = 0; pass < 2; pass++) {
    const y = new Float32Array(x.length);
    for (let i = 0; i < x.length; i++) y[i] = ((x[i - 1] ?? x[i]) + x[i] + (x[i + 1] ?? x[i])) / 3;
    x = y;
  }
  return { rate: a.rate, samples: x };
}

/** The median of the voiced (non-zero) values, or 0 when there is none. */
export function voicedMedian(values: ArrayLike<number>): number {
  const v = Array.from(values)
    .filter((x) => x > 0)
    .sort((a, b) => a - b);
  return v.length ? v[v.length >> 1] : 0;
}
