/**
 * The two speech detectors the pipeline chooses between per place, by measurement (issue 38): Silero VAD
 * (silero-vad.ts, a neural model run with onnxruntime-node) and the classic detectors of each place (levels over the
 * noise floor: voice-activity.ts for the no-speech check, ffmpeg silencedetect for the recogniser's pieces, the
 * block levels of sync/auto-sync.ts for auto-sync's snapping). Silero needs the pipeline's 16 kHz mono 16-bit WAV and
 * a runtime that loads; where it cannot run, the place falls back to its classic detector.
 * Times in seconds.
 */
import { SILERO_WINDOW, sileroProbabilities, sileroRegions, sileroSpeech } from './silero-vad.ts';

/** A speech detector: 'silero' (the neural model) or 'classic' (the place's level-based one). */
export type SpeechDetector = 'silero' | 'classic';

/** A speech region, seconds `[start, end)`. */
export interface SpeechSpan {
  start: number;
  end: number;
}

/**
 * Silero's speech regions of `wavPath`, or null when Silero cannot run on it (no onnxruntime binary for this
 * platform, the model missing, or a WAV that is not 16 kHz mono 16-bit PCM): the caller then uses its classic one.
 * @throws the signal's reason when aborted.
 */
export async function sileroOrNull(wavPath: string, signal?: AbortSignal): Promise<SpeechSpan[] | null> {
  try {
    return await sileroSpeech(wavPath, signal);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    void err;
    return null;
  }
}

/**
 * Seconds of speech Silero finds in `wavPath` (a 16 kHz mono 16-bit WAV), reading only until `enough` seconds are
 * found (then at least `enough`; the whole file when there is less), or null when Silero cannot run on it.
 * @throws the signal's reason when aborted.
 */
export async function sileroSpeechSeconds(
  wavPath: string,
  enough: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const seconds = (prob: Float32Array) =>
    sileroRegions(prob, (prob.length * SILERO_WINDOW) / 16000).reduce((n, r) => n + r.end - r.start, 0);
  try {
    const prob = await sileroProbabilities(wavPath, signal, (p, done) => seconds(p.subarray(0, done)) >= enough);
    return seconds(prob);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    void err;
    return null;
  }
}

/** Whether each of `count` frames of `step` seconds (frame k at k * step) lies inside one of `regions`. */
export function framesInRegions(regions: SpeechSpan[], count: number, step: number): Uint8Array {
  const out = new Uint8Array(count);
  for (const r of regions)
    for (let k = Math.max(0, Math.floor(r.start / step)); k < Math.min(count, Math.ceil(r.end / step)); k++) out[k] = 1;
  return out;
}

/** The pauses between `regions` (and before the first, after the last) of at least `min` seconds, within `duration`. */
export function pausesBetween(regions: SpeechSpan[], duration: number, min: number): SpeechSpan[] {
  const out: SpeechSpan[] = [];
  let at = 0;
  for (const r of [...regions, { start: duration, end: duration }]) {
    if (r.start - at >= min) out.push({ start: at, end: r.start });
    at = Math.max(at, r.end);
  }
  return out;
}
