/**
 * Translations that fit their time (issue 20 items 1, 2), on the real pipeline (jfk.mp4 with the user's own
 * English subtitles, so the slots are known; espeak-ng voices): with a chat-completions server (the local OpenAI
 * emulator) a line over its character budget is asked again with that budget, neighbouring lines as context, and
 * the shorter answer is the one voiced; with the local engines (Apertium) the same line is left as translated and
 * flagged: its sync status says so, how many characters it must lose, and the job's notes name every overflow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG, type EnginesConfig } from '../../../server/src/config/engines.config.ts';
import { REPHRASE_SYSTEM_PROMPT } from '../../../server/src/engines/translation/openai.engine.ts';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { syncArtifact, type SavedSync } from '../../../server/src/media/sync-report.ts';
import { dubArtifact, type SavedDub } from '../../../server/src/media/stages/dub-language.ts';
import { SYNC_STATUSES } from '../../../contract/sync.ts';
import { shortenTo, startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { TESTDATA } from '../helpers/testdata.ts';

/**
 * A long line given 1.5 s (about 24 characters of Spanish at espeak-ng's rate) with the next line right after it,
 * so its time cannot grow to its reading speed, then a short line with room.
 */
const SRT = `1
00:00:00,500 --> 00:00:02,000
And so, my fellow Americans, ask not what your country can do for you.

2
00:00:02,100 --> 00:00:06,000
Ask what you can do for your country.
`;

let dir: string;
let oa: FakeServer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sync-budget-'));
  await writeFile(path.join(dir, 'words.srt'), SRT);
  oa = await startFakeOpenAi();
});
afterAll(async () => {
  await oa?.close();
  await rm(dir, { recursive: true, force: true });
});

async function dub(config: EnginesConfig, out: string) {
  const artifacts = memoryArtifacts();
  const req: PipelineRequest = {
    inputPath: `${TESTDATA}/video/jfk.mp4`,
    ownWords: { path: path.join(dir, 'words.srt'), extension: 'srt' },
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    services: ['subtitle', 'voice_over'],
    voiceMode: 'manual',
    // One speaker (JFK): the lines stay whole sentences, as the budgets below are set for.
    numSpeakers: 1,
    baseName: 'jfk',
    outDir: path.join(dir, out),
    artifacts,
  };
  const result = await runMediaPipeline(req, createEngineRegistry(config).choose(req));
  const sync = (await artifacts.readJson<SavedSync>(syncArtifact('es')))!;
  const voiced = (await artifacts.readJson<SavedDub>(dubArtifact('es')))!;
  return { result, sync, voiced };
}

describe('dub lines fitted to their time', () => {
  it('asks the chat-completions engine again with a budget and voices the shorter answer', async () => {
    const ep = { baseUrl: oa.url, model: 'gpt-4o-mini' };
    const { result, sync, voiced } = await dub({ ...LOCAL_ENGINES_CONFIG, openai: { translation: ep } }, 'openai');
    expect(result.engines.translation_es).toBe('openai');

    const asks = oa.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => JSON.parse(r.body.toString()) as { messages: { role: string; content: string }[] })
      .filter((b) => b.messages[0].content === REPHRASE_SYSTEM_PROMPT);
    expect(asks.length).toBe(1); // the first answer fits: no second try
    const items = JSON.parse(asks[0].messages[1].content).items as {
      source: string;
      translation: string;
      max_characters: number;
      previous: string;
      next: string;
    }[];
    expect(items).toHaveLength(1);
    expect(items[0].source).toContain('ask not what your country can do for you');
    expect(items[0].translation.length).toBeGreaterThan(items[0].max_characters);
    expect(items[0].max_characters).toBeLessThanOrEqual(sync.segments[0].budget!);
    // The next line is the context (as translated, before the dub's spacing is tidied).
    const words = (t: string) => t.replace(/\s+/g, ' ').trim();
    expect(words(items[0].next)).toBe(words(voiced.segments[1].text));

    // The emulator's shorter answer is the line voiced, within its budget, placed in its slot at <= 1.25x.
    const shorter = shortenTo(items[0].translation, items[0].max_characters);
    expect(voiced.segments[0].text).toBe(shorter);
    expect(sync.segments[0].text).toBe(shorter);
    expect(sync.segments[0].chars).toBeLessThanOrEqual(items[0].max_characters);
    expect(sync.segments[0].status).not.toBe('overflow');
    expect(voiced.mix!.placements[0].speed).toBeLessThanOrEqual(1.25);
    expect(voiced.mix!.placements[0].start).toBeGreaterThanOrEqual(0.5 - 0.01);
    expect(result.tracks.targets.es.map((c) => c.lines.join(' ')).join(' ')).toContain(shorter);
    expect(result.dubSegments.es.sync).toEqual(sync.counts);
    expect(sync.counts.overflow).toBe(0);
    expect(result.notes.map((n) => n.code)).not.toContain('VOICE_OVER_RUSHED');
  }, 300_000);

  it('leaves the line as translated with the local engines and flags it in the report and the notes', async () => {
    const { result, sync } = await dub(LOCAL_ENGINES_CONFIG, 'local');
    expect(result.engines.translation_es).toBe('apertium');
    const first = sync.segments[0];
    expect(first.chars).toBeGreaterThan(first.budget!);
    expect(['fast', 'overflow']).toContain(first.status);
    expect(first.shorter_by).toBeGreaterThan(0);
    expect(first.natural_length).toBeGreaterThan(first.slot_end - first.slot_start);
    for (const s of sync.segments) expect(SYNC_STATUSES).toContain(s.status);
    expect(result.dubSegments.es.sync_shares).toBeDefined();
    const rushed = result.notes.find((n) => n.code === 'VOICE_OVER_RUSHED');
    if (sync.counts.overflow) expect(rushed?.params?.segments).toBe(sync.counts.overflow);
    else expect(rushed).toBeUndefined();
  }, 300_000);
});
