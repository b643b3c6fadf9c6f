import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createOpenAiSpeechEngine } from '../../../server/src/engines/speech/openai.engine.ts';
import { createOpenAiVoiceEngine } from '../../../server/src/engines/voice/openai.engine.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const http = { timeoutSeconds: 60, retries: 2 };
const JFK = `${TESTDATA}/audio/jfk.wav`;

describe('OpenAI-compatible speech and voice engines against a local server speaking that API', () => {
  let oa: FakeServer;
  let dir: string;
  beforeAll(async () => {
    oa = await startFakeOpenAi({ apiKey: 'sk-test' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'voice-test-'));
  });
  afterAll(async () => {
    await oa.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('transcribes with word and segment timestamps (multipart, verbose_json)', async () => {
    const engine = createOpenAiSpeechEngine({ baseUrl: oa.url, apiKey: 'sk-test', model: 'whisper-1' }, http);
    const t = await engine.transcribe(JFK, { language: 'auto' });
    expect(t.language).toBe('en');
    expect(t.detected).toBe(true);
    expect(t.words.map((w) => w.text).join(' ')).toContain('your country');
    for (const w of t.words) expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(t.utterances.length).toBeGreaterThan(1);
    expect(t.durationSeconds).toBeCloseTo(11, 0);
    const form = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': String(oa.requests.at(-1)!.headers['content-type']) },
      body: oa.requests.at(-1)!.body,
    }).formData();
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.getAll('timestamp_granularities[]')).toEqual(['word', 'segment']);
    expect(form.get('language')).toBeNull();
  });

  it('passes a given language and retries a 429 with a fresh form body', async () => {
    const engine = createOpenAiSpeechEngine({ baseUrl: oa.url, apiKey: 'sk-test', model: 'whisper-1' }, http);
    oa.rateLimitNext(1, 1);
    const t = await engine.transcribe(JFK, { language: 'es' });
    expect(t.language).toBe('es');
    expect(t.detected).toBe(false);
    expect(t.words.length).toBeGreaterThan(5);
  });

  it('synthesises real speech as WAV', async () => {
    const engine = createOpenAiVoiceEngine({ baseUrl: oa.url, apiKey: 'sk-test', model: 'tts-1' }, http);
    expect(engine.voices('ar').length).toBeGreaterThan(1);
    const out = path.join(dir, 'v.wav');
    await engine.synthesize('Ask not what your country can do for you.', {
      language: 'en',
      voice: 'alloy',
      outPath: out,
    });
    const head = (await readFile(out)).subarray(0, 4).toString();
    expect(head).toBe('RIFF');
    const d = await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out]);
    expect(Number(d.stdout)).toBeGreaterThan(1.5);
  });

  it('reports an unknown voice with the API message', async () => {
    const engine = createOpenAiVoiceEngine({ baseUrl: oa.url, apiKey: 'sk-test', model: 'tts-1' }, http);
    await expect(
      engine.synthesize('Hi', { language: 'en', voice: 'bob', outPath: path.join(dir, 'x.wav') }),
    ).rejects.toThrow("openai voice: HTTP 400 (Invalid value for 'voice': bob)");
  });
});
