import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createEngineRegistry,
  NoEngineError,
  type EngineRegistry,
} from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG, type EnginesConfig } from '../../../server/src/config/engines.config.ts';
import { runMediaPipeline, type PipelineRequest } from '../../../server/src/media/pipeline.ts';
import { MediaError, probeMedia } from '../../../server/src/media/probe.ts';
import { parseSrt, parseVtt } from '../../../server/src/media/subtitle-writers.ts';
import { rulesFor } from '../../../contract/cue-rules.ts';
import { checkCues } from '../../../contract/cues.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { JFK_SPOKEN_SRT, TESTDATA } from '../helpers/testdata.ts';

const DATA = `${TESTDATA}`;
let dir: string;
let tmp: string;
const registry = createEngineRegistry(LOCAL_ENGINES_CONFIG);
const BASE_TMP = os.tmpdir();

beforeEach(async () => {
  dir = await mkdtemp(path.join(BASE_TMP, 'pipeline-test-'));
  // A private temp folder, so the test can see that the pipeline leaves nothing behind.
  tmp = path.join(dir, 'tmp');
  await rm(tmp, { recursive: true, force: true });
  await (await import('node:fs/promises')).mkdir(tmp);
  process.env.TMPDIR = tmp;
});

afterEach(async () => {
  process.env.TMPDIR = BASE_TMP;
  await rm(dir, { recursive: true, force: true });
});

/** Chooses the engines of `r` as a job does, then runs the pipeline (a refusal rejects like a failure). */
const pipeline = async (r: PipelineRequest, reg: EngineRegistry = registry) => runMediaPipeline(r, reg.choose(r));

const request = (over: Partial<PipelineRequest>): PipelineRequest => ({
  inputPath: `${DATA}/video/jfk.mp4`,
  sourceLanguage: 'en',
  targetLanguages: ['es'],
  services: ['subtitle'],
  voiceMode: 'dubbing',
  baseName: 'jfk',
  outDir: path.join(dir, 'out'),
  ...over,
});

