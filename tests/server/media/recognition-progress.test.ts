/**
 * Issue 38 item 3: progress moves while the embedded recogniser works. Five minutes of speech (jfk.wav looped 28
 * times, 308 s) through the pipeline with the local engines: every progress report of the transcribe stage is
 * recorded with its time for the first RECORD seconds of recognition (then the job is cancelled, which keeps the
 * test short), and the job's percentage changes at least every 5 s (before, pocketsphinx reported only when a
 * piece of about a minute ended: 4 % for 140 s on a busy machine, so nothing moved in the first RECORD seconds).
 * The decoder prints each utterance as it ends it; its last word's end time is how far it has got.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { TESTDATA } from '../helpers/testdata.ts';

/** Seconds of recognition recorded. */
const RECORD = 40;
let dir: string;
let long: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recognition-progress-'));
  long = path.join(dir, 'jfk-5min.wav');
  await runProcess('ffmpeg', [
    '-v',
    'error',
    '-stream_loop',
    '27',
    '-i',
    `${TESTDATA}/audio/jfk.wav`,
    '-ar',
    '16000',
    '-ac',
    '1',
    long,
  ]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('progress while recognising (issue 38)', () => {
  it(
    'changes at least every 5 s through 5 minutes of speech on the embedded recogniser',
    { timeout: 240_000 },
    async () => {
      const seen: { at: number; progress: number }[] = [];
      const t0 = performance.now();
      const stop = new AbortController();
      let stopAt = Infinity;
      const req: PipelineRequest = {
        inputPath: long,
        sourceLanguage: 'en',
        targetLanguages: ['es'],
        services: ['subtitle'],
        voiceMode: 'dubbing',
        numSpeakers: 1,
        baseName: 'jfk',
        outDir: path.join(dir, 'out'),
        artifacts: memoryArtifacts(),
        signal: stop.signal,
        onProgress: (p) => {
          if (p.stage !== 'transcribe') return;
          const at = (performance.now() - t0) / 1000;
          if (!seen.length) {
            stopAt = at + RECORD;
            setTimeout(() => stop.abort(new Error('recorded enough')), RECORD * 1000);
          }
          if (at <= stopAt) seen.push({ at, progress: p.progress });
        },
      };
      const plan = createEngineRegistry(LOCAL_ENGINES_CONFIG).choose(req);
      expect(plan.speech?.id).toBe('pocketsphinx');
      const ended = await runMediaPipeline(req, plan).then(
        () => 'finished',
        (e: Error) => e.message,
      );
      // Cancelled after RECORD seconds of recognition, or (a fast machine) finished before.
      expect(['finished', 'recorded enough']).toContain(ended);
      const end = ended === 'finished' ? seen.at(-1)!.at : stopAt;
      // The times at which the percentage changed, then the end of the recording.
      const changes = seen.filter((e, i) => i === 0 || e.progress !== seen[i - 1].progress).map((e) => e.at);
      const gaps = [...changes, end].slice(1).map((t, i) => t - changes[i]);
      expect(seen.at(-1)!.progress).toBeGreaterThan(seen[0].progress + 3);
      console.log(
        `progress ${seen[0].progress}% -> ${seen.at(-1)!.progress}% in ${(end - seen[0].at).toFixed(1)} s of recognition; ` +
          `${changes.length} changes, longest wait ${Math.max(...gaps).toFixed(1)} s`,
      );
      expect(Math.max(...gaps)).toBeLessThanOrEqual(5);
    },
  );
});
