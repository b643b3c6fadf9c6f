/**
 * Long audio in pieces cut at real pauses: ffmpeg's silencedetect finds the pauses, pieces of about
 * PIECE_SECONDS end in the middle of one, and each piece is cut out with ffmpeg when it is decoded, so no process
 * holds the whole recording in memory (a 60-minute 16 kHz WAV is 115 MB of samples, 230 MB as floats).
 */
import { runProcess } from '../run-process.ts';
import { readWavLayout } from '../../audio/wav.ts';
import { pausesBetween, sileroOrNull, type SpeechDetector } from '../../audio/speech-detection.ts';

/** Target length of a piece, seconds: long enough that the decoder's warm-up (about 1 s) is a small share. */
export const PIECE_SECONDS = 60;
/** Pause search: quieter than this for at least this long (seconds) counts as a pause. */
const SILENCE_NOISE = '-35dB';
const SILENCE_MIN = 0.3;

/** A pause, seconds from the start: `[start, end)`. */
export interface Pause {
  start: number;
  end: number;
}

/**
 * The detector that finds the pauses pieces are cut in: ffmpeg silencedetect ('classic'), as Silero measured no
 * better (`npm run bench:pieces`: pocketsphinx on 279 s of the shared English clips looped, pieces of about 60 s, 637
 * reference words): clean, classic WER 35.5% (226 errors), Silero 36.6% (233), both cutting 4 times in pauses;
 * under pink noise at -40 dBFS RMS, classic 33.4% (213) with all 4 cuts outside a pause (it found none), Silero
 * 35.0% (223) with 1 outside. Pause search: classic 0.23-0.31 s, Silero 3.77-3.88 s. 'silero' stays an option.
 */
export const PIECES_DETECTOR: SpeechDetector = 'classic';

/**
 * The pauses of an audio file and its duration (seconds): with 'silero' the gaps of at least SILENCE_MIN between
 * Silero VAD's speech regions (when it runs on the file: a 16 kHz mono 16-bit WAV), else ffmpeg silencedetect.
 * @throws ProcessError when ffmpeg fails; the signal's reason when aborted.
 */
export async function findPauses(
  file: string,
  signal?: AbortSignal,
  detector: SpeechDetector = PIECES_DETECTOR,
): Promise<{ pauses: Pause[]; duration: number }> {
  if (detector === 'silero') {
    const regions = await sileroOrNull(file, signal);
    if (regions) {
      const layout = await readWavLayout(file);
      const duration = layout.frames / layout.rate;
      return { pauses: pausesBetween(regions, duration, SILENCE_MIN), duration };
    }
  }
  return silencedetectPauses(file, signal);
}

async function silencedetectPauses(file: string, signal?: AbortSignal): Promise<{ pauses: Pause[]; duration: number }> {
  const { stderr } = await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-i',
      file,
      '-af',
      `silencedetect=noise=${SILENCE_NOISE}:d=${SILENCE_MIN}`,
      '-f',
      'null',
      '-',
    ],
    { signal },
  );
  const pauses: Pause[] = [];
  let start: number | null = null;
  for (const line of stderr.split('\n')) {
    const s = /silence_start: (-?\d+(?:\.\d+)?)/.exec(line);
    if (s) start = Math.max(0, Number(s[1]));
    const e = /silence_end: (\d+(?:\.\d+)?)/.exec(line);
    if (e && start !== null) {
      pauses.push({ start, end: Number(e[1]) });
      start = null;
    }
  }
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const duration = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : 0;
  return { pauses, duration };
}

/**
 * Cut points (seconds, ascending, excluding 0 and the end) for pieces of about `target` seconds: each cut is the
 * middle of the pause nearest to the target within [target/2, 3*target/2] of the previous cut; with no pause there
 * (music, continuous noise), a hard cut at the target.
 */
export function cutsAtPauses(pauses: Pause[], duration: number, target = PIECE_SECONDS): number[] {
  const mids = pauses.map((p) => (p.start + p.end) / 2);
  const cuts: number[] = [];
  let from = 0;
  while (duration - from > target * 1.5) {
    const want = from + target;
    let best: number | null = null;
    for (const m of mids) {
      if (m < from + target / 2 || m > from + target * 1.5) continue;
      if (best === null || Math.abs(m - want) < Math.abs(best - want)) best = m;
    }
    const cut = best ?? want;
    cuts.push(cut);
    from = cut;
  }
  return cuts;
}

/**
 * Writes seconds `[from, to)` of `file` as a 16 kHz mono 16-bit WAV to `out`.
 * @throws ProcessError when ffmpeg fails; the signal's reason when aborted.
 */
export async function cutPiece(file: string, from: number, to: number, out: string, signal?: AbortSignal) {
  await runProcess(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-ss',
      from.toFixed(3),
      '-to',
      to.toFixed(3),
      '-i',
      file,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      out,
    ],
    { signal },
  );
}

/** Runs `fn` over `items` with at most `limit` at once; results in the items' order. */
export async function mapPool<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
