/**
 * The glossary's term matching (contract/glossary-matcher.ts, issue 35 items 1 and 2): the check that flags a cue
 * or paragraph lacking a term's rendering (missingTerms) and the placeholders of the local engines (protectTerms),
 * as a user's glossary meets real sentences: whole words where words are spaced, inside words in Chinese and
 * Japanese, overlapping terms, Arabic, case; and 2,000 terms in one pass.
 */
import { describe, expect, it } from 'vitest';
import type { GlossaryRule } from '../../../contract/glossary.ts';
import { missingTerms, termMatcher } from '../../../contract/glossary-matcher.ts';
import { protectTerms } from '../../../server/src/engines/translation/glossary-terms.ts';

const keep = (term: string): GlossaryRule => ({ term, translation: null });
const force = (term: string, translation: string): GlossaryRule => ({ term, translation });
/** The terms `text` holds, by name. */
const found = (terms: string[], text: string) => [...termMatcher(terms).found(text)].map((i) => terms[i]).sort();

describe('glossary matching: word boundaries per script', () => {
  it('matches whole words in spaced scripts: not inside another word, punctuation and line ends are boundaries', () => {
    expect(found(['cat'], 'The cat sat.')).toEqual(['cat']);
    expect(found(['cat'], 'concatenate cats')).toEqual([]);
    expect(found(['cat'], '(cat), «cat»\ncat')).toEqual(['cat']);
    expect(found(['C++'], 'I write C++ code')).toEqual(['C++']);
    expect(found(['v2'], 'v2x and v22')).toEqual([]);
  });

  it('Arabic: a term is found between spaces and punctuation, not inside a longer word', () => {
    expect(found(['كتاب'], 'هذا كتاب جميل.')).toEqual(['كتاب']);
    expect(found(['كتاب'], 'قرأت «كتاب»، ثم نمت')).toEqual(['كتاب']);
    expect(found(['كتاب'], 'الكتابة فن')).toEqual([]);
    expect(found(['ترجمة'], 'خدمة ترجمة الأفلام')).toEqual(['ترجمة']);
  });

  it('Chinese and Japanese (written without spaces): terms match inside words, and a Latin brand inside them', () => {
    expect(found(['東京'], '東京都に住んでいます')).toEqual(['東京']);
    expect(found(['机器翻译'], '我们使用机器翻译服务')).toEqual(['机器翻译']);
    expect(found(['Apple'], '我用Apple手机')).toEqual(['Apple']);
    // A Latin neighbour of a Latin term still needs its boundary, even in a Chinese sentence.
    expect(found(['App'], '我用Apple手机')).toEqual([]);
  });

  it('ignores case (simple Unicode folding) and reads any run of white space as the one space of a term', () => {
    expect(found(['tarjama'], 'TARJAMA and Tarjama')).toEqual(['tarjama']);
    expect(found(['Σοφίας'], 'ΤΗΣ ΣΟΦΊΑΣ μας')).toEqual(['Σοφίας']);
    expect(found(['straße'], 'Die STRAẞE ist lang')).toEqual(['straße']);
    // A character whose lower case is longer (İ) keeps every offset right.
    const text = 'İstanbul and New York';
    const [m] = termMatcher(['new york']).findAll(text);
    expect(text.slice(m.start, m.end)).toBe('New York');
    expect(found(['New York'], 'From New \n York, and new\u00a0york.')).toEqual(['New York']);
  });

  it('finds overlapping terms each on its own; offsets are those of the original text', () => {
    const terms = ['New York', 'New York Times', 'York Times'];
    expect(found(terms, 'I read the New York Times')).toEqual(['New York', 'New York Times', 'York Times']);
    const text = '😀 New  York';
    const [m] = termMatcher(['new york']).findAll(text);
    expect(text.slice(m.start, m.end)).toBe('New  York');
  });
});

describe('missingTerms: the check of a translation', () => {
  const rules = [force('New York Times', 'NYT'), force('New York', 'Nueva York'), keep('Tarjama')];

  it('flags each term of the source whose rendering the target lacks, whole words, ignoring case', () => {
    expect(missingTerms('TARJAMA reads the New York Times', 'tarjama lee el NYT', rules)).toEqual([
      { term: 'New York', expected: 'Nueva York' },
    ]);
    expect(missingTerms('Tarjama in New York', 'Tarjamas en Nueva York', rules)).toEqual([
      { term: 'Tarjama', expected: 'Tarjama' },
    ]);
    expect(missingTerms('Nothing here', 'Nada aquí', rules)).toEqual([]);
    // The rendering is found as the terms are: across a line break, in capitals, not inside a word.
    expect(missingTerms('New York', 'NUEVA\nYORK', rules)).toEqual([]);
    expect(missingTerms('New York', 'Nueva Yorkina', rules)).toEqual([{ term: 'New York', expected: 'Nueva York' }]);
  });

  it('Arabic targets and Japanese sources follow their scripts', () => {
    const ar = [force('translation', 'ترجمة')];
    expect(missingTerms('Good translation', 'ترجمة جيدة', ar)).toEqual([]);
    expect(missingTerms('Good translation', 'ترجمتها جيدة', ar)).toEqual([{ term: 'translation', expected: 'ترجمة' }]);
    const ja = [force('東京', 'Tokyo')];
    expect(missingTerms('東京都に住む', 'I live in Tokyo', ja)).toEqual([]);
    expect(missingTerms('東京都に住む', 'I live in Tokyoite land', ja)).toEqual([{ term: '東京', expected: 'Tokyo' }]);
  });

  it('2,000 terms: a cue is checked in one pass (milliseconds, not seconds)', () => {
    const many = Array.from({ length: 2000 }, (_, i) => force(`term${i} word${i}`, `término${i}`));
    many.push(force('country', 'nación'));
    const started = performance.now();
    for (let i = 0; i < 200; i++)
      expect(missingTerms(`My country, term${i} word${i}.`, `Mi país, término${i}.`, many)).toEqual([
        { term: 'country', expected: 'nación' },
      ]);
    // Before: a RegExp per term per cue, seconds for 200 cues; now the automaton is built once (~0.2 s).
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('protectTerms: placeholders for the local engines', () => {
  it('replaces the longest term first, without overlaps, and restores each rendering (capitalised at a start)', () => {
    const rules = [force('New York', 'Nueva York'), keep('New York Times'), force('country', 'nación')];
    const p = protectTerms(['The New York Times is read in New York.', 'Country and COUNTRY'], rules);
    expect(p.texts[0]).toMatch(/^The ZXG[A-Z]+Z is read in ZXG[A-Z]+Z\.$/);
    expect(p.texts[1]).toMatch(/^ZXG[A-Z]+Z and ZXG[A-Z]+Z$/);
    // An engine that passes the placeholders through (as Apertium does) gets the renderings back.
    expect(p.restore(p.texts)).toEqual(['The New York Times is read in Nueva York.', 'Nación and Nación']);
  });

  it('leaves words that only contain a term alone, and protects inside Japanese words', () => {
    const p = protectTerms(['Countryside of 東京都'], [force('country', 'nación'), keep('東京')]);
    expect(p.texts[0]).toMatch(/^Countryside of ZXG[A-Z]+Z都$/);
    expect(p.restore(p.texts)).toEqual(['Countryside of 東京都']);
  });
});
