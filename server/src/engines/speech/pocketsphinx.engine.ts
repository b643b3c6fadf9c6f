/**
 * pocketsphinx, the local English recogniser (Debian `pocketsphinx`, `pocketsphinx-en-us`).
 * `pocketsphinx_continuous -time yes` prints each utterance's text, then `word start end confidence` lines
 * framed by `<s>` and `</s>`; alternative pronunciations carry `(2)`, pauses `<sil>`, noises `[NOISE]`.
 * Measured here: WER 21.6% on clean read speech, 33% overall; RTF 0.2-0.35 (engines.md).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  RecognisedUtterance,
  RecognisedWord,
  SpeechEngine,
  Transcript,
  TranscribeOptions,
} from '../speech.engine.ts';
import { programExists, runProcess } from '../run-process.ts';
import { readWav, readWavLayout, writeWav } from '../../audio/wav.ts';
import { trimmedDictionaryPath } from './pocketsphinx-dictionary.ts';
import { cutPiece, cutsAtPauses, findPauses, mapPool, PIECE_SECONDS } from './pause-pieces.ts';
import type { SpeechDetector } from '../../audio/speech-detection.ts';

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const LM_PATH = path.join(MODEL_DIR, 'en-us.lm.bin');
const DICT_PATH = path.join(MODEL_DIR, 'cmudict-en-us.dict');

/**
 * Search settings, measured on the benchmark inputs (jfk.wav, jfk.mp4, LJ001-0001..0004, lj001-0001-0004.mp4;
 * each decoded whole, CPU seconds summed over the 78 s of speech, quiet machine; CPU figures vary +-20% run to run):
 * - `-lw 5`: WER 25.8% against 31.9% with the default 6.5, but a wider first pass (CPU 36 s against 26 s);
 *   lw 5.5 and 6 give 30.2%.
 * - `-maxhmmpf 7000` (default 30000): same words, CPU 36 -> 27 s; 6000 28.0%, 5000 31.3%, 3000 46%.
 * - `-maxwpf 10` (default unlimited): same words, CPU 27 -> 21-24 s; 5 and 20 give the same words too.
 * Rejected, WER: -beam/-pbeam 1e-40 43%, -wbeam 1e-25 31%, -topn 2 42%, -topn 3 36%, -ds 2 37%,
 * -fwdflat no -bestpath no 50%, -fwdflatbeam 1e-48 -fwdflatwbeam 1e-20 43%, -fillprob 1e-2 27% (no faster),
 * -wip 0.3 / 1.5 34% / 35%; -pl_window 8 or 10 slower for the same words; -cmninit set to each file's own
 * cepstral mean changes nothing (the model normalises each utterance in batch). ffmpeg denoising (afftdn)
 * before decoding: 47%.
 */
const SEARCH_SETTINGS = ['-lw', '5', '-maxhmmpf', '7000', '-maxwpf', '10'];

/** A `-time yes` word line: `word start end confidence` (seconds; confidence a log-probability, 0 the surest). */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/;

/**
 * Parses `pocketsphinx_continuous -time yes` output into words and utterances.
 * Fillers (`<s>`, `</s>`, `<sil>`, `[NOISE]`, `++...++`) are dropped; `word(2)` becomes `word`.
 */
export function parsePocketsphinxOutput(out: string): { words: RecognisedWord[]; utterances: RecognisedUtterance[] } {
  const words: RecognisedWord[] = [];
  const utterances: RecognisedUtterance[] = [];
  let current: RecognisedWord[] = [];
  const close = () => {
    if (current.length) {
      utterances.push({
        start: current[0].start,
        end: current[current.length - 1].end,
        text: current.map((w) => w.text).join(' '),
        words: current,
      });
    }
    current = [];
  };
  for (const line of out.split('\n')) {
    const m = WORD_LINE.exec(line.trim());
    if (!m) continue;
    const token = m[1];
    if (token === '<s>') {
      close();
      continue;
    }
    if (token === '</s>') {
      close();
      continue;
    }
    if (token.startsWith('<') || token.startsWith('[') || token.startsWith('+')) continue;
    const w = { text: token.replace(/\(\d+\)$/, ''), start: Number(m[2]), end: Number(m[3]), confidence: Number(m[4]) };
    words.push(w);
    current.push(w);
  }
  close();
  return { words, utterances };
}

/**
 * Chunks shorter than this (seconds) are not worth a second process: each costs ~1 s of model load, and a cut
 * costs accuracy (measured on jfk + LJ001-0001..0004: WER 33% whole, 35-41% cut into 4 s parts).
 */
