import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createPocketsphinxEngine,
  parsePocketsphinxOutput,
} from '../../../server/src/engines/speech/pocketsphinx.engine.ts';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import { createFliteEngine } from '../../../server/src/engines/voice/flite.engine.ts';
import { japaneseToKana } from '../../../server/src/engines/voice/japanese-kana.ts';
import { extractSpeechWav } from '../../../server/src/media/probe.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { wordErrorRate } from '../../../server/src/media/word-error-rate.ts';
import { TESTDATA } from '../helpers/testdata.ts';

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'local-engines-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('pocketsphinx (real binary)', () => {
  it('parses its -time output: fillers dropped, alternates folded, utterances kept', () => {
    const out =
      'hello world\n<s> 0.000 0.040 0.99\nhello 0.050 0.400 0.9\n<sil> 0.41 0.6 0.8\nworld(2) 0.610 1.000 0.7\n</s> 1.01 1.2 1.0\n[NOISE] 1.3 1.4 0.1\n';
    const r = parsePocketsphinxOutput(out);
    expect(r.words).toEqual([
      { text: 'hello', start: 0.05, end: 0.4, confidence: 0.9 },
      { text: 'world', start: 0.61, end: 1, confidence: 0.7 },
    ]);
    expect(r.utterances).toHaveLength(1);
  });

  it('transcribes clean English read speech with word times (WER against the LJ Speech reference)', async () => {
    const wav = path.join(dir, 'lj1.wav');
    await extractSpeechWav(`${TESTDATA}/audio/LJ001-0001.wav`, wav);
    const t = await createPocketsphinxEngine().transcribe(wav, { language: 'en' });
    const csv = await readFile(`${TESTDATA}/audio/ljspeech.csv`, 'utf8');
    const ref = csv
      .split('\n')
      .find((l) => l.startsWith('LJ001-0001'))!
      .split('|')
      .at(-1)!;
    const wer = wordErrorRate(ref, t.words.map((w) => w.text).join(' '));
    expect(wer).toBeLessThan(0.25);
    for (let i = 1; i < t.words.length; i++) expect(t.words[i].start).toBeGreaterThanOrEqual(t.words[i - 1].end - 1e-9);
    expect(t.words.at(-1)!.end).toBeLessThanOrEqual(9.8);
  });
});

describe('pocketsphinx on long audio (decoded in parallel parts)', () => {
  it('keeps every word once, in time order, across the cut', async () => {
    const wav = path.join(dir, 'lj-all.wav');
    await extractSpeechWav(`${TESTDATA}/video/lj001-0001-0004.mp4`, wav);
    const t = await createPocketsphinxEngine().transcribe(wav, { language: 'en' });
    const csv = (await readFile(`${TESTDATA}/audio/ljspeech.csv`, 'utf8')).split('\n');
    const ref = ['LJ001-0001', 'LJ001-0002', 'LJ001-0003', 'LJ001-0004']
      .map((id) => csv.find((l) => l.startsWith(id))!.split('|')[1])
      .join(' ');
    expect(wordErrorRate(ref, t.words.map((w) => w.text).join(' '))).toBeLessThan(0.4);
    for (let i = 1; i < t.words.length; i++) expect(t.words[i].start).toBeGreaterThanOrEqual(t.words[i - 1].end - 1e-9);
    for (const s of t.utterances) expect(s.words.length).toBeGreaterThan(0);
    expect(t.words.at(-1)!.end).toBeGreaterThan(25);
  });
});

describe('voices (real espeak-ng and flite)', () => {
  const seconds = async (file: string) => {
    const a = await readWav(file);
    return a.samples.length / a.rate;
  };
  const SAMPLES: Record<string, string> = {
    en: 'Good morning',
    es: 'Buenos días',
    fr: 'Bonjour à tous',
    de: 'Guten Morgen',
    it: 'Buongiorno',
    pt: 'Bom dia',
    ja: '日本語を話します',
    ko: '안녕하세요',
    zh: '你好世界',
    ar: 'مرحبا بالعالم',
    hi: 'नमस्ते दुनिया',
  };

  it('espeak-ng speaks every studio language and offers 5 Standard / 20 Premium voices', async () => {
    const espeak = createEspeakEngine();
    for (const [lang, text] of Object.entries(SAMPLES)) {
      const voices = espeak.voices(lang);
      expect(voices.length).toBe(20);
      const out = path.join(dir, `${lang}.wav`);
      await espeak.synthesize(text, { language: lang, voice: voices[0].id, outPath: out });
      expect(await seconds(out)).toBeGreaterThan(0.4);
    }
    expect(espeak.voices('zh')[0].id).toMatch(/^cmn-latn-pinyin/);
  });

  it('Japanese kanji become kana, so espeak-ng reads them instead of spelling them out', async () => {
    expect(await japaneseToKana('日本語を話します')).toBe('ニホンゴを話シます'.replace('話シ', 'ハナシ'));
  });

  it('flite speaks English with its voices and stretches duration', async () => {
    const flite = createFliteEngine();
    expect(flite.voices('en').map((v) => v.id)).toEqual(['rms', 'slt', 'kal16', 'awb']);
    expect(flite.voices('es')).toEqual([]);
    const a = path.join(dir, 'f1.wav');
    const b = path.join(dir, 'f2.wav');
    await flite.synthesize('Ask not what your country can do for you.', { language: 'en', voice: 'rms', outPath: a });
    await flite.synthesize('Ask not what your country can do for you.', {
      language: 'en',
      voice: 'rms',
      outPath: b,
      speed: 1.25,
    });
    const [la, lb] = [await seconds(a), await seconds(b)];
    expect(la).toBeGreaterThan(1.5);
    expect(lb / la).toBeCloseTo(0.8, 1);
  });
});