const streams = async (file: string) =>
  JSON.parse(
    (await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', file]))
      .stdout,
  ).streams as { codec_type: string; codec_name: string }[];

describe('media pipeline on real media with the local engines', () => {
  it('turns jfk.mp4 into Spanish and French subtitles and dubbed MP3/MP4 of the input length', async () => {
    const progress: { stage: string; progress: number }[] = [];
    const result = await pipeline(
      request({
        targetLanguages: ['es', 'fr'],
        services: ['subtitle', 'voice_over'],
        voices: { fr: 'espeak-ng:fr-fr+f2' },
        onProgress: (p) => progress.push(p),
      }),
      registry,
    );
    expect(result.sourceLanguage).toBe('en');
    expect(result.hasVideo).toBe(true);
    expect(result.outputs.map((o) => o.filename).sort()).toEqual(
      [
        'jfk_es.mp3',
        'jfk_es.mp4',
        'jfk_es.srt',
        'jfk_es.vtt',
        'jfk_fr.mp3',
        'jfk_fr.mp4',
        'jfk_fr.srt',
        'jfk_fr.vtt',
      ].sort(),
    );
    expect(result.engines).toMatchObject({
      speech: 'pocketsphinx',
      translation_es: 'apertium',
      translation_fr: 'apertium',
      // French in the voice the request chose, Spanish in the dubbing mode's default.
      voice_fr: 'espeak-ng:fr-fr+f2',
      voice_es: 'espeak-ng:es+m3',
    });
    expect(result.voices).toEqual({ es: 'espeak-ng:es+m3', fr: 'espeak-ng:fr-fr+f2' });

    const es = parseSrt(await readFile(path.join(dir, 'out/jfk_es.srt'), 'utf8'));
    const fr = parseVtt(await readFile(path.join(dir, 'out/jfk_fr.vtt'), 'utf8'));
    const esText = es.flatMap((c) => c.lines).join(' ');
    const frText = fr.flatMap((c) => c.lines).join(' ');
    // pocketsphinx hears "what your country can do for you": it must come out in each language.
    expect(esText).toMatch(/vuestro país puede hacer/);
    expect(frText).toMatch(/votre pays/);
    expect(checkCues(es, 'es', rulesFor('es'))).toEqual([]);
    expect(checkCues(fr, 'fr', rulesFor('fr'))).toEqual([]);
    for (const c of es) expect(c.end).toBeLessThanOrEqual(12.84);

    const input = await probeMedia(`${DATA}/video/jfk.mp4`);
    for (const lang of ['es', 'fr']) {
      const mp3 = await probeMedia(path.join(dir, `out/jfk_${lang}.mp3`));
      const mp4 = await probeMedia(path.join(dir, `out/jfk_${lang}.mp4`));
      expect(Math.abs(mp3.durationSeconds - input.durationSeconds)).toBeLessThan(0.1);
      expect(Math.abs(mp4.durationSeconds - input.durationSeconds)).toBeLessThan(0.1);
      expect(
        (await streams(path.join(dir, `out/jfk_${lang}.mp4`))).map((s) => `${s.codec_type}:${s.codec_name}`),
      ).toEqual(['video:h264', 'audio:aac']);
    }

    const transcript = JSON.parse(await readFile(result.transcriptPath, 'utf8'));
    expect(transcript.words.length).toBeGreaterThan(10);
    expect(transcript.cues.length).toBeGreaterThan(1);
    for (const w of transcript.words) expect(w.end).toBeGreaterThanOrEqual(w.start);

    const pct = progress.map((p) => p.progress);
    expect(pct).toEqual([...pct].sort((a, b) => a - b));
    expect(pct.at(-1)).toBe(100);
    expect([...new Set(progress.map((p) => p.stage))]).toEqual([
      'probe',
      'transcribe',
      'speakers',
      'cues',
      'translate',
      'subtitles',
      'voice_over',
      'finalize',
    ]);
    expect(await readdir(tmp)).toEqual([]);
  });

  it('subtitles audio in its own language and says which language it assumed for auto', async () => {
    const result = await pipeline(
      request({
        inputPath: `${DATA}/audio/LJ001-0001.wav`,
        sourceLanguage: 'auto',
        targetLanguages: ['en-gb'],
        baseName: 'lj',
      }),
      registry,
    );
    expect(result.languageAssumed).toBe(true);
    expect(result.notes).toMatchObject([{ code: 'LANGUAGE_ASSUMED', params: { language: 'en' } }]);
    expect(result.notes[0].text).toMatch(/assumed to be English/);
    const text = parseSrt(await readFile(path.join(dir, 'out/lj_en-gb.srt'), 'utf8'))
      .flatMap((c) => c.lines)
      .join(' ')
      .toLowerCase();
    expect(text).toMatch(/the only sense/);
    expect(result.outputs.some((o) => o.kind === 'voice_over_mp3')).toBe(false);
  });

  it('fails at once, before any work, when a language has no engine, naming the engines that would serve it', async () => {
    const t0 = Date.now();
    const run = pipeline(
      request({ inputPath: `${DATA}/audio/leopard_test_es.wav`, sourceLanguage: 'es', targetLanguages: ['en'] }),
      registry,
    );
    await expect(run).rejects.toBeInstanceOf(NoEngineError);
    await expect(run).rejects.toThrow(/No speech recognition engine for Spanish \(es\).*OPENAI_BASE_URL/);
    expect(Date.now() - t0).toBeLessThan(500);
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
    expect(await readdir(tmp)).toEqual([]);
  });

  it('reports a file without audio, a corrupt file and an empty file in plain words', async () => {
    const noAudio = path.join(dir, 'silent-video.mp4');
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      `${DATA}/video/jfk.mp4`,
      '-an',
      '-c:v',
      'copy',
      noAudio,
    ]);
    const corrupt = path.join(dir, 'corrupt.mp4');
    await writeFile(corrupt, (await readFile(`${DATA}/video/jfk.mp4`)).subarray(0, 2000));
    const empty = path.join(dir, 'empty.wav');
    await writeFile(empty, '');
    const silence = path.join(dir, 'silence.wav');
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      '3',
      silence,
    ]);
    const fail = (p: string) => pipeline(request({ inputPath: p }), registry).catch((e) => e);
    const [a, b, c, d] = [await fail(noAudio), await fail(corrupt), await fail(empty), await fail(silence)];
    expect(d).toMatchObject({ code: 'NO_SPEECH', message: expect.stringMatching(/No speech was recognised/) });
    expect(a).toBeInstanceOf(MediaError);
    expect(a).toMatchObject({ code: 'NO_AUDIO_STREAM', message: expect.stringMatching(/no audio track/) });
    expect(b).toMatchObject({
      code: 'CORRUPT_MEDIA',
      message: expect.stringMatching(/could not be read as audio or video/),
    });
    expect(c).toMatchObject({ code: 'EMPTY_MEDIA', message: expect.stringMatching(/empty/) });
    expect(await readdir(tmp)).toEqual([]);
  });

  it('stops when cancelled and removes its temporary files and partial outputs', async () => {
    const ac = new AbortController();
    const run = pipeline(
      request({
        inputPath: `${DATA}/video/lj001-0001-0004.mp4`,
        services: ['subtitle', 'voice_over'],
        signal: ac.signal,
        onProgress: (p) => p.stage === 'transcribe' && ac.abort(new Error('cancelled by the user')),
      }),
      registry,
    );
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(await readdir(tmp)).toEqual([]);
    expect(existsSync(path.join(dir, 'out', 'lj001-0001-0004_es.srt'))).toBe(false);
  });
});