const MIN_CHUNK = 10;
/** Audio decoded before each cut, seconds (lets the decoder's normalisation settle; cut WER 41% -> 35%). */
const LEAD = 3;

/**
 * Split points (seconds) for `parts` chunks of `samples` at `rate` Hz: the quietest 200 ms window within
 * +-20% of each even split, so no word is cut.
 */
export function quietSplitPoints(samples: Float32Array, rate: number, parts: number): number[] {
  const win = Math.round(0.2 * rate);
  const hop = Math.round(0.02 * rate);
  const points: number[] = [];
  for (let p = 1; p < parts; p++) {
    const centre = (samples.length * p) / parts;
    const span = (samples.length / parts) * 0.2;
    let best = centre;
    let bestEnergy = Infinity;
    for (let s = Math.max(0, Math.round(centre - span)); s + win < Math.min(samples.length, centre + span); s += hop) {
      let e = 0;
      for (let k = s; k < s + win; k += 4) e += samples[k] * samples[k];
      if (e < bestEnergy) {
        bestEnergy = e;
        best = s + win / 2;
      }
    }
    points.push(best / rate);
  }
  return points;
}

/** Audio at least this long (seconds) is decoded in pieces cut at pauses (pause-pieces.ts). */
export const LONG_AUDIO_SECONDS = 180;

/**
 * A piece's words moved to the recording's time (`offset`: where the piece starts, seconds) and kept only from
 * `from` (its cut) on; utterances keep their kept words.
 */
function shiftAndKeep(
  r: { words: RecognisedWord[]; utterances: RecognisedUtterance[] },
  offset: number,
  from: number,
): { words: RecognisedWord[]; utterances: RecognisedUtterance[] } {
  const shift = <T extends { start: number; end: number }>(x: T): T => ({
    ...x,
    start: x.start + offset,
    end: x.end + offset,
  });
  const keep = (w: { start: number }) => w.start + offset >= from - 0.05;
  return {
    words: r.words.filter(keep).map(shift),
    utterances: r.utterances
      .map((u) => ({ ...u, words: u.words.filter(keep).map(shift) }))
      .filter((u) => u.words.length)
      .map((u) => ({
        ...u,
        start: u.words[0].start,
        end: u.words[u.words.length - 1].end,
        text: u.words.map((w) => w.text).join(' '),
      })),
  };
}

/**
 * A reporter for pieces `[cuts[k], cuts[k + 1])` (seconds): `report(k, fraction)` says how much of piece k the
 * decoder has decoded (0..1) and calls `onProgress` with the share of all seconds recognised so far (pieces run side by
 * side and finish in any order). Issue 38 item 3: progress moves with the audio the decoder works through, not
 * only when a piece of a minute or more ends (4 % for 140 s on a busy machine).
 */
function piecesProgress(cuts: number[], onProgress?: (fraction: number) => void): (k: number, f: number) => void {
  const total = cuts[cuts.length - 1] - cuts[0];
  const read = new Float64Array(cuts.length - 1);
  let done = 0;
  return (k, f) => {
    const seconds = (cuts[k + 1] - cuts[k]) * Math.min(1, Math.max(0, f));
    if (seconds <= read[k]) return;
    done += seconds - read[k];
    read[k] = seconds;
    if (total > 0) onProgress?.(Math.min(1, done / total));
  };
}

/** Options of the engine (benches): the detector of the long audio's pauses and the pieces' target length, seconds. */
export interface PocketsphinxOptions {
  pauseDetector?: SpeechDetector;
  pieceSeconds?: number;
}

