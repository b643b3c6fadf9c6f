/**
 * The background of a recording: the original minus its isolated voice (issue 21 item 4). A separation service's
 * voice is not sample-exact (an MP3 answer's delay, its own gain), so it is aligned first: per block of
 * BLOCK_SECONDS the lag by cross-correlation (on an 8x decimated signal within +-MAX_LAG_SECONDS, then refined at
 * the full rate), a block whose voice is too quiet or too unlike the original taking the nearest confident block's
 * lag; then per block and channel the least-squares gain of the lagged voice against the original, interpolated
 * linearly between block centres (a silent block takes its neighbour's gain, so speech starting near a block edge is
 * removed in full). The files are read in blocks (three passes: lags, gains, subtraction): memory holds a few blocks
 * whatever the length. Positions in samples (frames of all channels), rates in Hz.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { readWavLayout, type WavLayout } from '../audio/wav.ts';

/** Block of alignment, seconds: long enough for a stable gain, short enough to follow a service's gain changes. */
export const BLOCK_SECONDS = 4;
/** Largest lag searched, seconds (an MP3 decoder's delay is under 0.03 s). */
export const MAX_LAG_SECONDS = 0.1;
/** Decimation of the coarse lag search. */
const DECIMATE = 8;
/** Normalised correlation from which a block's lag is trusted. */
const MIN_SCORE = 0.2;
/** Voice RMS below which a block counts as silent (about -60 dBFS). */
const SILENT_RMS = 0.001;
/** Largest gain applied (a service does not raise a voice 12 dB). */
const MAX_GAIN = 4;

/** One block's alignment: `lag` samples (the voice's sample `i + lag` is the original's `i`) and gain per channel. */
export interface BlockAlignment {
  lag: number;
  gains: number[];
  /** False when the block's voice is silent (its lag and gains were taken from a neighbour). */
  voiced: boolean;
}

/**
 * The lag (samples, within +-`maxLag`) at which `voice` best matches `orig`, and its normalised correlation (0..1).
 * `voice` holds `orig.length + 2 * maxLag` samples, starting `maxLag` samples before `orig`'s first.
 */
export function estimateLag(orig: Float32Array, voice: Float32Array, maxLag: number): { lag: number; score: number } {
  const n = orig.length;
  const dec = (x: Float32Array) => {
    const out = new Float32Array(Math.floor(x.length / DECIMATE));
    for (let j = 0; j < out.length; j++) {
      let s = 0;
      for (let k = 0; k < DECIMATE; k++) s += x[j * DECIMATE + k];
      out[j] = s / DECIMATE;
    }
    return out;
  };
  const od = dec(orig);
  const vd = dec(voice);
  const md = Math.floor(maxLag / DECIMATE);
  let best = { lag: 0, c: -Infinity };
  for (let l = -md; l <= md; l++) {
    let c = 0;
    for (let j = 0; j < od.length; j++) c += od[j] * (vd[j + l + md] ?? 0);
    if (c > best.c) best = { lag: l * DECIMATE, c };
  }
  let fine = { lag: best.lag, score: 0 };
  let oo = 0;
  for (let i = 0; i < n; i++) oo += orig[i] * orig[i];
  for (let l = Math.max(-maxLag, best.lag - DECIMATE); l <= Math.min(maxLag, best.lag + DECIMATE); l++) {
    let c = 0;
    let vv = 0;
    for (let i = 0; i < n; i++) {
      const v = voice[i + l + maxLag] ?? 0;
      c += orig[i] * v;
      vv += v * v;
    }
    const score = oo > 0 && vv > 0 ? c / Math.sqrt(oo * vv) : 0;
    if (score > fine.score) fine = { lag: l, score };
  }
  return fine;
}

