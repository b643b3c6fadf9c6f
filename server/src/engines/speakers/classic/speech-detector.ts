/**
 * The speech detector of the classic speaker engine when there is no transcript: speech is where the voice is
 * periodic. A frame is voiced when the McLeod pitch method finds a clear pitch in it (features.ts, the pitch the
 * engine already measures: clarity at least 0.7, 60-400 Hz) and it is at least SNR_DB above the recording's noise
 * floor; each voiced frame marks HANGOVER seconds on either side as speech (the unvoiced consonants and the short
 * pauses around a voiced nucleus), and a run of speech with fewer than MIN_VOICED seconds of voiced frames is
 * dropped (a click or a squeak with a moment of pitch). Inside each run, the regions are its frames at least SNR_DB
 * above the floor: the pauses between words and between turns stay out, as the engine's pieces should not span a
 * change of speaker.
 *
 * Why periodicity rather than level: in far-field meeting audio, paper, keyboards, chairs and the room's noise are
 * as loud above the floor as distant speech (measured on the AMI excerpts of ../shared/testdata/speakers: the
 * median non-speech 10 ms frame 7-18 dB above the floor, like the quieter speech), while frames with a clear pitch
 * are speech 25-55 % of the time and non-speech under 8 % of the time. The method is the periodicity / voicing
 * family of detectors (Tucker 1992, "Voice activity detection using a periodicity measure", IEE Proceedings I 139;
 * Kristjansson, Deligne & Olsen 2005, "Voicing features for robust speech detection", Interspeech) with the usual
 * hangover rule (ITU-T G.729 Annex B; Sohn, Kim & Sung 1999, "A statistical model-based voice activity detection",
 * IEEE Signal Processing Letters 6(1)). The noise floor is the 10th percentile of the 10 ms levels, as
 * media/voice-activity.ts and sync/voicing.ts take it. Samples Float32 in [-1, 1]; times in seconds.
 */
import { FRAME_LENGTH, FRAME_STEP } from '../../../audio/mfcc.ts';
import type { MonoAudio } from '../../../audio/wav.ts';
import { mfccFrameCount, pitchFrames } from '../../../audio/speaker-features.ts';

/** dB above the noise floor a voiced frame must reach (a hum or a far murmur at the floor is no speaker). */
const SNR_DB = 10;
/** Seconds of speech marked before and after each voiced frame: about one syllable's consonants and pauses. */
export const HANGOVER = 0.25;
/** Seconds of voiced frames a run of speech needs: at least a short vowel. */
const MIN_VOICED = 0.05;
/** The noise floor's percentile of the frame levels. */
const FLOOR_PERCENTILE = 0.1;

/**
 * Speech regions (seconds, in order, not overlapping) of `audio` from its pitch track `pitch` (Hz per 10 ms frame
 * k at k * FRAME_STEP s, 0 unvoiced: features.ts `pitchFrames` over the whole recording). Empty when nothing is
 * voiced above the floor (silence, noise, hum).
 */
export function speechRegionsOfPitch(audio: MonoAudio, pitch: Float32Array): { start: number; end: number }[] {
  const step = Math.round(FRAME_STEP * audio.rate);
  const len = Math.round(FRAME_LENGTH * audio.rate);
  const frames = Math.min(pitch.length, Math.max(0, Math.floor((audio.samples.length - len) / step) + 1));
  if (!frames) return [];
  const level = new Float64Array(frames);
  for (let k = 0; k < frames; k++) {
    let e = 0;
    for (let i = k * step; i < k * step + len; i++) e += audio.samples[i] ** 2;
    level[k] = 10 * Math.log10(e / len + 1e-12);
  }
  const floor = [...level].sort((x, y) => x - y)[Math.floor(frames * FLOOR_PERCENTILE)];
  const hang = Math.round(HANGOVER / FRAME_STEP);
  const runs: { from: number; to: number; voiced: number }[] = [];
  for (let k = 0; k < frames; k++) {
    if (!(pitch[k] > 0) || level[k] < floor + SNR_DB) continue;
    const from = Math.max(0, k - hang);
    const to = Math.min(frames, k + hang + 1);
    const last = runs.at(-1);
    if (last && from <= last.to) {
      last.to = to;
      last.voiced++;
    } else runs.push({ from, to, voiced: 1 });
  }
  const least = Math.round(MIN_VOICED / FRAME_STEP);
  // Inside each run, the frames above the floor by SNR_DB: the pauses between words and turns stay out.
  const out: { start: number; end: number }[] = [];
  for (const r of runs.filter((x) => x.voiced >= least)) {
    let open = -1;
    for (let k = r.from; k <= r.to; k++) {
      const loud = k < r.to && level[k] >= floor + SNR_DB;
      if (loud && open < 0) open = k;
      if (!loud && open >= 0) {
        out.push({ start: open * FRAME_STEP, end: k * FRAME_STEP });
        open = -1;
      }
    }
  }
  return out;
}

/**
 * Speech regions (seconds, in order) of `audio` (mono, 16 kHz as the pipeline extracts it) and its pitch track (Hz
 * per 10 ms frame, 0 unvoiced; the MFCC frames' count), measured over the whole recording.
 */
export function detectSpeech(audio: MonoAudio): { regions: { start: number; end: number }[]; pitch: Float32Array } {
  const frames = mfccFrameCount(audio.samples.length, audio.rate);
  const pitch = pitchFrames(audio, [{ start: 0, end: audio.samples.length / audio.rate }], frames);
  return { regions: speechRegionsOfPitch(audio, pitch), pitch };
}
