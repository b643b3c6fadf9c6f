/**
 * pocketsphinx, the local English recogniser (Debian `pocketsphinx`, `pocketsphinx-en-us`).
 * `pocketsphinx_continuous -time yes` prints each utterance's text, then `word start end confidence` lines
 * framed by `<s>` and `</s>`; alternative pronunciations carry `(2)`, pauses `<sil>`, noises `[NOISE]`.
 * Measured here: WER 21.6% on clean read speech, 33% overall; RTF 0.2-0.35 (engines.md).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RecognisedSegment, RecognisedWord, SpeechEngine, Transcript, TranscribeOptions } from '../speech.engine.ts';
import { programExists, runProcess } from '../run-process.ts';
import { readWav, writeWav } from '../../media/wav.ts';

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * Parses `pocketsphinx_continuous -time yes` output into words and utterance segments.
 * Fillers (`<s>`, `</s>`, `<sil>`, `[NOISE]`, `++...++`) are dropped; `word(2)` becomes `word`.
 */
export function parsePocketsphinxOutput(out: string): { words: RecognisedWord[]; segments: RecognisedSegment[] } {
  const words: RecognisedWord[] = [];
  const segments: RecognisedSegment[] = [];
  let current: RecognisedWord[] = [];
  const close = () => {
    if (current.length) {
      segments.push({ start: current[0].start, end: current[current.length - 1].end, text: current.map((w) => w.text).join(' '), words: current });
    }
    current = [];
  };
  for (const line of out.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/.exec(line.trim());
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
  return { words, segments };
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

/** Creates the pocketsphinx engine (English only, no language detection). */
export function createPocketsphinxEngine(): SpeechEngine {
  const decode = async (wavPath: string, signal?: AbortSignal) => {
    const { stdout } = await runProcess(
      'pocketsphinx_continuous',
      [
        '-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null',
        '-hmm', path.join(MODEL_DIR, 'en-us'),
        '-lm', path.join(MODEL_DIR, 'en-us.lm.bin'),
        '-dict', path.join(MODEL_DIR, 'cmudict-en-us.dict'),
        // Measured on the test data (jfk + LJ001-0001..0004): language weight 5 gives WER 33% against 41% with
        // the default 6.5, for ~50% more CPU (jfk: 7.8 s against 5.0 s; a 5-frame phonetic lookahead is already the
        // default, so -pl_window 5 changes nothing). Tried to cut search cost and rejected, WER on the 7 benchmark
        // inputs against 29.1% here: -beam/-pbeam 1e-40 43%, -wbeam 1e-25 31%, -topn 2 42%, -topn 3 36%,
        // -maxhmmpf 3000 46%, -fwdflat no -bestpath no 50%, clips over 10 s cut in two 34%, -compallsen yes no faster;
        // -maxwpf 20 gives the same words.
        '-lw', '5', '-pl_window', '5',
      ],
      { signal },
    ).catch((e) => {
      if (signal?.aborted) throw signal.reason;
      throw new Error(`pocketsphinx failed: ${(e as Error).message}`);
    });
    return parsePocketsphinxOutput(stdout);
  };
  return {
    id: 'pocketsphinx',
    kind: 'local',
    languages: ['en'],
    detectsLanguage: false,
    async available() {
      return (await programExists('pocketsphinx_continuous')) && existsSync(path.join(MODEL_DIR, 'en-us.lm.bin'));
    },
    async transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript> {
      // One decoder is single-threaded: cut long audio at quiet points and decode the parts on all cores.
      const audio = await readWav(wavPath);
      const duration = audio.samples.length / audio.rate;
      const parts = Math.max(1, Math.min(os.availableParallelism(), Math.floor(duration / MIN_CHUNK)));
      if (parts === 1) return { language: 'en', detected: false, ...(await decode(wavPath, opts.signal)) };
      const cuts = [0, ...quietSplitPoints(audio.samples, audio.rate, parts), duration];
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-sphinx-'));
      try {
        const results = await Promise.all(
          cuts.slice(0, -1).map(async (from, k) => {
            // Each part also decodes LEAD seconds before its cut: the decoder's cepstral mean normalisation
            // needs that audio to settle; words starting before the cut belong to the previous part.
            const lead = k === 0 ? 0 : Math.min(LEAD, from);
            const file = path.join(dir, `part-${k}.wav`);
            await writeWav(file, { rate: audio.rate, samples: audio.samples.subarray(Math.round((from - lead) * audio.rate), Math.round(cuts[k + 1] * audio.rate)) });
            const r = await decode(file, opts.signal);
            const offset = from - lead;
            const shift = <T extends { start: number; end: number }>(x: T): T => ({ ...x, start: x.start + offset, end: x.end + offset });
            const keep = (w: { start: number }) => w.start + offset >= from - 0.05;
            return {
              words: r.words.filter(keep).map(shift),
              segments: r.segments
                .map((seg) => ({ ...seg, words: seg.words.filter(keep).map(shift) }))
                .filter((seg) => seg.words.length)
                .map((seg) => ({ ...seg, start: seg.words[0].start, end: seg.words[seg.words.length - 1].end, text: seg.words.map((w) => w.text).join(' ') })),
            };
          }),
        );
        return { language: 'en', detected: false, words: results.flatMap((r) => r.words), segments: results.flatMap((r) => r.segments) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
