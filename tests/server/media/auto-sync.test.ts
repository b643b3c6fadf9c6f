import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cuesFromWords, syncTranscript, transcriptWords } from '../../../server/src/media/sync/auto-sync.ts';
import { align, dtw, sakoeChibaWindow } from '../../../server/src/media/sync/dtw.ts';
import { speechExtent } from '../../../server/src/media/sync/voicing.ts';
import { referenceVoice } from '../../../server/src/media/sync/reference-speech.ts';
import { ESPEAK_VOICES } from '../../../server/src/engines/voice/espeak.engine.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { STUDIO_LANGUAGES } from '../../../contract/languages.ts';
import { rulesFor } from '../../../contract/cue-rules.ts';
import { checkCues } from '../../../contract/cues.ts';

const AUDIO = new URL('../../../../shared/testdata/audio/', import.meta.url).pathname;
const ES = 'Las arenas son blanquecinas de grano medio y tiene muy poca asistencia.';
const EN =
  'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

describe('auto-sync of a plain transcript', () => {
  it.each([
    ['es', 'leopard_test_es.wav', ES],
    ['en', 'jfk.wav', EN],
  ])('%s: the cues start and end within 0.3 s of where the speech does', async (lang, file, text) => {
    const tmpBefore = (await readdir(os.tmpdir())).filter((f) => f.startsWith('tarjama-sync-'));
    const words = await syncTranscript(AUDIO + file, text, lang);
    expect(words.map((w) => w.text)).toEqual(text.split(' '));
    for (let k = 1; k < words.length; k++) expect(words[k].start).toBeGreaterThanOrEqual(words[k - 1].end);
    const speech = speechExtent(await readWav(AUDIO + file))!;
    const cues = cuesFromWords(words, lang);
    expect(cues.map((c) => c.lines.join(' ')).join(' ')).toBe(text);
    expect(Math.abs(cues[0].start - speech.start)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(cues[cues.length - 1].end - speech.end)).toBeLessThanOrEqual(0.3);
    expect(checkCues(cues, lang, rulesFor(lang))).toEqual([]);
    // The reference clips' private folder is gone.
    expect((await readdir(os.tmpdir())).filter((f) => f.startsWith('tarjama-sync-'))).toEqual(tmpBefore);
  });

  it('splits unspaced scripts into words with their punctuation', () => {
    expect(transcriptWords('今日は良い天気です。', 'ja').join('')).toBe('今日は良い天気です。');
    expect(transcriptWords('今日は良い天気です。', 'ja').length).toBeGreaterThan(2);
    expect(transcriptWords('  Hola,  mundo. ', 'es')).toEqual(['Hola,', 'mundo.']);
  });

  it('speaks its reference in the voice-over espeak-ng voices, Chinese in Han-reading cmn and English in en-us', () => {
    for (const lang of STUDIO_LANGUAGES) {
      expect(ESPEAK_VOICES[lang], lang).toBeDefined();
      const expected = lang === 'zh' ? 'cmn' : lang === 'en' ? 'en-us' : ESPEAK_VOICES[lang];
      expect(referenceVoice(lang), lang).toBe(expected);
    }
    expect(ESPEAK_VOICES.zh).toBe('cmn-latn-pinyin');
  });
});

describe('dynamic time warping', () => {
  const seq = (values: number[]) => values.map((v) => Float32Array.of(v, -v));
  it('finds the stretch between a sequence and its slowed copy, in a band and multi-resolution', () => {
    const a = seq(Array.from({ length: 300 }, (_, i) => Math.sin(i / 7) + (i % 50 === 0 ? 3 : 0)));
    // b plays a at two-thirds speed: frame j of b is frame 2j/3 of a.
    const b = seq(Array.from({ length: 450 }, (_, j) => Math.sin((2 * j) / 3 / 7) + ((2 * j) % 150 === 0 ? 3 : 0)));
    for (const p of [dtw(a, b), dtw(a, b, sakoeChibaWindow(300, 450, 30)), align(a, b, { band: 10, radius: 8 })]) {
      expect(p.a[0]).toBe(0);
      expect(p.b[p.b.length - 1]).toBe(449);
      for (let k = 0; k < p.a.length; k += 10) expect(Math.abs(p.b[k] - p.a[k] * 1.5)).toBeLessThanOrEqual(3);
    }
  });
});