/** Least-squares gain of `voice` (from sample `offset`) against `orig`: sum(o v) / sum(v v), within [0, MAX_GAIN]. */
export function leastSquaresGain(orig: Float32Array, voice: Float32Array, offset: number): number {
  let ov = 0;
  let vv = 0;
  for (let i = 0; i < orig.length; i++) {
    const v = voice[i + offset] ?? 0;
    ov += orig[i] * v;
    vv += v * v;
  }
  return vv > 0 ? Math.min(MAX_GAIN, Math.max(0, ov / vv)) : 0;
}

/** A 16-bit PCM WAV open for reading frames at any position (zeros outside the file). */
interface PcmReader {
  layout: WavLayout;
  /** Frames `[at, at + count)`, one Float32Array per channel (reused buffers of at least `count`). */
  read(at: number, count: number, out: Float32Array[]): Promise<void>;
  close(): Promise<void>;
}

async function openPcm(path: string): Promise<PcmReader> {
  const layout = await readWavLayout(path);
  if (layout.format !== 1 || layout.bits !== 16) throw new Error(`${path}: 16-bit PCM expected`);
  const fh: FileHandle = await open(path, 'r');
  const ch = layout.channels;
  let raw = Buffer.alloc(0);
  return {
    layout,
    async read(at, count, out) {
      for (const o of out) o.fill(0, 0, count);
      const from = Math.max(0, at);
      const to = Math.min(layout.frames, at + count);
      if (to <= from) return;
      const bytes = (to - from) * ch * 2;
      if (raw.length < bytes) raw = Buffer.alloc(bytes);
      let got = 0;
      while (got < bytes) {
        const r = await fh.read(raw, got, bytes - got, layout.dataOffset + from * ch * 2 + got);
        if (!r.bytesRead) break;
        got += r.bytesRead;
      }
      for (let i = 0; i < (to - from) * ch; i++)
        out[i % ch][from - at + Math.floor(i / ch)] = raw.readInt16LE(i * 2) / 32768;
    },
    close: () => fh.close(),
  };
}

const channelBuffers = (channels: number, n: number) => Array.from({ length: channels }, () => new Float32Array(n));

/**
 * The alignment of `voicePath` (mono 16-bit WAV, the isolated voice) against `originalPath` (16-bit WAV, any
 * channels, the same rate), per block of BLOCK_SECONDS.
 * @throws Error when a file is not 16-bit PCM WAV or the rates or channel counts do not match; the signal's reason.
 */
export async function alignVoice(
  originalPath: string,
  voicePath: string,
  signal?: AbortSignal,
): Promise<BlockAlignment[]> {
  const [orig, voice] = [await openPcm(originalPath), await openPcm(voicePath)];
  try {
    const { rate, channels, frames } = orig.layout;
    if (voice.layout.rate !== rate || voice.layout.channels !== 1)
      throw new Error(`${voicePath}: the voice must be mono at the original's ${rate} Hz`);
    const block = Math.round(BLOCK_SECONDS * rate);
    const maxLag = Math.round(MAX_LAG_SECONDS * rate);
    const count = Math.ceil(frames / block);
    const o = channelBuffers(channels, block);
    const mono = new Float32Array(block);
    const v = [new Float32Array(block + 2 * maxLag)];
    const lags: Array<{ lag: number; score: number; rms: number }> = [];
    // Pass 1: each block's lag on the original's mono sum.
    for (let k = 0; k < count; k++) {
      if (signal?.aborted) throw signal.reason;
      const n = Math.min(block, frames - k * block);
      await orig.read(k * block, n, o);
      await voice.read(k * block - maxLag, n + 2 * maxLag, v);
      let e = 0;
      for (let i = 0; i < n + 2 * maxLag; i++) e += v[0][i] * v[0][i];
      const rms = Math.sqrt(e / (n + 2 * maxLag));
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let c = 0; c < channels; c++) s += o[c][i];
        mono[i] = s / channels;
      }
      lags.push(
        rms < SILENT_RMS
          ? { lag: 0, score: 0, rms }
          : { ...estimateLag(mono.subarray(0, n), v[0].subarray(0, n + 2 * maxLag), maxLag), rms },
      );
    }
    const trusted = lags.map((l) => l.rms >= SILENT_RMS && l.score >= MIN_SCORE);
    const lagOf = nearestFill(
      lags.map((l, k) => (trusted[k] ? l.lag : undefined)),
      0,
    );
    // Pass 2: each voiced block's gain per channel at its lag.
    const gains: Array<number[] | undefined> = [];
    for (let k = 0; k < count; k++) {
      if (signal?.aborted) throw signal.reason;
      if (lags[k].rms < SILENT_RMS) {
        gains.push(undefined);
        continue;
      }
      const n = Math.min(block, frames - k * block);
      await orig.read(k * block, n, o);
      await voice.read(k * block + lagOf[k], n, v);
      gains.push(o.map((x) => leastSquaresGain(x.subarray(0, n), v[0], 0)));
    }
    const filled = nearestFill(gains, new Array<number>(channels).fill(0));
    return lags.map((l, k) => ({ lag: lagOf[k], gains: filled[k], voiced: l.rms >= SILENT_RMS }));
  } finally {
    await orig.close();
    await voice.close();
  }
}

