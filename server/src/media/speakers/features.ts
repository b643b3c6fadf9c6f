/**
 * Short-window voice features of the classic speaker engine (classic.ts): per 10 ms frame the MFCC vector
 * (sync/mfcc.ts: c1..c12 and the frame's level, normalised over the recording) and the pitch (the McLeod pitch
 * method, McLeod & Wyvill 2005, through `pitchfinder`, on a 40 ms frame of the signal down-sampled to 8 kHz; 0 when
 * its clarity is under CLARITY or the pitch outside 60-400 Hz). Samples Float32 in [-1, 1]; rates in Hz; times in
 * seconds.
 */
import { open } from 'node:fs/promises';
import { Macleod } from 'pitchfinder';
import { FRAME_LENGTH, FRAME_STEP, mfcc, normaliseFrames } from '../sync/mfcc.ts';
import { readWavLayout, resample, type MonoAudio } from '../wav.ts';

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
  const pitch = new Float32Array(frames.length);
  pitchInto(pitch, resample(lowPass(audio), PITCH_RATE).samples, 0, frames.length, regions);
  return { mfcc: frames, pitch };
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
  const pitch = new Float32Array(count);
  pitchInto(pitch, resample(lowPass(audio), PITCH_RATE).samples, 0, count, regions);
  return pitch;
}

/** The median pitch (Hz; 0 when nothing is voiced) of the speech inside `regions` (seconds). */
export function medianPitch(audio: MonoAudio, regions: { start: number; end: number }[]): number {
  return voicedMedian(pitchFrames(audio, regions));
}

/**
 * Fills `pitch[k]` for the frames `k` in [`from`, `to`) inside `regions` from `low`, the low-passed audio at
 * PITCH_RATE starting at frame `from`'s first sample (and reaching at least one pitch frame past frame `to`, else
 * the last ones stay 0).
 */
function pitchInto(
  pitch: Float32Array,
  low: Float32Array,
  from: number,
  to: number,
  regions: { start: number; end: number }[],
): void {
  const detect = Macleod({ sampleRate: PITCH_RATE, bufferSize: PITCH_FRAME });
  const origin = Math.round(from * FRAME_STEP * PITCH_RATE);
  for (const r of regions) {
    const last = Math.min(to, r.end / FRAME_STEP);
    for (let k = Math.max(from, Math.floor(r.start / FRAME_STEP)); k < last; k++) {
      const at = Math.round(k * FRAME_STEP * PITCH_RATE) - origin;
      if (at + PITCH_FRAME > low.length) break;
      const { freq, probability } = detect(low.subarray(at, at + PITCH_FRAME));
      pitch[k] = probability >= CLARITY && freq >= PITCH_RANGE.min && freq <= PITCH_RANGE.max ? freq : 0;
    }
  }
}

/** Length of one block of a WAV file analysed at a time by `frameFeaturesOfWav`, seconds. */
export const BLOCK_SECONDS = 30;
/** What a block reads past its end, seconds: the last frame's MFCC window and pitch window (40 ms at most). */
const BLOCK_OVERLAP_SECONDS = 0.05;

/**
 * `frameFeatures` of a 16 kHz mono WAV file (what the pipeline extracts) read BLOCK_SECONDS at a time: memory
 * holds one block of samples and the features (13 + 1 floats per 10 ms frame, about 1/16 of the samples' size),
 * never the decoded recording (issue 25: an hour of speech read whole took over 1 GB in the speakers stage). The
 * frames equal those of the whole signal except where a block starts (the pre-emphasis of its first sample and the
 * low pass's first two samples do not see the previous block), which moves no figure measurably.
 * @throws Error when the file is not WAV or not 16 kHz (then read it whole and call `frameFeatures`); the
 *         signal's reason when aborted.
 */