describe('media pipeline with network engines configured (local servers speaking the OpenAI API)', () => {
  let oa: FakeServer;
  beforeAll(async () => (oa = await startFakeOpenAi({ apiKey: 'sk-test' })));
  afterAll(() => oa.close());

  it('runs the Spanish job that the local engines refuse, through the configured speech and translation server', async () => {
    const ep = (model: string) => ({ baseUrl: oa.url, apiKey: 'sk-test', model });
    const config: EnginesConfig = {
      ...LOCAL_ENGINES_CONFIG,
      openai: { speech: ep('whisper-1'), translation: ep('gpt-4o-mini'), voice: ep('tts-1') },
    };
    const result = await pipeline(
      request({
        inputPath: `${DATA}/audio/leopard_test_es.wav`,
        sourceLanguage: 'es',
        targetLanguages: ['en', 'de'],
        services: ['subtitle', 'voice_over'],
        baseName: 'leopard',
      }),
      createEngineRegistry(config),
    );
    expect(result.engines).toMatchObject({
      speech: 'openai',
      translation_en: 'openai',
      translation_de: 'openai',
    });
    // The voice reported is one the dub spoke (issue 39 item 6: the speaker's voice, not the language's default).
    const spoken = oa.requests
      .filter((r) => r.path === '/v1/audio/speech')
      .map((r) => `openai:${(JSON.parse(r.body.toString()) as { voice: string }).voice}`);
    expect(spoken).toContain(result.engines.voice_en);
    expect(result.outputs.map((o) => o.filename)).toContain('leopard_de.mp3');
    expect(result.outputs.map((o) => o.filename)).not.toContain('leopard_de.mp4');
    const paths = oa.requests.map((r) => r.path);
    expect(paths).toContain('/v1/audio/transcriptions');
    expect(paths).toContain('/v1/chat/completions');
    expect(paths).toContain('/v1/audio/speech');
    const mp3 = await probeMedia(path.join(dir, 'out/leopard_en.mp3'));
    expect(
      Math.abs(mp3.durationSeconds - (await probeMedia(`${DATA}/audio/leopard_test_es.wav`)).durationSeconds),
    ).toBeLessThan(0.1);
  });

  it('fails with ENGINE_REFUSED naming the engine when a configured API refuses its key, and leaves nothing behind', async () => {
    const deepl = await startFakeDeepL({ apiKey: 'right-key' });
    try {
      const config: EnginesConfig = { ...LOCAL_ENGINES_CONFIG, deepl: { apiUrl: deepl.url, apiKey: 'wrong-key' } };
      const err = await pipeline(
        request({ inputPath: `${DATA}/audio/LJ001-0002.wav`, targetLanguages: ['de'], baseName: 'lj2' }),
        createEngineRegistry(config),
      ).catch((e) => e);
      expect(err).toBeInstanceOf(MediaError);
      // The user reads which engine failed; the engine's own words are kept as the technical detail.
      expect(err).toMatchObject({
        code: 'ENGINE_REFUSED',
        message:
          'The translation engine (deepl) refused the request (its API key or settings are not accepted): the operator must fix the settings.',
        detail: 'DeepL: the API key was refused (Authorization failure, check auth_key)',
      });
      expect(await readdir(tmp)).toEqual([]);
    } finally {
      await deepl.close();
    }
  });

  it('subtitles and dubs into Arabic through LibreTranslate: right-to-left marks on every line, espeak-ng Arabic voice', async () => {
    const lt = await startFakeLibreTranslate();
    try {
      const config: EnginesConfig = { ...LOCAL_ENGINES_CONFIG, libreTranslate: { url: lt.url } };
      // The clip's words as the user's own SRT: this is about Arabic out, not the recogniser (tested above).
      const words = path.join(dir, 'jfk.srt');
      await writeFile(words, JFK_SPOKEN_SRT);
      const result = await pipeline(
        request({
          inputPath: `${DATA}/audio/jfk.wav`,
          targetLanguages: ['ar'],
          services: ['subtitle', 'voice_over'],
          baseName: 'jfk',
          ownWords: { path: words, extension: 'srt' },
        }),
        createEngineRegistry(config),
      );
      expect(result.engines).toMatchObject({ translation_ar: 'libretranslate', voice_ar: 'espeak-ng:ar+m3' });
      const cues = parseSrt(await readFile(path.join(dir, 'out/jfk_ar.srt'), 'utf8'));
      for (const line of cues.flatMap((c) => c.lines)) expect(line).toMatch(/^\u200f.*\u200f$/);
      expect(cues.flatMap((c) => c.lines).join(' ')).toMatch(/بلدكم|البلد/);
      expect(checkCues(cues, 'ar', rulesFor('ar'))).toEqual([]);
    } finally {
      await lt.close();
    }
  });
});
