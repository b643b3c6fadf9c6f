/**
 * "Keep voices natural" through the whole pipeline (issue 20 item 3): jfk.mp4 with the user's own English subtitles
 * (so the slots are known) into Spanish with the local engines, whose translation of the first line runs long. The
 * job gets the dubbed video's own SRT/VTT (`jfk_es_dubbed.*`), the note VIDEO_SLOWED with the seconds added, an MP4
 * longer by the slowed spans and an MP3 of the input's length; the dubbed VTT is the job's VTT moved by the time map.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { stretchArtifact, type SavedStretch } from '../../../server/src/media/stages/natural-dub.ts';
import { addedSeconds, mapTime } from '../../../server/src/media/time-map.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const SRT = `1
00:00:00,500 --> 00:00:03,200
And so, my fellow Americans, ask not what your country can do for you.

2
00:00:03,300 --> 00:00:06,500
Ask what you can do for your country.
`;
const INPUT = `${TESTDATA}/video/jfk.mp4`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keep-natural-pipeline-'));
  await writeFile(path.join(dir, 'words.srt'), SRT);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function probe(file: string, entries: string): Promise<string> {
  return (await runProcess('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'csv=p=0', file])).stdout.trim();
}
const durationOf = async (file: string) => Number(await probe(file, 'format=duration'));
const cueStarts = async (file: string) => (await probe(file, 'packet=pts_time')).split('\n').map(Number);

describe('keep voices natural in the pipeline', () => {
  it('writes a slowed MP4 with its own SRT/VTT on the new timeline, a note with the seconds, an MP3 as long as the input', async () => {
    const artifacts = memoryArtifacts();
    const outDir = path.join(dir, 'out');
    const req: PipelineRequest = {
      inputPath: INPUT,
      ownWords: { path: path.join(dir, 'words.srt'), extension: 'srt' },
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      services: ['subtitle', 'voice_over'],
      voiceMode: 'manual',
      numSpeakers: 1,
      baseName: 'jfk',
      outDir,
      artifacts,
      keepVoicesNatural: true,
    };
    const result = await runMediaPipeline(req, createEngineRegistry(LOCAL_ENGINES_CONFIG).choose(req));
    const file = (kind: string) => result.outputs.find((o) => o.kind === kind)!;
    expect(file('voice_over_srt').filename).toBe('jfk_es_dubbed.srt');
    expect(file('voice_over_vtt').filename).toBe('jfk_es_dubbed.vtt');
    const stretch = (await artifacts.readJson<SavedStretch>(stretchArtifact('es')))!;
    expect(stretch.spans.length).toBeGreaterThan(0);
    const added = addedSeconds(stretch.spans);
    const note = result.notes.find((n) => n.code === 'VIDEO_SLOWED');
    expect(note?.params).toEqual({ language: 'es', seconds: stretch.added_seconds });
    expect(stretch.added_seconds).toBeGreaterThanOrEqual(added);

    const input = await durationOf(INPUT);
    expect(Math.abs((await durationOf(file('voice_over_mp4').path)) - (input + added))).toBeLessThan(0.15);
    expect(Math.abs((await durationOf(file('voice_over_mp3').path)) - input)).toBeLessThan(0.1);
    // The job's VTT stays on the input's timeline (the original video); the dubbed video's moves by the time map.
    const plain = await cueStarts(file('subtitle_vtt').path);
    const dubbed = await cueStarts(file('voice_over_vtt').path);
    expect(dubbed).toHaveLength(plain.length);
    plain.forEach((t, i) => expect(Math.abs(dubbed[i] - mapTime(stretch.spans, t))).toBeLessThan(0.01));
    expect(dubbed.at(-1)! - plain.at(-1)!).toBeGreaterThan(0.1);
  }, 300_000);
});
