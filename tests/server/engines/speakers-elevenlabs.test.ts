/**
 * Issue 19 (stretch of issue 21): the ElevenLabs speakers engine through `@elevenlabs/elevenlabs-js` against a local
 * server answering as ElevenLabs speech-to-text documents (diarize=true, words with `speaker_id`), whose words and
 * speakers come from real recognition and diarization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { createElevenLabsSpeakersEngine } from '../../../server/src/engines/speakers/elevenlabs.engine.ts';
import { EngineHttpError } from '../../../server/src/engines/engine-failure.ts';
import { diarizationErrorRate, parseRttm } from '../../../server/src/engines/speakers/classic/der.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import { withoutRequestId, type FakeServer } from '../fakes/fake-http.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const SAMPLE = `${TESTDATA}/speakers/sample.wav`;
const http = { timeoutSeconds: 120, retries: 1 };
let el: FakeServer;

beforeAll(async () => (el = await startFakeElevenLabs({ apiKey: 'xi-test' })));
afterAll(() => el?.close());

const lastForm = () =>
  new Request('http://x/', {
    method: 'POST',
    headers: { 'content-type': String(el.requests.at(-1)!.headers['content-type']) },
    body: el.requests.at(-1)!.body,
  }).formData();

describe('the ElevenLabs speakers engine (speech-to-text, diarize=true)', () => {
  it('turns the words of each speaker_id into turns of the two people', async () => {
    const engine = createElevenLabsSpeakersEngine({ baseUrl: el.url, apiKey: 'xi-test', model: 'scribe_v1' }, http);
    expect(await engine.available()).toBe(true);
    const turns = await engine.diarize(SAMPLE, { language: 'en', numSpeakers: 2 });
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set(['speaker_0', 'speaker_1']));
    for (const t of turns) expect(t.end).toBeGreaterThan(t.start);
    const form = await lastForm();
    expect(el.requests.at(-1)!.headers['xi-api-key']).toBe('xi-test');
    expect([form.get('model_id'), form.get('diarize'), form.get('num_speakers')]).toEqual(['scribe_v1', 'true', '2']);
    const reference = parseRttm(await readFile(`${TESTDATA}/speakers/sample.rttm`, 'utf8')).get('sample')!;
    const der = diarizationErrorRate(reference, turns).der;
    console.log(`ElevenLabs emulator, sample.wav: ${turns.length} turns, DER ${(der * 100).toFixed(1)} %`);
    // The turns are the fake's real words and speakers: far better than one speaker for all (about 48 %).
    expect(der).toBeLessThan(0.4);
  });

  it('fails at once naming ElevenLabs and its message for a refused key or a wrong model', async () => {
    const bad = createElevenLabsSpeakersEngine({ baseUrl: el.url, apiKey: 'nope', model: 'scribe_v1' }, http);
    expect(await bad.available()).toBe(false);
    const n = el.requests.length;
    const e = await bad.diarize(SAMPLE, {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineHttpError);
    expect(e).toMatchObject({ status: 401, kind: 'refused' });
    expect(withoutRequestId((e as Error).message)).toBe(
      'elevenlabs speakers: the API key was refused (Invalid API key)',
    );
    expect(el.requests.length - n).toBe(1);
    const model = createElevenLabsSpeakersEngine({ baseUrl: el.url, apiKey: 'xi-test', model: 'eleven_v3' }, http);
    await expect(model.diarize(SAMPLE, {})).rejects.toThrow(
      "elevenlabs speakers: HTTP 400 (Model 'eleven_v3' is not a speech-to-text model.)",
    );
  });
});