/** Creates the pocketsphinx engine (English only, no language detection). */
export function createPocketsphinxEngine(options: PocketsphinxOptions = {}): SpeechEngine {
  /**
   * Decodes the 16 kHz mono WAV `wavPath`. The decoder prints each utterance's words with their times as it ends
   * it (`-time yes`, line-buffered through coreutils' `stdbuf -oL`, else C's stdio holds a pipe's output to the
   * end): `onRead` gets the share of the audio decoded so far (0..1), the end time of the last word printed over
   * the file's duration, so progress follows the decoder itself.
   */
  const decode = async (wavPath: string, signal?: AbortSignal, onRead?: (fraction: number) => void) => {
    const layout = await readWavLayout(wavPath);
    const duration = layout.rate > 0 ? layout.frames / layout.rate : 0;
    let pending = '';
    const onStdout = (chunk: Buffer) => {
      const lines = (pending + chunk.toString('latin1')).split('\n');
      pending = lines.pop() ?? '';
      let end = 0;
      for (const line of lines) {
        const m = WORD_LINE.exec(line.trim());
        if (m) end = Math.max(end, Number(m[3]));
      }
      if (end > 0 && duration > 0) onRead?.(end / duration);
    };
    const { stdout } = await runProcess(
      'stdbuf',
      [
        '-oL',
        'pocketsphinx_continuous',
        '-infile',
        wavPath,
        '-time',
        'yes',
        '-logfn',
        '/dev/null',
        '-hmm',
        path.join(MODEL_DIR, 'en-us'),
        '-lm',
        LM_PATH,
        '-dict',
        await trimmedDictionaryPath(DICT_PATH, LM_PATH),
        ...SEARCH_SETTINGS,
      ],
      { signal, onStdout },
    ).catch((e) => {
      if (signal?.aborted) throw signal.reason;
      throw new Error(`pocketsphinx failed: ${(e as Error).message}`);
    });
    return parsePocketsphinxOutput(stdout);
  };
  /**
   * Audio of LONG_AUDIO_SECONDS or more: pieces of about a minute ending in the middle of real pauses
   * (pause-pieces.ts), decoded `availableParallelism()` at a time; each piece also decodes LEAD seconds before its
   * cut (see LEAD) and keeps only the words starting at or after it.
   */
  const decodeLong = async (wavPath: string, opts: TranscribeOptions) => {
    const signal = opts.signal;
    const { pauses, duration } = await findPauses(wavPath, signal, options.pauseDetector);
    const cuts = [0, ...cutsAtPauses(pauses, duration, options.pieceSeconds ?? PIECE_SECONDS), duration];
    const progress = piecesProgress(cuts, opts.onProgress);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-sphinx-'));
    try {
      const results = await mapPool(cuts.slice(0, -1), os.availableParallelism(), async (from, k) => {
        const lead = k === 0 ? 0 : Math.min(LEAD, from);
        const file = path.join(dir, `piece-${k}.wav`);
        await cutPiece(wavPath, from - lead, cuts[k + 1], file, signal);
        const r = await decode(file, signal, (f) => progress(k, f));
        await rm(file, { force: true });
        progress(k, 1);
        return shiftAndKeep(r, from - lead, from);
      });
      return {
        words: results.flatMap((r) => r.words),
        utterances: results.flatMap((r) => r.utterances),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return {
    id: 'pocketsphinx',
    kind: 'local',
    languages: ['en'],
    detectsLanguage: false,
    async available() {
      return (
        (await programExists('pocketsphinx_continuous')) &&
        (await programExists('stdbuf')) &&
        existsSync(LM_PATH) &&
        existsSync(DICT_PATH)
      );
    },
    async transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript> {
      // Long recordings: pieces cut at real pauses, decoded on every core, never all in memory at once.
      if ((await stat(wavPath)).size > LONG_AUDIO_SECONDS * 16_000 * 2)
        return { language: 'en', detected: false, ...(await decodeLong(wavPath, opts)) };
      // One decoder is single-threaded: cut long audio at quiet points and decode the parts on all cores.
      const audio = await readWav(wavPath);
      const duration = audio.samples.length / audio.rate;
      const parts = Math.max(1, Math.min(os.availableParallelism(), Math.floor(duration / MIN_CHUNK)));
      if (parts === 1)
        return { language: 'en', detected: false, ...(await decode(wavPath, opts.signal, opts.onProgress)) };
      const cuts = [0, ...quietSplitPoints(audio.samples, audio.rate, parts), duration];
      const progress = piecesProgress(cuts, opts.onProgress);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-sphinx-'));
      try {
        const results = await Promise.all(
          cuts.slice(0, -1).map(async (from, k) => {
            // Each part also decodes LEAD seconds before its cut: the decoder's cepstral mean normalisation
            // needs that audio to settle; words starting before the cut belong to the previous part.
            const lead = k === 0 ? 0 : Math.min(LEAD, from);
            const file = path.join(dir, `part-${k}.wav`);
            await writeWav(file, {
              rate: audio.rate,
              samples: audio.samples.subarray(
                Math.round((from - lead) * audio.rate),
                Math.round(cuts[k + 1] * audio.rate),
              ),
            });
            const r = await decode(file, opts.signal, (f) => progress(k, f));
            progress(k, 1);
            return shiftAndKeep(r, from - lead, from);
          }),
        );
        return {
          language: 'en',
          detected: false,
          words: results.flatMap((r) => r.words),
          utterances: results.flatMap((r) => r.utterances),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
