/**
 * Issue 19 item 1: the speakers stage. The local classic engine on real recordings (../shared/testdata): the
 * two-person pyannote sample against its reference turns, and a recording made of a female (LJ Speech) and a male
 * (JFK) speaker taking turns run through the whole pipeline with the local engines: the stage finds two speakers,
 * saves its turns and every word's speaker; `num_speakers` 1 skips it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClassicSpeakersEngine } from '../../../server/src/engines/speakers/classic.engine.ts';
import {
  diarizeClassic,
  diarizeClassicWav,
  MAX_CLUSTERED,
} from '../../../server/src/engines/speakers/classic/classic.ts';
import { diarizationErrorRate, parseRttm } from '../../../server/src/engines/speakers/classic/der.ts';
import { SPEAKERS_ARTIFACT } from '../../../server/src/media/stages/speakers.ts';
import type { SpeakerTrack } from '../../../server/src/media/stages/stage.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const registry = createEngineRegistry(LOCAL_ENGINES_CONFIG);
let dir: string;
let twoVoices: string;
/** Where each speaker talks in the two-voice recording (seconds). */
let halves: { female1: number; male: number };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'speakers-test-'));
  twoVoices = path.join(dir, 'two-voices.wav');
  // LJ001-0001 (a woman, 9.7 s), JFK (a man, 11 s), LJ001-0004 (the woman, 5.1 s), 0.6 s of silence between.
  const parts = ['audio/LJ001-0001.wav', 'audio/jfk.wav', 'audio/LJ001-0004.wav'].map((p) => `${TESTDATA}/${p}`);
  const inputs = parts.flatMap((p) => ['-i', p]);
  const chain = parts.map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=0.6[a${i}]`);
  await runProcess('ffmpeg', [
    '-v',
    'error',
    ...inputs,
    '-filter_complex',
    `${chain.join(';')};[a0][a1][a2]concat=n=3:v=0:a=1[out]`,
    '-map',
    '[out]',
    twoVoices,
  ]);
  halves = { female1: 9.7 + 0.6, male: 9.7 + 0.6 + 11 + 0.6 };
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** How many times the long-media tests loop the two-voice recording: the fewest that give over MAX_CLUSTERED pieces. */
const LONG_LOOPS = 17;
let longWav: Promise<string> | undefined;
/** The two-voice recording LONG_LOOPS times over (7.8 minutes), made once for the tests that need long speech. */
function twoVoicesLong(): Promise<string> {
  longWav ??= (async () => {
    const long = path.join(dir, 'two-voices-long.wav');
    await runProcess('ffmpeg', [
      '-v',
      'error',
      '-stream_loop',
      String(LONG_LOOPS - 1),
      '-i',
      twoVoices,
      '-c',
      'copy',
      long,
    ]);
    return long;
  })();
  return longWav;
}

describe('the classic speaker engine', () => {
  it('tells the two people of the pyannote sample apart on Auto: 2 speakers, DER under 15 %', async () => {
    const audio = await readWav(`${TESTDATA}/speakers/sample.wav`);
    const reference = parseRttm(await readFile(`${TESTDATA}/speakers/sample.rttm`, 'utf8')).get('sample')!;
    const turns = diarizeClassic(audio);
    expect(new Set(turns.map((t) => t.speaker)).size).toBe(2);
    expect(diarizationErrorRate(reference, turns, { collar: 0.25 }).der).toBeLessThan(0.15);
  });

  it('gives one speaker when told there is one', async () => {
    const audio = await readWav(`${TESTDATA}/speakers/sample.wav`);
    const turns = diarizeClassic(audio, { numSpeakers: 1 });
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set(['S1']));
  });
});

describe('the classic speaker engine on long media (issue 25)', () => {
  it('reads the WAV a block at a time: the pyannote sample three times over gives the turns read whole', async () => {
    // 90 s: three blocks of BLOCK_SECONDS, so two block joins fall inside speech.
    const wav = path.join(dir, 'sample-3x.wav');
    await runProcess('ffmpeg', [
      '-v',
      'error',
      '-stream_loop',
      '2',
      '-i',
      `${TESTDATA}/speakers/sample.wav`,
      '-c',
      'copy',
      wav,
    ]);
    const once = parseRttm(await readFile(`${TESTDATA}/speakers/sample.rttm`, 'utf8')).get('sample')!;
    const regions = [0, 30, 60].flatMap((o) => once.map((t) => ({ start: t.start + o, end: t.end + o })));
    const whole = diarizeClassic(await readWav(wav), { regions, numSpeakers: 2 });
    const blocks = await diarizeClassicWav(wav, { regions, numSpeakers: 2 });
    expect(new Set(blocks.map((t) => t.speaker)).size).toBe(2);
    expect(diarizationErrorRate(whole, blocks, { collar: 0 }).der).toBeLessThan(0.02);
  });

  it(
    'tells the woman and the man apart in 8 minutes of their turns, more pieces than it clusters at once',
    { timeout: 300_000 },
    async () => {
      // The two-voice recording (27.6 s) 17 times, read in blocks: 442 pieces of about a second, over MAX_CLUSTERED.
      const loops = LONG_LOOPS;
      const long = await twoVoicesLong();
      const loop = 9.7 + 0.6 + 11 + 0.6 + 5.1 + 0.6;
      const reference = Array.from({ length: loops }, (_, k) => [
        { start: k * loop, end: k * loop + 9.7, speaker: 'woman' },
        { start: k * loop + halves.female1, end: k * loop + halves.female1 + 11, speaker: 'man' },
        { start: k * loop + halves.male, end: k * loop + halves.male + 5.1, speaker: 'woman' },
      ]).flat();
      const turns = await diarizeClassicWav(long, { regions: reference });
      expect(loops * (10 + 11 + 5)).toBeGreaterThan(MAX_CLUSTERED);
      expect(new Set(turns.map((t) => t.speaker)).size).toBe(2);
      expect(diarizationErrorRate(reference, turns, { collar: 0.25 }).der).toBeLessThan(0.15);
    },
  );
});

describe('the classic engine on long media (issue 24 item 5)', () => {
  it('diarizes on a worker thread: the process answers HTTP while it works, and long speech keeps both speakers', async () => {
    // The two-voice recording (27.6 s, 25.8 s of speech) looped LONG_LOOPS times: 7.8 minutes, more one-second
    // pieces of speech than MAX_CLUSTERED, so some of them join their speaker by nearness instead of clustering.
    const long = await twoVoicesLong();
    const one = await readWav(twoVoices);
    const loop = one.samples.length / one.rate;
    expect(LONG_LOOPS * (loop - 3 * 0.6)).toBeGreaterThan(MAX_CLUSTERED);
    const server = createServer((_, res) => res.end('pong'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const order: string[] = [];
      const diarizing = createClassicSpeakersEngine()
        .diarize(long, {})
        .then((turns) => (order.push('diarized'), turns));
      // Wait a moment so the work has begun, then ask this process for an answer.
      await new Promise((r) => setTimeout(r, 300));
      await fetch(url).then((res) => res.text().then(() => order.push('answered')));
      const turns = await diarizing;
      expect(order).toEqual(['answered', 'diarized']);
      expect(turns.at(-1)!.end).toBeGreaterThan((LONG_LOOPS - 1) * loop);
      // Who speaks most in [from, to] (seconds).
      const mostIn = (from: number, to: number) => {
        const talk = new Map<string, number>();
        for (const t of turns) {
          const overlap = Math.min(to, t.end) - Math.max(from, t.start);
          if (overlap > 0) talk.set(t.speaker, (talk.get(t.speaker) ?? 0) + overlap);
        }
        return [...talk].sort((a, b) => b[1] - a[1])[0]?.[0];
      };
      for (const k of [0, 8, LONG_LOOPS - 1]) {
        const woman = mostIn(k * loop + 1, k * loop + 9);
        const man = mostIn(k * loop + halves.female1 + 1, k * loop + halves.female1 + 10);
        expect(woman).toBeDefined();
        expect(man).toBeDefined();
        expect(woman).not.toBe(man);
        expect(woman).toBe(mostIn(1, 9));
      }
    } finally {
      server.close();
    }
  }, 180_000);
});

describe('the speakers stage in the pipeline', () => {
  const request = (over: Partial<PipelineRequest>): PipelineRequest => ({
    inputPath: twoVoices,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    services: ['subtitle'],
    voiceMode: 'dubbing',
    baseName: 'two',
    outDir: path.join(dir, 'out'),
    ...over,
  });

  it('finds the woman and the man, saves their turns and gives every word its speaker', async () => {
    const artifacts = memoryArtifacts();
    const r = request({ artifacts });
    const result = await runMediaPipeline(r, registry.choose(r));
    expect(result.engines.speakers).toBe('classic');
    expect(Object.keys(result.stageSeconds)).toContain('speakers');
    const track = (await artifacts.readJson<SpeakerTrack>(SPEAKERS_ARTIFACT))!;
    expect(new Set(track.turns.map((t) => t.speaker))).toEqual(new Set(['S1', 'S2']));
    const speakerOf = (from: number, to: number) => {
      const said = track.words.filter((w) => w.start >= from && w.end <= to).map((w) => w.speaker);
      // The speaker of most of the words in that stretch.
      return said.sort((a, b) => said.filter((x) => x === b).length - said.filter((x) => x === a).length)[0];
    };
    const woman = speakerOf(0, halves.female1);
    const man = speakerOf(halves.female1, halves.male);
    expect(woman).toBe('S1');
    expect(man).toBe('S2');
    expect(speakerOf(halves.male, 99)).toBe(woman);
    expect(track.words.length).toBeGreaterThan(20);
    expect(track.words.every((w) => w.speaker === 'S1' || w.speaker === 'S2')).toBe(true);
  });

  it('skips the stage when the request says one speaker', async () => {
    const artifacts = memoryArtifacts();
    const r = request({
      artifacts,
      numSpeakers: 1,
      inputPath: `${TESTDATA}/audio/jfk.wav`,
      outDir: path.join(dir, 'out1'),
    });
    const result = await runMediaPipeline(r, registry.choose(r));
    expect(Object.keys(result.stageSeconds)).not.toContain('speakers');
    expect(result.engines.speakers).toBeUndefined();
    expect(await artifacts.readJson(SPEAKERS_ARTIFACT)).toBeNull();
  });
});
