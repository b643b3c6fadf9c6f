/**
 * The classic speaker diarization of the local engine (no model files; method and accuracy in docs/notes/media-experiments.md):
 * 1. speech regions: the given ones (the transcript's words) or, without them, the speech detector's
 *    (speech-detector.ts: voiced frames above the noise floor with a hangover), joined across pauses shorter than
 *    MAX_GAP;
 * 2. each region cut into pieces of about PIECE seconds; per piece a full-covariance Gaussian of its MFCC frames
 *    (c1..c12, audio/mfcc.ts) and its seconds of voiced frames (audio/speaker-features.ts pitch track);
 * 3. the distance of two pieces: the generalised likelihood ratio of their Gaussians (gaussian.ts); the pieces of at
 *    least MIN_PIECE seconds are clustered by spectral clustering (spectral.ts: k-nearest-neighbour affinity,
 *    eigengap for the number of speakers on Auto, Ward grouping with `ml-hclust`); each shorter piece joins the
 *    speaker whose pooled Gaussian is nearest;
 * 4. on Auto, speakers who say only a word or two: a voiced piece that fits none of the speakers' pooled models
 *    (an outlier of the recording's own piece-to-speaker distances) is a speaker of its own (minority.ts);
 * 5. smoothing: a piece shorter than MIN_TURN seconds between two pieces of one other speaker takes theirs, then
 *    neighbouring pieces of one speaker (less than MAX_GAP apart) join into one turn.
 * Speakers are named `S1`, `S2` … in order of first appearance. Times in seconds.
 */
import { FRAME_STEP } from '../../../audio/mfcc.ts';
import type { SpeakerTurn } from './der.ts';
import { readWavLayout, type MonoAudio } from '../../../audio/wav.ts';
import { frameFeatures, mfccFrameCount, spanFeaturesOfWav, SPAN_DIMS } from '../../../audio/speaker-features.ts';
import { addStats, glrDistance, statsOf, statsOfRows, type GaussianStats } from './gaussian.ts';
import { minoritySpeakers } from './minority.ts';
import { detectSpeech } from './speech-detector.ts';
import { spectralClusters } from './spectral.ts';

/** Most speakers Auto looks for (the studio offers 1 … 8). */
export const MAX_SPEAKERS = 8;
/** Seconds: length of a piece of speech (one feature model). */
const PIECE = 1.0;
/** Seconds: the shortest piece with a model good enough to cluster. */
const MIN_PIECE = 0.75;
/** Seconds: a turn shorter than this between two turns of one other speaker is smoothed away. */
const MIN_TURN = 0.5;
/** Seconds: pauses shorter than this do not end a region nor a turn. */
const MAX_GAP = 0.3;
/**
 * Most pieces clustered: on longer speech, this many core pieces spread evenly over the recording are clustered
 * and every other piece joins the nearest speaker, so the stage's time stays linear in the media length (the
 * distance matrix, eigen decomposition and Ward grouping grow with the square and the cube of the pieces).
 * 400 one-second pieces hold several minutes of each speaker of a typical recording.
 */
export const MAX_CLUSTERED = 400;
const DIMS = 12;

/** A region of speech, seconds. */
export interface SpeechRegion {
  start: number;
  end: number;
}

/** Options: `numSpeakers` the user's count (undefined: Auto, 1 … MAX_SPEAKERS); `regions` of speech. */
export interface ClassicOptions {
  numSpeakers?: number;
  regions?: SpeechRegion[];
}

interface Piece {
  start: number;
  end: number;
  from: number;
  to: number;
}

function cutPieces(regions: SpeechRegion[], frames: number): Piece[] {
  const pieces: Piece[] = [];
  for (const r of regions) {
    const n = Math.max(1, Math.round((r.end - r.start) / PIECE));
    const len = (r.end - r.start) / n;
    for (let i = 0; i < n; i++) {
      const start = r.start + i * len;
      const end = start + len;
      const from = Math.round(start / FRAME_STEP);
      const to = Math.min(frames, Math.round(end / FRAME_STEP));
      if (to - from >= 5) pieces.push({ start, end, from, to });
    }
  }
  return pieces;
}