export async function frameFeaturesOfWav(
  wavPath: string,
  regions: { start: number; end: number }[],
  signal?: AbortSignal,
): Promise<FrameFeatures> {
  const layout = await readWavLayout(wavPath);
  const rate = layout.rate;
  if (rate !== 16000 || layout.channels !== 1 || layout.bits !== 16 || layout.format !== 1)
    throw new Error(`${wavPath}: the block reader takes 16 kHz mono 16-bit PCM`);
  const step = Math.round(FRAME_STEP * rate);
  const blockFrames = Math.round(BLOCK_SECONDS / FRAME_STEP);
  const len = Math.round(FRAME_LENGTH * rate);
  const total = layout.frames < len ? 0 : 1 + Math.floor((layout.frames - len) / step);
  const frames: Float32Array[] = [];
  const pitch = new Float32Array(total);
  const sorted = [...regions].sort((a, b) => a.start - b.start);
  // One set of buffers for every block: a block's samples, the two low-pass passes and the 8 kHz signal.
  const most = blockFrames * step + Math.round(BLOCK_OVERLAP_SECONDS * rate);
  const raw = Buffer.alloc(most * 2);
  const samples = new Float32Array(most);
  const pass1 = new Float32Array(most);
  const pass2 = new Float32Array(most);
  const low = new Float32Array(Math.ceil(most / 2));
  const fh = await open(wavPath, 'r');
  try {
    for (let from = 0; from < total; from += blockFrames) {
      if (signal?.aborted) throw signal.reason;
      const to = Math.min(total, from + blockFrames);
      const want = Math.min(most, layout.frames - from * step);
      let got = 0;
      while (got < want * 2) {
        const { bytesRead } = await fh.read(raw, got, want * 2 - got, layout.dataOffset + from * step * 2 + got);
        if (!bytesRead) break;
        got += bytesRead;
      }
      const n = got >> 1;
      for (let i = 0; i < n; i++) samples[i] = raw.readInt16LE(i * 2) / 32768;
      const block = samples.subarray(0, n);
      const analysed = mfcc(block, rate, { normalise: false }).frames;
      for (let k = 0; k < to - from; k++) frames.push(analysed[k]);
      // The low pass and the 16 -> 8 kHz step of `resample(lowPass(...))`, into the reused buffers.
      smooth3(block, pass1.subarray(0, n));
      smooth3(pass1.subarray(0, n), pass2.subarray(0, n));
      const m = Math.max(1, Math.round(n / 2));
      for (let j = 0; j < m; j++) low[j] = pass2[2 * j] ?? 0;
      const near = sorted.filter((r) => r.end >= from * FRAME_STEP && r.start < to * FRAME_STEP);
      pitchInto(pitch, low.subarray(0, m), from, to, near);
    }
  } finally {
    await fh.close();
  }
  normaliseFrames(frames);
  return { mfcc: frames, pitch };
}

/** A 4 kHz-ish low pass (three-tap moving average twice) before down-sampling to 8 kHz. */
function lowPass(a: MonoAudio): MonoAudio {
  if (a.rate <= PITCH_RATE) return a;
  const once = new Float32Array(a.samples.length);
  const twice = new Float32Array(a.samples.length);
  smooth3(a.samples, once);
  smooth3(once, twice);
  return { rate: a.rate, samples: twice };
}

/** `y[i]` = the mean of `x[i - 1]`, `x[i]`, `x[i + 1]` (the ends repeat their sample); `y` as long as `x`. */
function smooth3(x: Float32Array, y: Float32Array): void {
  const n = x.length;
  for (let i = 0; i < n; i++) y[i] = ((i > 0 ? x[i - 1] : x[i]) + x[i] + (i + 1 < n ? x[i + 1] : x[i])) / 3;
}

/** The median of the voiced (non-zero) values, or 0 when there is none. */
export function voicedMedian(values: ArrayLike<number>): number {
  const v = Array.from(values)
    .filter((x) => x > 0)
    .sort((a, b) => a - b);
  return v.length ? v[v.length >> 1] : 0;
}
