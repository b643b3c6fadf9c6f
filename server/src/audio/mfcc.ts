/**
 * Mel-frequency cepstral coefficients (MFCC), the features auto-sync compares (docs/notes/media-experiments.md, "Auto-sync: method").
 * Classic HTK-style recipe (Davis & Mermelstein 1980; Young et al., "The HTK Book", section 5.6): pre-emphasis
 * 0.97, 25 ms Hamming frames every 10 ms, power spectrum, 26 triangular mel filters between 60 Hz and 7,600 Hz,
 * log, DCT-II; coefficients c1..c12 are kept (c0, the loudness, differs between a synthetic and a real voice) and
 * then mean- and variance-normalised per signal (CMVN), so that a robot voice and a human one become comparable.
 * Samples are Float32 in [-1, 1]; rates in Hz; times in seconds.
 */

/** Frame step, seconds: one feature vector every 10 ms. */
export const FRAME_STEP = 0.01;
/** Frame length, seconds. */
export const FRAME_LENGTH = 0.025;
const FILTERS = 26;
const COEFFS = 12;

/** MFCC frames of a signal: `frames[k]` describes the audio around `k * FRAME_STEP` seconds; `energy[k]` in dB. */
export interface MfccFrames {
  frames: Float32Array[];
  /** Log energy of each frame, dBFS (for voice activity checks). */
  energy: Float32Array;
}

/** In-place iterative radix-2 FFT of `re`/`im` (length a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOf = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Triangular mel filter bank: per filter, weights over FFT bins `[from, from + weights.length)`. */
function filterBank(rate: number, nfft: number): { from: number; weights: Float64Array }[] {
  const lo = mel(60);
  const hi = mel(Math.min(7600, rate / 2));
  const points = Array.from({ length: FILTERS + 2 }, (_, i) => hzOf(lo + ((hi - lo) * i) / (FILTERS + 1)));
  const bin = (hz: number) => (hz * nfft) / rate;
  return Array.from({ length: FILTERS }, (_, f) => {
    const [a, b, c] = [bin(points[f]), bin(points[f + 1]), bin(points[f + 2])];
    const from = Math.ceil(a);
    const to = Math.floor(c);
    const weights = new Float64Array(Math.max(0, to - from + 1));
    for (let k = from; k <= to; k++) weights[k - from] = k <= b ? (k - a) / (b - a) : (c - k) / (c - b);
    return { from, weights };
  });
}

/**
 * Computes normalised MFCC frames (12 coefficients each, c1..c12, CMVN) of `samples` at `rate` Hz.
 * An empty or sub-frame signal gives no frames. `normalise: false` leaves the CMVN out, for a signal analysed in
 * blocks whose frames are normalised together afterwards (`normaliseFrames`, speaker-features.ts).
 */
export function mfcc(samples: Float32Array, rate: number, options: { normalise?: boolean } = {}): MfccFrames {
  const len = Math.round(FRAME_LENGTH * rate);
  const step = Math.round(FRAME_STEP * rate);
  let nfft = 1;
  while (nfft < len) nfft <<= 1;
  const bank = filterBank(rate, nfft);
  const hamming = Float64Array.from({ length: len }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (len - 1)));
  const dct = Array.from({ length: COEFFS }, (_, c) =>
    Float64Array.from({ length: FILTERS }, (_, f) => Math.cos((Math.PI * (c + 1) * (f + 0.5)) / FILTERS)),
  );
  const count = samples.length < len ? 0 : 1 + Math.floor((samples.length - len) / step);
  const frames: Float32Array[] = [];
  const energy = new Float32Array(count);
  const re = new Float64Array(nfft);
  const im = new Float64Array(nfft);
  const logMel = new Float64Array(FILTERS);
  for (let k = 0; k < count; k++) {
    const off = k * step;
    re.fill(0);
    im.fill(0);
    let e = 0;
    for (let i = 0; i < len; i++) {
      const x = samples[off + i] - (off + i > 0 ? 0.97 * samples[off + i - 1] : 0);
      e += samples[off + i] * samples[off + i];
      re[i] = x * hamming[i];
    }
    energy[k] = 10 * Math.log10(e / len + 1e-12);
    fft(re, im);
    for (let f = 0; f < FILTERS; f++) {
      const { from, weights } = bank[f];
      let s = 0;
      for (let w = 0; w < weights.length; w++) s += weights[w] * (re[from + w] ** 2 + im[from + w] ** 2);
      logMel[f] = Math.log(s + 1e-10);
    }
    const v = new Float32Array(COEFFS + 1);
    for (let c = 0; c < COEFFS; c++) {
      let s = 0;
      for (let f = 0; f < FILTERS; f++) s += dct[c][f] * logMel[f];
      v[c] = s;
    }
    v[COEFFS] = energy[k];
    frames.push(v);
  }
  if (options.normalise !== false) normaliseFrames(frames);
  return { frames, energy };
}

/** Cepstral mean and variance normalisation over all frames (in place). */
export function normaliseFrames(frames: Float32Array[]): void {
  if (!frames.length) return;
  for (let c = 0; c <= COEFFS; c++) {
    let sum = 0;
    let sq = 0;
    for (const f of frames) {
      sum += f[c];
      sq += f[c] * f[c];
    }
    const mean = sum / frames.length;
    const sd = Math.sqrt(Math.max(1e-9, sq / frames.length - mean * mean));
    for (const f of frames) f[c] = (f[c] - mean) / sd;
  }
}