/** Regions less than MAX_GAP apart joined (a breath inside a sentence is no turn change). */
export function joinRegions(regions: SpeechRegion[]): SpeechRegion[] {
  const out: SpeechRegion[] = [];
  for (const r of [...regions].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && r.start - last.end < MAX_GAP) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/**
 * Diarizes `audio` (mono PCM, 16 kHz as the pipeline extracts it): the speaker turns in time order, none when
 * no speech is found. Pure computation, about 0.03 s per second of audio, linear beyond MAX_CLUSTERED pieces;
 * run it off the API's event loop (engines/speakers/classic.engine.ts runs it on a worker thread).
 */
export function diarizeClassic(audio: MonoAudio, opts: ClassicOptions = {}): SpeakerTurn[] {
  let regions: SpeechRegion[];
  let pitch: Float32Array | undefined;
  if (opts.regions?.length) regions = joinRegions(opts.regions);
  else {
    const detected = detectSpeech(audio);
    regions = joinRegions(detected.regions);
    pitch = detected.pitch;
  }
  const f = frameFeatures(audio, regions, pitch);
  const pieces = cutPieces(regions, f.mfcc.length);
  return diarizePieces(
    pieces,
    pieces.map((p) => statsOf(f.mfcc.slice(p.from, p.to), DIMS)),
    pieces.map((p) => voicedSeconds(f.pitch.subarray(p.from, p.to))),
    opts.numSpeakers,
  );
}

/**
 * Diarizes a 16 kHz mono WAV file given its speech `regions` (seconds; the transcript's words), reading it a block
 * at a time and keeping only the frames of its pieces of speech (features.ts `spanFeaturesOfWav`), then only each
 * piece's Gaussian statistics and voiced seconds (1.3 KB a piece of about a second): the same turns as before, with
 * time linear in the length and memory of about 50 bytes per 10 ms of speech while reading, ~1.3 KB per second of
 * speech after (issue 25).
 * @throws Error when the file is not a 16 kHz WAV; the signal's reason when aborted.
 */
export async function diarizeClassicWav(
  wavPath: string,
  opts: { numSpeakers?: number; regions: SpeechRegion[]; signal?: AbortSignal },
): Promise<SpeakerTurn[]> {
  const regions = joinRegions(opts.regions);
  const layout = await readWavLayout(wavPath);
  const pieces = cutPieces(regions, mfccFrameCount(layout.frames, layout.rate));
  const f = await spanFeaturesOfWav(wavPath, pieces, regions, opts.signal);
  const rows = (i: number) => f.mfcc.subarray(f.offsets[i] * SPAN_DIMS, f.offsets[i + 1] * SPAN_DIMS);
  const stats = pieces.map((_, i) => statsOfRows(rows(i), DIMS, SPAN_DIMS));
  const voiced = pieces.map((_, i) => voicedSeconds(f.pitch.subarray(f.offsets[i], f.offsets[i + 1])));
  return diarizePieces(pieces, stats, voiced, opts.numSpeakers);
}

/** Seconds of voiced frames (pitch above 0) of a run of 10 ms frames' pitch. */
function voicedSeconds(pitch: Float32Array): number {
  let n = 0;
  for (const p of pitch) if (p > 0) n++;
  return n * FRAME_STEP;
}

/**
 * Steps 2 to 5 on the pieces of speech, each piece's MFCC statistics and seconds of voiced frames.
 * The pieces' median pitch is no part of the distance (it was, one octave weighing as one unit of the likelihood
 * ratio per frame, until 2026-11-27): a one-second piece's median pitch moves with intonation by up to 0.75 octave
 * within one voice (LJ Speech 188-326 Hz, AMI FEE083 153-281 Hz), and the clustering split voices by it (docs/notes/media-experiments.md).
 */
function diarizePieces(pieces: Piece[], stats: GaussianStats[], voiced: number[], numSpeakers?: number): SpeakerTurn[] {
  if (!pieces.length) return [];
  const distance = (i: number, j: number) => glrDistance(stats[i], stats[j]);
  const core = evenly(
    pieces.flatMap((p, i) => (p.end - p.start >= MIN_PIECE ? [i] : [])),
    MAX_CLUSTERED,
  );
  const coreLabels =
    core.length > 1 && numSpeakers !== 1
      ? spectralClusters(
          core.map((i) => core.map((j) => (i === j ? 0 : distance(i, j)))),
          numSpeakers && Math.min(numSpeakers, core.length),
          Math.min(MAX_SPEAKERS, core.length),
        )
      : core.map(() => 0);
  const speakers = Math.max(0, ...coreLabels) + 1;
  const pooled: (GaussianStats | null)[] = Array.from({ length: speakers }, (_, c) => {
    const members = core.filter((_, n) => coreLabels[n] === c).map((i) => stats[i]);
    return members.length ? members.reduce(addStats) : null;
  });
  const labels = pieces.map(() => 0);
  core.forEach((i, n) => (labels[i] = coreLabels[n]));
  const clustered = new Set(core);
  pieces.forEach((_, i) => {
    if (clustered.has(i) || speakers === 1) return;
    let best = Infinity;
    pooled.forEach((c, ci) => {
      const d = c ? glrDistance(stats[i], c) : Infinity;
      if (d < best) [best, labels[i]] = [d, ci];
    });
  });
  if (numSpeakers === undefined) {
    const tested = pieces.flatMap((p, i) => (p.end - p.start >= MIN_PIECE ? [i] : []));
    const relabelled = minoritySpeakers(
      tested.map((i, n) => ({
        stats: stats[i],
        voiced: voiced[i],
        joinsPrevious: n > 0 && tested[n - 1] === i - 1 && pieces[i].start - pieces[i - 1].end < MAX_GAP,
      })),
      tested.map((i) => labels[i]),
      MAX_SPEAKERS,
    );
    tested.forEach((i, n) => (labels[i] = relabelled[n]));
  }
  return toTurns(pieces, smooth(pieces, labels));
}

/** At most `most` of `items`, spread evenly (all of them when there are no more). */
function evenly(items: number[], most: number): number[] {
  if (items.length <= most) return items;
  return Array.from({ length: most }, (_, k) => items[Math.floor((k * items.length) / most)]);
}

function smooth(pieces: Piece[], labels: number[]): number[] {
  const out = [...labels];
  for (let i = 1; i < pieces.length - 1; i++)
    if (pieces[i].end - pieces[i].start < MIN_TURN && out[i - 1] === out[i + 1] && out[i] !== out[i - 1])
      out[i] = out[i - 1];
  return out;
}

function toTurns(pieces: Piece[], labels: number[]): SpeakerTurn[] {
  const names = new Map<number, string>();
  const turns: SpeakerTurn[] = [];
  pieces.forEach((p, i) => {
    if (!names.has(labels[i])) names.set(labels[i], `S${names.size + 1}`);
    const speaker = names.get(labels[i])!;
    const last = turns.at(-1);
    if (last && last.speaker === speaker && p.start - last.end < MAX_GAP) last.end = p.end;
    else turns.push({ start: p.start, end: p.end, speaker });
  });
  return turns;
}
