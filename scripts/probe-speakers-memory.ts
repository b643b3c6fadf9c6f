/**
 * Memory probe of the speakers stage alone (issue 25): the classic engine's diarization and the stage's speaker
 * pitch, on MINUTES of looped shared speech, printing process.memoryUsage() after each step and the peak RSS
 * (sampled by a thread every 50 ms) per step. `tsx scripts/probe-speakers-memory.ts MINUTES [--inline]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { writeSpeechLoop } from './lib/speech-loop.ts';
import { readWav } from '../server/src/audio/wav.ts';
import { speechRuns } from '../server/src/media/sync/voicing.ts';
import { createClassicSpeakersEngine } from '../server/src/engines/speakers/classic.engine.ts';
import { classicWork } from '../server/src/engines/speakers/classic/classic-work.ts';
import { speakerPitchesOfWav } from '../server/src/media/stages/speakers.ts';

const MINUTES = Number(process.argv[2] ?? 10);
const INLINE = process.argv.includes('--inline');
const DATA = path.resolve(import.meta.dirname, '../../shared/testdata');
const PIECES = ['LJ001-0001', 'LJ001-0002', 'LJ001-0003', 'LJ001-0004', 'jfk'];
const mb = (b: number) => Math.round(b / 1048576);

const shared = new SharedArrayBuffer(4);
const peak = new Int32Array(shared);
const sampler = new Worker(
  `const { workerData } = require('node:worker_threads'); const c = new Int32Array(workerData);
   setInterval(() => { const m = Math.round(process.memoryUsage.rss() / 1048576); if (m > Atomics.load(c, 0)) Atomics.store(c, 0, m); }, 50);`,
  { eval: true, workerData: shared },
);
sampler.unref();

function report(step: string) {
  const m = process.memoryUsage();
  console.log(
    `${step.padEnd(22)} peakRSS ${String(Atomics.load(peak, 0)).padStart(4)}  rss ${mb(m.rss)}  heapUsed ${mb(m.heapUsed)}  heapTotal ${mb(m.heapTotal)}  external ${mb(m.external)}  arrayBuffers ${mb(m.arrayBuffers)}`,
  );
  Atomics.store(peak, 0, 0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-speakers-'));
const loop = path.join(dir, 'loop.wav');
writeSpeechLoop(
  PIECES.map((p) => path.join(DATA, 'audio', `${p}.wav`)),
  loop,
);
const loopAudio = await readWav(loop);
const loopSeconds = loopAudio.samples.length / loopAudio.rate;
const loops = Math.ceil((MINUTES * 60) / loopSeconds);
const wav = path.join(dir, 'long.wav');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', String(loops - 1), '-i', loop, '-c', 'copy', wav]);
// Word-like regions: the loop's voiced runs, repeated at every loop.
const runs = speechRuns(loopAudio);
const words = Array.from({ length: loops }, (_, n) =>
  runs.map((r) => ({ text: 'w', start: r.start + n * loopSeconds, end: r.end + n * loopSeconds })),
).flat();
console.log(`${MINUTES} min, ${loops} loops, ${words.length} regions, WAV ${mb(fs.statSync(wav).size)} MB`);
report('start');
const turns = INLINE
  ? await classicWork({ wavPath: wav, regions: words }, new AbortController().signal)
  : await createClassicSpeakersEngine().diarize(wav, { words, language: 'en' });
report(INLINE ? 'diarize (main thread)' : 'diarize (work thread)');
const pitch = await speakerPitchesOfWav(wav, turns);
report('speakerPitches');
console.log(`turns ${turns.length}, speakers ${JSON.stringify(pitch)}`);
fs.rmSync(dir, { recursive: true, force: true });
