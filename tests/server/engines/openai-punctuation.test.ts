import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiSpeechEngine } from '../../../server/src/engines/speech/openai.engine.ts';
import { punctuateSegmentWords, punctuateWords } from '../../../server/src/engines/speech/segment-punctuation.ts';
import { cutCues } from '../../../server/src/media/cue-cutter.ts';
import { dropFillers, groupIntoSentences, tidySentences } from '../../../server/src/media/sentences.ts';
import { rulesFor } from '../../../contract/cue-rules.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const words = (...texts: string[]) => texts.map((text, i) => ({ text, start: i, end: i + 0.5 }));

describe('the OpenAI recogniser keeps the punctuation of its segment texts', () => {
  let oa: FakeServer;
  beforeAll(async () => {
    oa = await startFakeOpenAi();
  });
  afterAll(() => oa.close());

  it("cues of the emulated API's answer read as its punctuated segment texts, not bare words", async () => {
    const engine = createOpenAiSpeechEngine(
      { baseUrl: oa.url, model: 'whisper-1' },
      { timeoutSeconds: 60, retries: 0 },
    );
    const t = await engine.transcribe(`${TESTDATA}/audio/jfk.wav`, { language: 'en' });
    // The segment texts the API sent, as the utterances carry them (their punctuation is what the cues must keep).
    const segments = t.utterances.map((u) => u.text);
    expect(segments.join(' ')).toMatch(/,/);
    const sentences = tidySentences(groupIntoSentences(dropFillers(t.words, 'en'), t.utterances), 'en');
    const cues = cutCues(sentences, 'en', rulesFor('en'));
    const cueText = cues.map((c) => c.lines.join(' ')).join(' ');
    expect(cueText).toBe(segments.join(' '));
    expect(cueText).toContain(',');
  });

  it('keeps leading, trailing and in-word punctuation, capitals, and words the text does not hold', () => {
    const es = punctuateSegmentWords(words('qué', 'hora', 'es', 'dijo', 'juan'), '¿Qué hora es? —dijo Juan.');
    expect(es.map((w) => w.text)).toEqual(['¿Qué', 'hora', 'es?', '—dijo', 'Juan.']);
    const en = punctuateSegmentWords(words("don't", 'stop', 'now', 'extra'), "Don't stop, now!");
    expect(en.map((w) => w.text)).toEqual(["Don't", 'stop,', 'now!', 'extra']);
    const ja = punctuateSegmentWords(words('今日', 'は', '晴れ', 'です'), '今日は、晴れです。');
    expect(ja.map((w) => w.text)).toEqual(['今日', 'は、', '晴れ', 'です。']);
    expect(ja.map((w) => w.start)).toEqual([0, 1, 2, 3]);
  });

  it('takes each word from the segment it starts in', () => {
    const w = words('hello', 'there', 'how', 'are', 'you');
    const out = punctuateWords(w, [
      { start: 0, end: 1.6, text: 'Hello there.' },
      { start: 2, end: 5, text: 'How are you?' },
    ]);
    expect(out.map((x) => x.text)).toEqual(['Hello', 'there.', 'How', 'are', 'you?']);
  });
});
