/**
 * Short-window voice features of the classic speaker engine (classic.ts): per 10 ms frame the MFCC vector
 * (mfcc.ts: c1..c12 and the frame's level, normalised over the recording) and the pitch (the McLeod pitch
 * method, McLeod & Wyvill 2005, through `pitchfinder`, on a 40 ms frame of the signal down-sampled to 8 kHz; 0 when
 * its clarity is under CLARITY or the pitch outside 60-400 Hz). Samples Float32 in [-1, 1]; rates in Hz; times in
 * seconds.
 */
import { open } from 'node:fs/promises';
import { Macleod } from 'pitchfinder';
import { FRAME_LENGTH, FRAME_STEP, mfcc } from './mfcc.ts';
import { readWavLayout, resample, type MonoAudio } from './wav.ts';

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
 * Computes the frame features; pitch only for frames inside `regions` (seconds), the rest stay 0, or `pitch` when
 * given (Hz per frame, as `pitchFrames` measures it: the speech detector's track, not measured twice).
 */
export function frameFeatures(
  audio: MonoAudio,
  regions: { start: number; end: number }[],
  pitch?: Float32Array,
): FrameFeatures {
  const { frames } = mfcc(audio.samples, audio.rate);
  const track = new Float32Array(frames.length);
  if (pitch) track.set(pitch.subarray(0, frames.length));
  else pitchInto(track, resample(lowPass(audio), PITCH_RATE).samples, 0, frames.length, regions);
  return { mfcc: frames, pitch: track };
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
 * Fills `pitch[k - base]` for the frames `k` in [`from`, `to`) inside `regions` from `low`, the low-passed audio at
 * PITCH_RATE starting at frame `from`'s first sample (and reaching at least one pitch frame past frame `to`, else
 * the last ones stay 0).
 */
export function pitchInto(
  pitch: Float32Array,
  low: Float32Array,
  from: number,
  to: number,
  regions: readonly { start: number; end: number }[],
  base = 0,
): void {
  const detect = Macleod({ sampleRate: PITCH_RATE, bufferSize: PITCH_FRAME });
  const origin = Math.round(from * FRAME_STEP * PITCH_RATE);
  for (const r of regions) {
    const last = Math.min(to, r.end / FRAME_STEP);
    for (let k = Math.max(from, Math.floor(r.start / FRAME_STEP)); k < last; k++) {
      const at = Math.round(k * FRAME_STEP * PITCH_RATE) - origin;
      if (at + PITCH_FRAME > low.length) break;
      const { freq, probability } = detect(low.subarray(at, at + PITCH_FRAME));
      pitch[k - base] = probability >= CLARITY && freq >= PITCH_RANGE.min && freq <= PITCH_RANGE.max ? freq : 0;
    }
  }
}

/** Length of one block of a WAV file analysed at a time by `spanFeaturesOfWav`, seconds. */
export const BLOCK_SECONDS = 30;
/** MFCC coefficients kept per frame by `spanFeaturesOfWav`: c1..c12 (the frame's level is not a voice feature). */
export const SPAN_DIMS = 12;

/** A run of 10 ms frames, `from` (included) to `to` (excluded), frame indices (frame k at k * FRAME_STEP s). */
export interface FrameSpan {
  from: number;
  to: number;
}

/**
 * Features of the frames of some spans of a recording: span `i` has the frames `offsets[i]` … `offsets[i + 1] - 1`
 * of `mfcc` (SPAN_DIMS floats a frame, c1..c12 normalised over the whole recording) and of `pitch` (Hz, 0 unvoiced).
 */
export interface SpanFeatures {
  mfcc: Float32Array;
  pitch: Float32Array;
  offsets: number[];
}

/** How many 10 ms MFCC frames (mfcc.ts) `samples` samples at `rate` Hz give. */
export function mfccFrameCount(samples: number, rate: number): number {
  const len = Math.round(FRAME_LENGTH * rate);
  return samples < len ? 0 : 1 + Math.floor((samples - len) / Math.round(FRAME_STEP * rate));
}

/**
 * The features of the frames of `spans` (sorted by `from`; the speakers engine's pieces of speech) of a 16 kHz mono
 * WAV file (what the pipeline extracts), read BLOCK_SECONDS at a time, the pitch computed inside `regions`
 * (seconds) as `frameFeatures` does. Memory (issue 25): one block of samples, and 52 bytes per kept frame (12 MFCC
 * floats and the pitch, one typed array each: 19 MB for an hour of speech, off the JavaScript heap). The MFCC mean
 * and variance normalisation sums every frame of the recording as it goes (the same sums, in the same order, as
 * `normaliseFrames`), then normalises the kept frames: the figures equal those of `frameFeatures` on the whole
 * signal except where a block starts (the pre-emphasis of its first sample and the low pass's first two samples do
 * not see the previous block), which moves no figure measurably. Frames outside the spans are computed for the
 * normalisation and dropped (an array of one Float32Array per frame of the recording took ~290 bytes of heap per
 * 10 ms, and the heap grew to 4-5 times that: ~80 MB per 10 minutes).
 * @throws Error when the file is not 16 kHz mono 16-bit PCM WAV (then read it whole and call `frameFeatures`);
 *         the signal's reason when aborted.
 */
export async function spanFeaturesOfWav(
  wavPath: string,
  spans: readonly FrameSpan[],
  regions: { start: number; end: number }[],
  signal?: AbortSignal,
): Promise<SpanFeatures> {
  const offsets = [0];
  for (const p of spans) offsets.push(offsets.at(-1)! + (p.to - p.from));
  const kept = offsets.at(-1)!;
  const out: SpanFeatures = { mfcc: new Float32Array(kept * SPAN_DIMS), pitch: new Float32Array(kept), offsets };
  const sum = new Float64Array(SPAN_DIMS);
  const sq = new Float64Array(SPAN_DIMS);
  let total = 0;
  let first = 0; // the first span that may still take frames
  const sorted = [...regions].sort((a, b) => a.start - b.start);
  for await (const b of wavBlocks(wavPath, { signal })) {
    const analysed = mfcc(b.samples, 16000, { normalise: false }).frames;
    const pitch = new Float32Array(b.to - b.from);
    const near = sorted.filter((r) => r.end >= b.from * FRAME_STEP && r.start < b.to * FRAME_STEP);
    pitchInto(pitch, b.low, b.from, b.to, near, b.from);
    for (let k = 0; k < b.to - b.from; k++)
      for (let c = 0; c < SPAN_DIMS; c++) {
        sum[c] += analysed[k][c];
        sq[c] += analysed[k][c] * analysed[k][c];
      }
    total = b.to;
    while (first < spans.length && spans[first].to <= b.from) first++;
    for (let i = first; i < spans.length && spans[i].from < b.to; i++) {
      const span = spans[i];
      for (let k = Math.max(span.from, b.from); k < Math.min(span.to, b.to); k++) {
        const at = offsets[i] + k - span.from;
        out.mfcc.set(analysed[k - b.from].subarray(0, SPAN_DIMS), at * SPAN_DIMS);
        out.pitch[at] = pitch[k - b.from];
      }
    }
  }
  // normaliseFrames's figures: the mean and standard deviation of each coefficient over all `total` frames.
  for (let c = 0; c < SPAN_DIMS && total; c++) {
    const mean = sum[c] / total;
    const sd = Math.sqrt(Math.max(1e-9, sq[c] / total - mean * mean));
    for (let at = c; at < out.mfcc.length; at += SPAN_DIMS) out.mfcc[at] = (out.mfcc[at] - mean) / sd;
  }
  return out;
}

/** One block of `wavBlocks`: the MFCC frames `from` … `to` - 1, their samples, and the low-passed 8 kHz signal. */
interface WavBlock {
  from: number;
  to: number;
  /** 16 kHz samples from frame `from`'s first sample, to past frame `to`'s (the last frame's windows). */
  samples: Float32Array;
  /** `resample(lowPass(...), PITCH_RATE)` of the samples, from frame `from`'s first sample. */
  low: Float32Array;
}

/** What a block reads past its end, seconds: the last frame's MFCC window and pitch window (40 ms at most). */
const BLOCK_OVERLAP_SECONDS = 0.05;

/** Options of `wavBlocks`. */
export interface WavBlockOptions {
  signal?: AbortSignal;
  /**
   * Samples (an even number) read before each block's start and low-passed with it, so that its low-passed signal
   * equals the whole recording's; 0 (the default): the block's own samples only.
   */
  lead?: number;
  /** The 10 ms frames to cover, from the file's length in samples; default `mfccFrameCount`. */
  frames?: (samples: number) => number;
}

/**
 * The blocks of BLOCK_SECONDS of a 16 kHz mono 16-bit WAV file, one at a time (the buffers are reused: a block is
 * valid until the next one is asked for).
 * @throws Error when the file is not 16 kHz mono 16-bit PCM WAV; the signal's reason when aborted.
 */
export async function* wavBlocks(wavPath: string, opts: WavBlockOptions = {}): AsyncGenerator<WavBlock> {
  const { signal, lead = 0 } = opts;
  const layout = await readWavLayout(wavPath);
  const rate = layout.rate;
  if (rate !== 16000 || layout.channels !== 1 || layout.bits !== 16 || layout.format !== 1)
    throw new Error(`${wavPath}: the block reader takes 16 kHz mono 16-bit PCM`);
  const step = Math.round(FRAME_STEP * rate);
  const blockFrames = Math.round(BLOCK_SECONDS / FRAME_STEP);
  const total = opts.frames ? opts.frames(layout.frames) : mfccFrameCount(layout.frames, rate);
  // One set of buffers for every block: a block's samples, the two low-pass passes and the 8 kHz signal.
  const most = lead + blockFrames * step + Math.round(BLOCK_OVERLAP_SECONDS * rate);
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
      const before = Math.min(lead, from * step);
      const start = from * step - before;
      const want = Math.min(most, layout.frames - start);
      let got = 0;
      while (got < want * 2) {
        const { bytesRead } = await fh.read(raw, got, want * 2 - got, layout.dataOffset + start * 2 + got);
        if (!bytesRead) break;
        got += bytesRead;
      }
      const n = got >> 1;
      for (let i = 0; i < n; i++) samples[i] = raw.readInt16LE(i * 2) / 32768;
      // The low pass and the 16 -> 8 kHz step of `resample(lowPass(...))`, into the reused buffers.
      smooth3(samples.subarray(0, n), pass1.subarray(0, n));
      smooth3(pass1.subarray(0, n), pass2.subarray(0, n));
      const m = Math.max(1, Math.round(n / 2));
      for (let j = 0; j < m; j++) low[j] = pass2[2 * j] ?? 0;
      yield { from, to, samples: samples.subarray(before, n), low: low.subarray(before / 2, m) };
    }
  } finally {
    await fh.close();
  }
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
