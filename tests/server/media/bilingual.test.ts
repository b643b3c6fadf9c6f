import { describe, expect, it } from 'vitest';
import { bilingualCues } from '../../../server/src/media/bilingual.ts';
import { fitToSentence } from '../../../server/src/media/translation-fit.ts';
import { toSrt } from '../../../server/src/media/subtitle-writers.ts';
import { rulesFor, visibleLength } from '../../../contract/cue-rules.ts';
import { checkCues } from '../../../contract/cues.ts';
import type { TimedWord } from '../../../server/src/media/cue-cutter.ts';

/** Words of `text` spoken evenly from `start` at `rate` seconds per word. */
const spoken = (text: string, start: number, rate = 0.32): TimedWord[] =>
  text.split(' ').map((w, i) => ({ text: w, start: start + i * rate, end: start + (i + 1) * rate - 0.04 }));

describe('bilingual subtitles', () => {
  const source = [
    spoken('And so, my fellow Americans, ask not what your country can do for you,', 0.3),
    spoken('ask what you can do for your country.', 6),
  ];
  const targets = [
    'Y así, mis compatriotas estadounidenses, no pregunten qué puede hacer su país por ustedes,',
    'pregunten qué pueden hacer ustedes por su país.',
  ];
  const target = source.map((u, k) => fitToSentence(targets[k], u, ' '));

  it('shows the source line above the target line, both within the line rules, all words once', () => {
    const cues = bilingualCues(source, target, 'en', 'es');
    expect(cues.length).toBeGreaterThan(1);
    for (const c of cues) {
      expect(c.lines).toHaveLength(2);
      expect(visibleLength(c.lines[0])).toBeLessThanOrEqual(rulesFor('en').maxLineChars);
      expect(visibleLength(c.lines[1])).toBeLessThanOrEqual(rulesFor('es').maxLineChars);
    }
    expect(cues.map((c) => c.lines[0]).join(' ')).toBe(
      source
        .flat()
        .map((w) => w.text)
        .join(' '),
    );
    expect(cues.map((c) => c.lines[1]).join(' ')).toBe(targets.join(' '));
    // Line count, duration and gaps hold; reading speed is judged per language line.
    const broken = checkCues(cues, 'en', rulesFor('en')).filter((v) => v.rule !== 'reading_speed');
    expect(broken).toEqual([]);
    expect(toSrt(cues)).toMatch(/^1\n00:00:00,300 --> .*\nAnd so, my fellow Americans,.*\nY así/);
  });

  it('marks Arabic target lines right-to-left', () => {
    const ar = source.map((u) => fitToSentence('وهكذا يا رفاقي الأمريكيين', u, ' '));
    const cues = bilingualCues(source, ar, 'en', 'ar');
    expect(cues.every((c) => c.lines[1].startsWith('\u200f') && c.lines[1].endsWith('\u200f'))).toBe(true);
  });
});

describe('same-language captions', () => {
  it('are priced as subtitles: no voice-over line for a target in the source language', async () => {
    const { priceMedia } = await import('../../../server/src/modules/jobs/pricing.ts');
    const same = priceMedia(61, ['en-gb', 'es'], ['subtitle', 'voice_over'], 'en');
    expect(same.breakdown.map((l) => `${l.language}:${l.service}`)).toEqual([
      'en-gb:subtitle',
      'es:subtitle',
      'es:voice_over',
    ]);
    // 61 s bill 2 minutes: 2 x (1 + 1 + 3).
    expect(same.credits).toBe(2 * (1 + 1 + 3));
  });
});
