import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineRegistry, type EnginePlan } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { storageArtifacts } from '../../../server/src/media/artifacts.ts';
import { createLocalStorage } from '../../../server/src/storage/local.storage.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const registry = createEngineRegistry(LOCAL_ENGINES_CONFIG);
const BASE_TMP = os.tmpdir();
let dir: string;
let tmp: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(BASE_TMP, 'pipeline-resume-'));
  tmp = path.join(dir, 'tmp');
  await mkdir(tmp);
  process.env.TMPDIR = tmp;
});
afterEach(async () => {
  process.env.TMPDIR = BASE_TMP;
  await rm(dir, { recursive: true, force: true });
});

/** The plan of `r` with its recogniser counted; it fails when `fail` is set (as a worker killed mid-way would). */
function countedPlan(r: PipelineRequest, calls: { n: number }, fail: boolean): EnginePlan {
  const plan = registry.choose(r);
  const speech = plan.speech!;
  return {
    ...plan,
    speech: {
      ...speech,
      id: speech.id,
      transcribe: async (wav, o) => {
        calls.n++;
        if (fail) throw new Error('the recogniser must not run again');
        return speech.transcribe(wav, o);
      },
    },
  };
}

describe('a retried run resumes from the artifacts stored with the job', () => {
  it('does not run the recogniser again when the transcript artifact exists, and gives the same subtitles', async () => {
    const storage = createLocalStorage({
      dir: path.join(dir, 'files'),
      secret: 'test-secret',
      publicUrl: () => 'http://localhost',
      defaultTtlSeconds: 60,
    });
    const artifacts = storageArtifacts(storage, 'artifacts/u1/job1');
    const request = (out: string): PipelineRequest => ({
      inputPath: `${TESTDATA}/video/jfk.mp4`,
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      services: ['subtitle'],
      voiceMode: 'dubbing',
      baseName: 'jfk',
      outDir: path.join(dir, out),
      artifacts,
    });

    // First try: the recogniser runs once and the transcript is stored.
    const first = { n: 0 };
    const r1 = request('out1');
    const a = await runMediaPipeline(r1, countedPlan(r1, first, false));
    expect(first.n).toBe(1);
    expect(a.restored).toEqual([]);

    // The try that follows a crash after 'transcribe': only the transcript is kept; the recogniser would fail.
    await storage.delete('artifacts/u1/job1/source-cues.json');
    await storage.delete('artifacts/u1/job1/translation/es.json');
    const second = { n: 0 };
    const r2 = request('out2');
    const b = await runMediaPipeline(r2, countedPlan(r2, second, true));
    expect(second.n).toBe(0);
    expect(b.restored).toEqual(['probe', 'transcribe', 'speakers']);
    expect(await readFile(path.join(dir, 'out2/jfk_es.srt'), 'utf8')).toBe(
      await readFile(path.join(dir, 'out1/jfk_es.srt'), 'utf8'),
    );
    expect(b.engines.speech).toBe('pocketsphinx');
    expect(await readdir(tmp)).toEqual([]);
  });
});
