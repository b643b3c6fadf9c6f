/**
 * Peak resident memory of this process per pipeline stage (issue 25: "no step holds the whole decoded media in
 * Node's memory"), for the CLI's summary and `npm run bench:long`. A worker thread samples the process's resident
 * set (`process.memoryUsage.rss()`, the whole process, all threads) every SAMPLE_MS and charges it to the stage the
 * main thread last entered; being a thread of its own, it keeps sampling while a stage computes synchronously
 * (the speakers stage's clustering, the MFCC of auto-sync). Figures in MB (2^20 bytes).
 */
import { Worker } from 'node:worker_threads';
import { MEDIA_STAGES } from '../../../contract/jobs.ts';

/** Sampling period, milliseconds. */
const SAMPLE_MS = 50;

/** The stages charged: `start` (before the first stage) then the media stages in order. */
const NAMES = ['start', ...MEDIA_STAGES] as const;

const SAMPLER = `
const { workerData } = require('node:worker_threads');
const cells = new Int32Array(workerData);
setInterval(() => {
  const mb = Math.round(process.memoryUsage.rss() / 1048576);
  const at = 1 + Atomics.load(cells, 0);
  if (mb > Atomics.load(cells, at)) Atomics.store(cells, at, mb);
}, ${SAMPLE_MS});
`;

/** A running sampler: `enter(stage)` when a stage starts; `stop()` ends it and gives the peaks, MB per stage. */
export interface StageMemory {
  enter(stage: string): void;
  stop(): Promise<Record<string, number>>;
}

/** Starts the sampler thread. */
export function startStageMemory(): StageMemory {
  // cells[0]: index of the current stage in NAMES; cells[1 + i]: its peak, MB.
  const shared = new SharedArrayBuffer(4 * (NAMES.length + 1));
  const cells = new Int32Array(shared);
  const worker = new Worker(SAMPLER, { eval: true, workerData: shared });
  worker.unref();
  const sampleHere = () => {
    const at = 1 + Atomics.load(cells, 0);
    const mb = Math.round(process.memoryUsage.rss() / 1048576);
    if (mb > Atomics.load(cells, at)) Atomics.store(cells, at, mb);
  };
  return {
    enter(stage) {
      const i = (NAMES as readonly string[]).indexOf(stage);
      if (i < 0 || i === Atomics.load(cells, 0)) return;
      sampleHere();
      Atomics.store(cells, 0, i);
      sampleHere();
    },
    async stop() {
      sampleHere();
      await worker.terminate();
      return Object.fromEntries(NAMES.flatMap((n, i) => (cells[1 + i] > 0 ? [[n, cells[1 + i]]] : [])));
    },
  };
}
