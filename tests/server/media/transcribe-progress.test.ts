/**
 * Issue 22, item 5: the progress moves through the recognition stage, one step per piece the recogniser
 * finishes, instead of staying at the stage's start until the whole file is recognised. A 3.5-minute recording
 * (speech, a long pause, speech: the recogniser's long-audio path, pieces of about a minute) runs through the
 * pipeline with the local engines.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { TESTDATA } from '../helpers/testdata.ts';

let dir = '';
let input = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-progress-'));
  input = path.join(dir, 'talk.wav');
  const jfk = path.join(TESTDATA, 'audio/jfk.wav');
  execFileSync('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y', '-i', jfk],
    ...['-f', 'lavfi', '-t', '190', '-i', 'anullsrc=r=16000:cl=mono', '-i', jfk],
    ...['-filter_complex', '[0:a][1:a][2:a]concat=n=3:v=0:a=1', '-ar', '16000', '-ac', '1', input],
  ]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('reports progress during transcribe as the recogniser finishes its pieces', async () => {
  const events: { stage: string; progress: number }[] = [];
  const req: PipelineRequest = {
    inputPath: input,
    baseName: 'talk',
    outDir: path.join(dir, 'out'),
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    services: ['subtitle'],
    onProgress: (p) => events.push(p),
  };
  await runMediaPipeline(req, createEngineRegistry(LOCAL_ENGINES_CONFIG).choose(req));
  const during = events.filter((e) => e.stage === 'transcribe').map((e) => e.progress);
  console.log(`progress reported during transcribe: ${during.join(', ')}`);
  // The stage's start, at least one step inside the stage, and its end, each higher than the one before.
  expect(new Set(during).size).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < during.length; i++) expect(during[i]).toBeGreaterThanOrEqual(during[i - 1]);
  const after = events.find((e) => e.stage === 'cues')!.progress;
  expect(Math.max(...during)).toBeLessThanOrEqual(after);
}, 300_000);
