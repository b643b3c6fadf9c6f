/**
 * A recording the OpenAI fake "knows" (for long media, where running a real recogniser over every upload would take
 * longer than the test may): its 16 kHz samples and the words spoken in it, seconds on its own timeline. An upload
 * that is any excerpt of it (cut anywhere, compressed as MP3 or Opus) is located by its loudness envelope, and
 * answered with the words whose middle falls inside the excerpt, on the excerpt's own timeline: what a real
 * recogniser answers for that audio.
 */
import type { MonoAudio } from '../../../server/src/audio/wav.ts';

/** A recording and its transcript (words with start/end seconds, in order). */
export interface HeldRecording {
  audio: MonoAudio;
  words: { text: string; start: number; end: number }[];
}

/** Envelope frame, seconds. */
const FRAME = 0.02;
/** Frames of an excerpt compared when locating it (30 s). */
const PROBE_FRAMES = 1500;

/** Loudness per FRAME in dB, clipped to [-60, 0]. */
function envelope(a: MonoAudio): Float32Array {
  const n = Math.round(a.rate * FRAME);
  const out = new Float32Array(Math.floor(a.samples.length / n));
  for (let f = 0; f < out.length; f++) {
    let sum = 0;
    for (let i = f * n; i < (f + 1) * n; i++) sum += a.samples[i] * a.samples[i];
    out[f] = Math.max(-60, Math.min(0, 10 * Math.log10(sum / n + 1e-10)));
  }
  return out;
}

/** Finds where an excerpt starts in a recording (seconds), by the least summed envelope difference. */
export function locateExcerpt(whole: Float32Array, excerpt: Float32Array): number {
  const probe = excerpt.subarray(0, Math.min(PROBE_FRAMES, excerpt.length));
  let best = 0;
  let bestCost = Infinity;
  for (let o = 0; o + probe.length <= whole.length; o++) {
    let cost = 0;
    for (let k = 0; k < probe.length && cost < bestCost; k++) cost += Math.abs(whole[o + k] - probe[k]);
    if (cost < bestCost) {
      bestCost = cost;
      best = o;
    }
  }
  return best * FRAME;
}

/** Answers uploads that are excerpts of `held`. */
export function heldRecogniser(held: HeldRecording) {
  const whole = envelope(held.audio);
  return {
    /** The words of an excerpt (16 kHz audio), seconds from its start. */
    words(excerpt: MonoAudio) {
      const from = locateExcerpt(whole, envelope(excerpt));
      const to = from + excerpt.samples.length / excerpt.rate;
      return held.words
        .filter((w) => (w.start + w.end) / 2 >= from && (w.start + w.end) / 2 < to)
        .map((w) => ({
          text: w.text,
          start: Math.max(0, w.start - from),
          end: Math.min(to - from, w.end - from),
        }));
    },
  };
}
