/**
 * Language identification of the user's own words (Auto-detect with source_subtitles_url), on human translations
 * of the same news sentences in all 11 studio languages (NTREX-128, ../shared/testdata/mt).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { identifyLanguage } from '../../../server/src/media/language-id.ts';
import { TESTDATA } from '../jobs/fixtures.ts';

const FILES = {
  en: 'src.eng',
  es: 'ref.spa',
  fr: 'ref.fra',
  de: 'ref.deu',
  it: 'ref.ita',
  pt: 'ref.por',
  ja: 'ref.jpn',
  ko: 'ref.kor',
  zh: 'ref.zho-CN',
  ar: 'ref.arb',
  hi: 'ref.hin',
} as const;
const sentences = (file: string) =>
  readFileSync(`${TESTDATA}mt/ntrex-dev200.${file}.txt`, 'utf8').split('\n').filter(Boolean);

describe('identifyLanguage', () => {
  it.each(Object.entries(FILES))('names %s for every text of three sentences', (language, file) => {
    const lines = sentences(file);
    const chunks = Array.from({ length: Math.floor(lines.length / 3) }, (_, i) => lines.slice(i * 3, i * 3 + 3));
    const answers = chunks.map((c) => identifyLanguage(c.join(' ')));
    expect(answers.filter((a) => a !== language)).toEqual([]);
  });

  it('does not guess from a text too short to be sure of', () => {
    expect(identifyLanguage('de grano medio y tiene muy poca asistencia.')).toBeNull();
    expect(identifyLanguage('OK')).toBeNull();
    expect(identifyLanguage('12:30 — 14:45')).toBeNull();
  });

  it('names a short phrase by its script', () => {
    expect(identifyLanguage('مرحبا بكم في نشرة الأخبار اليوم')).toBe('ar');
    expect(identifyLanguage('今日のニュースをお伝えします。よろしくお願いします。')).toBe('ja');
  });
});
