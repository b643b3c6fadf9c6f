/**
 * Transcript auto-sync: a plain text with no times plus the recording it is spoken in -> timed words and cues.
 * Method (as aeneas, Pettarin 2015-2017): synthesise the text with espeak-ng word by word (reference-speech.ts),
 * compute MFCC features of the reference and of the recording (mfcc.ts, 10 ms frames), align them by dynamic time
 * warping (dtw.ts: Sakoe-Chiba band, multi-resolution for long media), and carry each word's reference span over
 * the warping path: a word starts at the first recording frame matched to its first reference frame and ends at
 * the last recording frame matched to its last one. Cues are then cut by the subtitle rules (cue-cutter.ts).
 * Measured accuracy: docs/notes/media-experiments.md ("Auto-sync: measured accuracy"). Times in seconds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rulesFor, type CueSettings } from '../../../../contract/cue-rules.ts';
import type { Cue } from '../../../../contract/cues.ts';
import { cutCues, type TimedWord } from '../cue-cutter.ts';
import { groupIntoSentences } from '../sentences.ts';
import { framesInRegions, sileroOrNull, type SpeechDetector } from '../../audio/speech-detection.ts';
import { readWav, resample, type MonoAudio } from '../../audio/wav.ts';
import { align } from './dtw.ts';
import { FRAME_LENGTH, FRAME_STEP, mfcc } from '../../audio/mfcc.ts';
import { synthesiseReference, SYNC_RATE } from './reference-speech.ts';

/** Languages written without spaces: words come from `Intl.Segmenter`. */
const UNSPACED = new Set(['zh', 'ja']);

/**
 * Splits a transcript into display words, punctuation kept on the word before it (cue rules read it).
 * Spaced scripts split at white space; Chinese and Japanese by `Intl.Segmenter` words.
 */
export function transcriptWords(text: string, language: string): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  if (!UNSPACED.has(language)) return clean.split(' ');
  const out: string[] = [];
  for (const s of new Intl.Segmenter(language, { granularity: 'word' }).segment(clean)) {
    if (!s.segment.trim()) continue;
    if (s.isWordLike || !out.length) out.push(s.segment);
    else out[out.length - 1] += s.segment;
  }
  return out;
}

/** Level in dB of each 10 ms block of `a`. */
function blockLevels(a: MonoAudio): Float64Array {
  const n = Math.round(FRAME_STEP * a.rate);
  const out = new Float64Array(Math.floor(a.samples.length / n));
  for (let b = 0; b < out.length; b++) {
    let e = 0;
    for (let i = b * n; i < (b + 1) * n; i++) e += a.samples[i] * a.samples[i];
    out[b] = 10 * Math.log10(e / n + 1e-12);
  }
  return out;
}
const percentile = (v: Float64Array, p: number) => {
  const s = Float64Array.from(v).sort();
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? -120;
};

/**
 * Lays the recording's own background noise under the reference at the recording's signal-to-noise ratio: the
 * quietest 0.3 s of the recording, looped. Silence then looks the same in both signals (same level relative to
 * speech, same spectrum), so the warping matches the recording's pauses with the reference's.
 */
function withBackground(reference: MonoAudio, recording: MonoAudio): Float32Array {
  const levels = blockLevels(recording);
  const win = 30;
  let quietest = 0;
  let best = Infinity;
  for (let b = 0; b + win <= levels.length; b += 5) {
    let s = 0;
    for (let k = b; k < b + win; k++) s += 10 ** (levels[k] / 10);
    if (s < best) {
      best = s;
      quietest = b;
    }
  }
  const n = Math.round(FRAME_STEP * recording.rate);
  const noise = recording.samples.subarray(quietest * n, (quietest + win) * n);
  const gain = 10 ** ((percentile(blockLevels(reference), 0.95) - percentile(levels, 0.95)) / 20);
  return dither(reference.samples.map((x, i) => x + (noise.length ? noise[i % noise.length] * gain : 0)));
}

/** Adds white noise at -100 dBFS (fixed seed), so even digital silence has defined features. */
function dither(samples: Float32Array): Float32Array {
  let seed = 12345;
  return samples.map((x) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return x + ((seed / 0x7fffffff) * 2 - 1) * 1e-5;
  });
}

/** Options of `syncTranscript`. */
export interface SyncOptions {
  signal?: AbortSignal;
  /** Folder for the reference's clips (a private temporary folder, removed afterwards, when omitted). */
  workDir?: string;
  /** What tells the pauses boundaries are moved out of (default SYNC_DETECTOR; 'silero' falls back to 'classic'). */
  detector?: SpeechDetector;
}

/**
 * The detector of the pauses word boundaries are snapped out of: the classic block levels, as Silero measured no
 * better (`npm run bench:sync`, leopard_test_es + jfk + LJ001-0001..0004): boundary error median 0.04 s both, mean
 * 0.074 s classic and 0.076 s Silero, worst 0.993 s both; worst first/last cue error 0.498 s classic and 0.468 s
 * Silero (leopard_test_es's cues 0.010 s off against 0.050 s; its reference is itself level-based, sync/voicing.ts);
 * real-time factor 0.099 against 0.206. 'silero' stays an option.
 */
