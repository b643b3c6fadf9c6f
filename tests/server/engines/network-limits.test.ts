/**
 * The network engines through the vendors' SDKs keep within the APIs' documented limits, against local servers that
 * answer as OpenAI and DeepL document (limits included):
 * - a 20-minute recording completes on the OpenAI recogniser in compressed pieces cut at pauses, no request over
 *   25 MB, every word of the whole-file transcript the server holds found once, at its time;
 * - a chat model that drops a line of a batch of 40 (or wraps its JSON in prose, or is cut short) still translates
 *   every line; a line that never gets a translation fails the call naming it; structured output is asked for and
 *   a server without it gets json_object;
 * - a 5,000-character cue is voiced by OpenAI speech in pieces of at most 4,096 characters, joined;
 * - DeepL gets at most 50 texts and 128 KiB a request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createOpenAiSpeechEngine } from '../../../server/src/engines/speech/openai.engine.ts';
import { createOpenAiTranslationEngine } from '../../../server/src/engines/translation/openai.engine.ts';
import { createOpenAiVoiceEngine } from '../../../server/src/engines/voice/openai.engine.ts';
import { createDeepLEngine } from '../../../server/src/engines/translation/deepl.engine.ts';
import { EngineHttpError } from '../../../server/src/engines/engine-failure.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { startFakeOpenAi, UPLOAD_LIMIT_BYTES } from '../fakes/fake-openai.server.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { longRecording } from '../helpers/long-recording.ts';

const http = { timeoutSeconds: 60, retries: 2 };

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'network-limits-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('OpenAI recogniser on a 20-minute recording', () => {
  it('sends compressed pieces under 25 MB and joins every word once, on the whole timeline', async () => {
    const { wav, held } = await longRecording(20 * 60, dir);
    const oa = await startFakeOpenAi({ recording: held });
    try {
      const engine = createOpenAiSpeechEngine({ baseUrl: oa.url, model: 'whisper-1' }, http);
      const progress: number[] = [];
      const t0 = Date.now();
      const t = await engine.transcribe(wav, { language: 'en', onProgress: (f) => progress.push(f) });
      const uploads = oa.requests.filter((r) => r.path === '/v1/audio/transcriptions').map((r) => r.body.length);
      const reference = held.words.map((w) => w.text);
      const got = t.words.map((w) => w.text.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''));
      console.log(
        `20-minute recording: ${uploads.length} requests, largest ${(Math.max(...uploads) / 1e6).toFixed(2)} MB ` +
          `(whole file as WAV ${((held.audio.samples.length * 2) / 1e6).toFixed(1)} MB); words ${got.length} of ` +
          `${reference.length} in the reference; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      expect(uploads.length).toBeGreaterThan(2);
      for (const bytes of uploads) expect(bytes).toBeLessThan(UPLOAD_LIMIT_BYTES);
      expect(Math.abs(got.length - reference.length) / reference.length).toBeLessThanOrEqual(0.01);
      // No word doubled or lost at a seam: the words are the reference's, in order, each at its own time.
      expect(got).toEqual(reference);
      t.words.forEach((w, i) => expect(Math.abs(w.start - held.words[i].start)).toBeLessThan(0.1));
      expect(t.durationSeconds).toBeCloseTo(held.audio.samples.length / 16000, 0);
      expect(progress.at(-1)).toBeCloseTo(1, 5);
      expect(t.utterances.length).toBeGreaterThan(50);
    } finally {
      await oa.close();
    }
  }, 600_000);
});

describe('OpenAI translation engine when the model slips', () => {
  const texts = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'I like big dogs.' : 'The house is red.'));
  const want = texts.map((t) => (t === 'I like big dogs.' ? 'Me gustan los perros grandes.' : 'La casa es roja.'));
  const chats = (oa: FakeServer) => oa.requests.filter((r) => r.path === '/v1/chat/completions');

  it('a batch of 40 with one line dropped once is asked again in halves, with neighbours as context', async () => {
    const oa = await startFakeOpenAi({ slips: ['drop'] });
    try {
      const engine = createOpenAiTranslationEngine({ baseUrl: oa.url, model: 'gpt-4o-mini' }, http);
      expect(await engine.translate(texts, { from: 'en', to: 'es' })).toEqual(want);
      const sent = chats(oa).map((r) => JSON.parse(r.body.toString()));
      expect(sent).toHaveLength(3);
      expect(sent[0].response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'translations' } });
      const halves = sent.slice(1).map((b) => JSON.parse(b.messages[1].content));
      expect(halves.map((h) => h.texts.length)).toEqual([20, 20]);
      expect(halves[0].context_after).toEqual(texts.slice(20, 23));
      expect(halves[1].context_before).toEqual(texts.slice(17, 20));
    } finally {
      await oa.close();
    }
  });

  it('prose around the JSON is read; a truncated answer is asked again; json_object where json_schema is refused', async () => {
    const oa = await startFakeOpenAi({ slips: ['prose', 'truncate'], noJsonSchema: true });
    try {
      const engine = createOpenAiTranslationEngine({ baseUrl: oa.url, model: 'gpt-4o-mini' }, http);
      expect(await engine.translate(texts.slice(0, 4), { from: 'en', to: 'es' })).toEqual(want.slice(0, 4));
      expect(await engine.translate(texts.slice(0, 4), { from: 'en', to: 'es' })).toEqual(want.slice(0, 4));
      const formats = chats(oa).map((r) => JSON.parse(r.body.toString()).response_format.type);
      // json_schema refused once, then json_object: prose read (1), truncated (1) then two halves (2).
      expect(formats).toEqual(['json_schema', 'json_object', 'json_object', 'json_object', 'json_object']);
    } finally {
      await oa.close();
    }
  });

  it('a line that never gets a translation fails the call, naming it', async () => {
    const oa = await startFakeOpenAi({ slips: ['drop', 'drop', 'drop', 'drop', 'drop'] });
    try {
      const engine = createOpenAiTranslationEngine({ baseUrl: oa.url, model: 'gpt-4o-mini' }, http);
      const e = await engine
        .translate(['Hello.', 'The house is red.'], { from: 'en', to: 'es' })
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(EngineHttpError);
      expect((e as Error).message).toBe(
        'openai translation: text 1 ("Hello.") got no translation after 2 tries: the model returned 0 translations for 1 texts',
      );
      expect(chats(oa)).toHaveLength(3);
    } finally {
      await oa.close();
    }
  });
});

describe('cancellation through the SDKs', () => {
  it('a cancelled translation stops at once, even while waiting out a Retry-After', async () => {
    const oa = await startFakeOpenAi();
    try {
      const engine = createOpenAiTranslationEngine({ baseUrl: oa.url, model: 'gpt-4o-mini' }, http);
      oa.rateLimitNext(1, 30);
      const ac = new AbortController();
      setTimeout(() => ac.abort(new Error('stopped by the user')), 300);
      const t0 = Date.now();
      await expect(engine.translate(['Hello.'], { from: 'en', to: 'es', signal: ac.signal })).rejects.toThrow(
        'stopped by the user',
      );
      expect(Date.now() - t0).toBeLessThan(5000);
    } finally {
      await oa.close();
    }
  });
});

describe('OpenAI speech over its 4,096-character input', () => {
  it('voices a 5,000-character cue in pieces cut at sentence ends and joins the audio', async () => {
    const oa = await startFakeOpenAi();
    try {
      const engine = createOpenAiVoiceEngine({ baseUrl: oa.url, model: 'tts-1' }, http);
      const sentence = 'Ask not what your country can do for you, ask what you can do for your country. ';
      const cue = sentence.repeat(Math.ceil(5000 / sentence.length)).slice(0, 5000 - 1) + '.';
      expect(cue.length).toBe(5000);
      const out = path.join(dir, 'long-cue.wav');
      await engine.synthesize(cue, { language: 'en', voice: 'alloy', outPath: out });
      const inputs = oa.requests
        .filter((r) => r.path === '/v1/audio/speech')
        .map((r) => JSON.parse(r.body.toString()).input as string);
      expect(inputs).toHaveLength(2);
      for (const i of inputs) expect(i.length).toBeLessThanOrEqual(4096);
      expect(inputs[0].endsWith('country.')).toBe(true);
      expect(inputs.join(' ').length).toBeGreaterThanOrEqual(4999);
      const d = await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out]);
      console.log(
        `5,000-character cue: ${inputs.map((i) => i.length).join(' + ')} characters, ${Number(d.stdout).toFixed(1)} s of speech`,
      );
      // espeak-ng speaks about 14 characters a second at 160 words a minute: both pieces are in the file.
      expect(Number(d.stdout)).toBeGreaterThan(250);
    } finally {
      await oa.close();
    }
  }, 120_000);
});

describe('DeepL request limits', () => {
  it('sends at most 50 texts and 128 KiB a request', async () => {
    const deepl = await startFakeDeepL({ apiKey: 'k:fx', characterLimit: 10_000_000 });
    try {
      const engine = createDeepLEngine({ apiUrl: deepl.url, apiKey: 'k:fx' }, http);
      const many = Array.from({ length: 120 }, (_, i) => (i % 2 ? 'I like big dogs.' : 'The house is red.'));
      const out = await engine.translate(many, { from: 'en', to: 'es' });
      expect(out).toHaveLength(120);
      expect(out[119]).toBe('Me gustan los perros grandes.');
      const long = Array.from({ length: 45 }, () => 'Ask not what your country can do for you. '.repeat(80));
      expect(await engine.translate(long, { from: 'en', to: 'de' })).toHaveLength(45);
      const sent = deepl.requests
        .filter((r) => r.path === '/v2/translate')
        .map((r) => ({ texts: new URLSearchParams(r.body.toString()).getAll('text').length, bytes: r.body.length }));
      console.log(`DeepL requests: ${sent.map((s) => `${s.texts} texts/${s.bytes} B`).join(', ')}`);
      expect(sent.map((s) => s.texts)).toEqual([50, 50, 20, expect.any(Number), expect.any(Number)]);
      for (const s of sent) expect(s.bytes).toBeLessThanOrEqual(128 * 1024);
    } finally {
      await deepl.close();
    }
  });
});
