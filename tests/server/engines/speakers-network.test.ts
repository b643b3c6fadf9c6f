/**
 * Issue 19: the network speaker engines against local servers that answer as the vendors document. OpenAI
 * `gpt-4o-transcribe-diarize` with `response_format=diarized_json` through the `openai` SDK: the fake refuses any
 * other model or format and requires `chunking_strategy` over 30 s; its speakers come from a real diarization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { createOpenAiSpeakersEngine } from '../../../server/src/engines/speakers/openai.engine.ts';
import { diarizationErrorRate, parseRttm } from '../../../server/src/engines/speakers/classic/der.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const SAMPLE = `${TESTDATA}/speakers/sample.wav`;
const http = { timeoutSeconds: 120, retries: 0 };
let openai: FakeServer;

beforeAll(async () => {
  openai = await startFakeOpenAi({ apiKey: 'sk-test' });
});
afterAll(async () => {
  await openai?.close();
});

describe('the OpenAI speakers engine (gpt-4o-transcribe-diarize, diarized_json)', () => {
  it('turns the diarized segments into speaker turns of the two people', async () => {
    const engine = createOpenAiSpeakersEngine(
      { baseUrl: openai.url, apiKey: 'sk-test', model: 'gpt-4o-transcribe-diarize' },
      http,
    );
    expect(await engine.available()).toBe(true);
    const turns = await engine.diarize(SAMPLE, { language: 'en' });
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set(['A', 'B']));
    for (const t of turns) expect(t.end).toBeGreaterThan(t.start);
    const reference = parseRttm(await readFile(`${TESTDATA}/speakers/sample.rttm`, 'utf8')).get('sample')!;
    // The turns are the fake's real words and speakers: far better than one speaker for all (about 48 %).
    expect(diarizationErrorRate(reference, turns).der).toBeLessThan(0.4);
  });

  it("fails naming OpenAI and the API's message when the model cannot diarize", async () => {
    const engine = createOpenAiSpeakersEngine({ baseUrl: openai.url, apiKey: 'sk-test', model: 'whisper-1' }, http);
    await expect(engine.diarize(SAMPLE, {})).rejects.toThrow(/openai speakers: .*diarized_json.*whisper-1/);
  });

  it('fails naming OpenAI when the key is refused', async () => {
    const engine = createOpenAiSpeakersEngine(
      { baseUrl: openai.url, apiKey: 'sk-wrong', model: 'gpt-4o-transcribe-diarize' },
      http,
    );
    expect(await engine.available()).toBe(false);
    await expect(engine.diarize(SAMPLE, {})).rejects.toThrow(/openai speakers: .*Incorrect API key/);
  });
});