/** Each undefined entry replaced by the nearest defined one (the earlier on a tie); all `none` when none is. */
function nearestFill<T>(xs: Array<T | undefined>, none: T): T[] {
  const out = new Array<T>(xs.length);
  let last: number | undefined;
  const next = new Array<number | undefined>(xs.length);
  for (let k = xs.length - 1, n: number | undefined; k >= 0; k--) {
    if (xs[k] !== undefined) n = k;
    next[k] = n;
  }
  for (let k = 0; k < xs.length; k++) {
    if (xs[k] !== undefined) last = k;
    const n = next[k];
    const pick = last === undefined ? n : n === undefined ? last : k - last <= n - k ? last : n;
    out[k] = pick === undefined ? none : (xs[pick] as T);
  }
  return out;
}

/**
 * Writes the original minus the aligned voice (`alignment` from `alignVoice`) as raw interleaved 16-bit
 * little-endian PCM (the original's rate and channels) to `outPath`, block by block.
 * @returns the rate and channel count written.
 * @throws as alignVoice; the file system's errors.
 */
export async function subtractVoice(
  originalPath: string,
  voicePath: string,
  alignment: BlockAlignment[],
  outPath: string,
  signal?: AbortSignal,
): Promise<{ rate: number; channels: number }> {
  const [orig, voice] = [await openPcm(originalPath), await openPcm(voicePath)];
  const out = await open(outPath, 'w');
  try {
    const { rate, channels, frames } = orig.layout;
    const block = Math.round(BLOCK_SECONDS * rate);
    const o = channelBuffers(channels, block);
    const v = [new Float32Array(block)];
    const pcm = Buffer.alloc(block * channels * 2);
    for (let k = 0; k < alignment.length; k++) {
      if (signal?.aborted) throw signal.reason;
      const n = Math.min(block, frames - k * block);
      await orig.read(k * block, n, o);
      await voice.read(k * block + alignment[k].lag, n, v);
      for (let i = 0; i < n; i++) {
        // Gains between block centres: this block's and the neighbour on this sample's side.
        const t = (k * block + i) / block - 0.5;
        const k0 = Math.max(0, Math.min(alignment.length - 1, Math.floor(t)));
        const k1 = Math.min(alignment.length - 1, k0 + 1);
        const f = Math.max(0, Math.min(1, t - k0));
        for (let c = 0; c < channels; c++) {
          const g = alignment[k0].gains[c] * (1 - f) + alignment[k1].gains[c] * f;
          const x = o[c][i] - g * v[0][i];
          pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(x * 32767))), (i * channels + c) * 2);
        }
      }
      await out.write(pcm, 0, n * channels * 2, k * block * channels * 2);
    }
    return { rate, channels };
  } finally {
    await out.close();
    await orig.close();
    await voice.close();
  }
}
