/**
 * `npm run bench:pieces [-- --detector classic|silero|both] [--target seconds]`: the word error rate of the embedded
 * recogniser (pocketsphinx) on long audio decoded in pieces (pause-pieces.ts) whose cuts lie in the pauses found by
 * each speech detector: ffmpeg silencedetect ('classic') or Silero VAD ('silero'). Issue 38: the recogniser's pieces
 * use the detector that measures better.
 * The recording: the five English clips of ../shared/testdata/audio (jfk, LJ001-0001..0004, with their reference
 * transcripts) in a seeded shuffled order per loop, 0.5 s of silence after each (scripts/lib/speech-loop.ts), looped
 * to at least LONG_SECONDS (so the engine takes its long-audio path), once clean and once with steady pink noise
 * (ffmpeg anoisesrc) laid under it, as a room or a street adds. The reference is the clips' transcripts in the same
 * order. Prints a table (WER, cuts, seconds to find the pauses) and one JSON line. A measurement, not a test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPocketsphinxEngine } from '../server/src/engines/speech/pocketsphinx.engine.ts';
import { cutsAtPauses, findPauses, PIECE_SECONDS } from '../server/src/engines/speech/pause-pieces.ts';
import type { SpeechDetector } from '../server/src/audio/speech-detection.ts';
import { readWav, rmsDb } from '../server/src/audio/wav.ts';
import { werCounts } from '../server/src/media/word-error-rate.ts';
import { writeSpeechLoop } from './lib/speech-loop.ts';

const DATA = path.join(import.meta.dirname, '../../shared/testdata');
const CLIPS = ['jfk', 'LJ001-0001', 'LJ001-0002', 'LJ001-0003', 'LJ001-0004'];
/** The recording is at least this long, seconds (the engine's long-audio path starts at 180 s). */
const LONG_SECONDS = 240;
/** Peak amplitude of the pink noise of the noisy condition (anoisesrc `amplitude`). */
const NOISE_AMPLITUDE = 0.05;

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const which = arg('detector') ?? 'both';
const DETECTORS: SpeechDetector[] = which === 'both' ? ['classic', 'silero'] : [which as SpeechDetector];
const TARGET = Number(arg('target') ?? PIECE_SECONDS);

/** The clip order of loop `k` (a seeded shuffle). */
function order(seed: number): string[] {
  const out = [...CLIPS];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function main() {
  const refs: Record<string, string> = {
    jfk: 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
  };
  for (const line of (await readFile(path.join(DATA, 'audio/ljspeech.csv'), 'utf8')).split('\n')) {
    const [id, text] = line.split('|');
    if (id?.startsWith('LJ') && text) refs[id] = text;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pieces-'));
  try {
    const names: string[] = [];
    for (let loop = 1; names.length * 7.5 < LONG_SECONDS; loop++) names.push(...order(loop));
    const clean = path.join(dir, 'clean.wav');
    writeSpeechLoop(
      names.map((n) => path.join(DATA, `audio/${n}.wav`)),
      clean,
    );
    const noisy = path.join(dir, 'noisy.wav');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-i', clean, '-f', 'lavfi', '-i'],
      `anoisesrc=color=pink:amplitude=${NOISE_AMPLITUDE}:sample_rate=16000:seed=1`,
      ...['-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0', '-ac', '1', '-ar', '16000'],
      ...['-c:a', 'pcm_s16le', noisy],
    ]);
    const reference = names.map((n) => refs[n]).join(' ');
    const audio = await readWav(clean);
    const seconds = audio.samples.length / audio.rate;
    const noise = rmsDb(await noiseOnly(dir));
    console.log(
      `recording: ${names.length} clips, ${seconds.toFixed(1)} s, speech ${rmsDb(audio).toFixed(1)} dBFS RMS; ` +
        `noisy: pink noise ${noise.toFixed(1)} dBFS RMS; pieces of about ${TARGET} s`,
    );
    const rows: string[][] = [];
    const json: Record<string, Record<string, { wer: number; cuts: number; pauseSeconds: number }>> = {};
    for (const [condition, file] of [
      ['clean', clean],
      ['noisy', noisy],
    ] as const) {
      for (const detector of DETECTORS) {
        const t0 = performance.now();
        const { pauses, duration } = await findPauses(file, undefined, detector);
        const pauseSeconds = (performance.now() - t0) / 1000;
        const cuts = cutsAtPauses(pauses, duration, TARGET);
        const engine = createPocketsphinxEngine({ pauseDetector: detector, pieceSeconds: TARGET });
        const t = await engine.transcribe(file, { language: 'en' });
        const { errors, words } = werCounts(reference, t.words.map((w) => w.text).join(' '));
        const hard = cuts.filter((c) => !pauses.some((p) => c >= p.start && c <= p.end)).length;
        rows.push([
          condition,
          detector,
          `${((100 * errors) / words).toFixed(1)}%`,
          `${errors}/${words}`,
          `${cuts.length} (${hard} outside a pause)`,
          String(pauses.length),
          pauseSeconds.toFixed(2),
        ]);
        (json[condition] ??= {})[detector] = {
          wer: Number(((100 * errors) / words).toFixed(1)),
          cuts: cuts.length,
          pauseSeconds: Number(pauseSeconds.toFixed(2)),
        };
      }
    }
    const head = ['audio', 'detector', 'WER', 'errors/words', 'cuts', 'pauses found', 'pause search s'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const r of [head, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
    console.log(JSON.stringify({ pieces: json }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The noise alone, as laid under the noisy recording (for its level). */
async function noiseOnly(dir: string) {
  const file = path.join(dir, 'noise.wav');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i'],
    `anoisesrc=color=pink:amplitude=${NOISE_AMPLITUDE}:sample_rate=16000:seed=1:duration=10`,
    ...['-c:a', 'pcm_s16le', file],
  ]);
  return readWav(file);
}

await main();