export const SYNC_DETECTOR: SpeechDetector = 'classic';

/**
 * Aligns `text` (in `language`, a base code) to the speech in `wavPath` (PCM WAV, any rate; 16 kHz mono from
 * probe.ts's extractSpeechWav is what the pipeline gives). Returns one timed word per transcript word, in order.
 * @throws Error from espeak-ng or when the text has no words; the signal's reason when aborted.
 */
export async function syncTranscript(
  wavPath: string,
  text: string,
  language: string,
  opts: SyncOptions = {},
): Promise<TimedWord[]> {
  const words = transcriptWords(text, language);
  if (!words.length) throw new Error('The transcript has no words');
  const dir = opts.workDir ?? (await mkdtemp(path.join(os.tmpdir(), 'tarjama-sync-')));
  try {
    const reference = await synthesiseReference(words, language, dir, opts.signal);
    const recording = resample(await readWav(wavPath), SYNC_RATE);
    const ref = mfcc(withBackground(reference.audio, recording), SYNC_RATE);
    const rec = mfcc(dither(recording.samples), SYNC_RATE);
    opts.signal?.throwIfAborted();
    const pathAB = align(ref.frames, rec.frames);
    const first = new Int32Array(ref.frames.length).fill(-1);
    const last = new Int32Array(ref.frames.length);
    for (let k = 0; k < pathAB.a.length; k++) {
      const i = pathAB.a[k];
      if (first[i] < 0) first[i] = pathAB.b[k];
      last[i] = pathAB.b[k];
    }
    const frameOf = (t: number) => Math.max(0, Math.min(ref.frames.length - 1, Math.round(t / FRAME_STEP)));
    // A frame's features describe the 25 ms from its start: its centre is FRAME_LENGTH / 2 later.
    const timeOf = (j: number) => j * FRAME_STEP + FRAME_LENGTH / 2;
    const duration = recording.samples.length / SYNC_RATE;
    const timed: TimedWord[] = reference.spans.map((s, k) => ({
      text: words[k],
      start: timeOf(first[frameOf(s.start)]),
      // The end: where the recording reaches the reference's first frame after the word (its pause or the next
      // word), which the warping places more sharply than the word's own fading last frame.
      end: timeOf(first[frameOf(s.end)]) - FRAME_STEP,
    }));
    const levels = blockLevels(recording);
    const regions = (opts.detector ?? SYNC_DETECTOR) === 'silero' ? await sileroOrNull(wavPath, opts.signal) : null;
    const inSpeech = regions && framesInRegions(regions, levels.length, FRAME_STEP);
    snapToSpeech(timed, inSpeech ? (b) => b < 0 || b >= levels.length || !inSpeech[b] : levelSilence(levels));
    let prevEnd = 0;
    for (const w of timed) {
      w.start = round(Math.min(duration, Math.max(prevEnd, w.start)));
      w.end = round(Math.min(duration, Math.max(w.start + 0.01, w.end)));
      prevEnd = w.end;
    }
    return timed;
  } finally {
    if (!opts.workDir) await rm(dir, { recursive: true, force: true });
  }
}

/** Timed words -> cues by the subtitle rules of `language` (sentences at punctuation and long pauses). */
export function cuesFromWords(words: TimedWord[], language: string, settings?: CueSettings): Cue[] {
  return cutCues(groupIntoSentences(words, []), language, rulesFor(language, settings));
}

/** Farthest a boundary moves to leave a pause, seconds. */
const MAX_SNAP = 0.5;

/**
 * The classic silence of 10 ms block `b`: below the noise floor (10th percentile of `levels`) plus a quarter of
 * the way to the speech level (95th percentile), or outside the recording.
 */
function levelSilence(levels: Float64Array): (b: number) => boolean {
  const floor = percentile(levels, 0.1);
  const threshold = floor + 0.25 * (percentile(levels, 0.95) - floor);
  return (b) => b < 0 || b >= levels.length || levels[b] < threshold;
}

/**
 * Moves word boundaries that the warping left inside a pause to the speech's edge: a start in silence moves
 * forward to where sound begins, an end in silence back to where it stops (at most 0.5 s, never past the word's
 * other boundary). `silent(b)`: whether 10 ms block b is a pause (levelSilence, or outside Silero's speech
 * regions). Times in seconds, changed in place.
 */
function snapToSpeech(words: TimedWord[], silent: (b: number) => boolean): void {
  const limit = Math.round(MAX_SNAP / FRAME_STEP);
  for (const w of words) {
    let b = Math.floor(w.start / FRAME_STEP);
    const stop = Math.floor(w.end / FRAME_STEP);
    for (let k = 0; k < limit && silent(b) && b < stop - 5; k++) b++;
    if (!silent(b)) w.start = b * FRAME_STEP;
    let e = Math.ceil(w.end / FRAME_STEP) - 1;
    const from = Math.ceil(w.start / FRAME_STEP);
    for (let k = 0; k < limit && silent(e) && e > from + 5; k++) e--;
    if (!silent(e)) w.end = (e + 1) * FRAME_STEP;
  }
}

const round = (t: number) => Math.round(t * 1000) / 1000;
