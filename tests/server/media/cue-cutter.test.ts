import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cutCues,
  layoutLines,
  MAX_CUE_LAG,
  MAX_CUE_LINGER,
  type TimedWord,
} from '../../../server/src/media/cue-cutter.ts';
import { rulesFor, visibleLength, type CueRules } from '../../../contract/cue-rules.ts';
import { checkCues, type Cue } from '../../../contract/cues.ts';

const LEXICON = [
  'the',
  'a',
  'house',
  'country',
  'what',
  'you',
  'can',
  'do',
  'for',
  'and',
  'beautiful',
  'internationalisation',
  'my',
  'of',
  'to',
  'ask',
  'not',
  'americans',
  'I',
  'it',
];

/** A random stream of words: lexicon words or random letters, speaking rates from slow to very fast, pauses, punctuation. */
const wordStream = fc
  .array(
    fc.record({
      word: fc.oneof(fc.constantFrom(...LEXICON), fc.stringMatching(/^[a-zé]{1,16}$/)),
      punct: fc.constantFrom('', '', '', '', ',', '.', '?', '...'),
      dur: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
      pause: fc.oneof(
        fc.constant(0),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
      ),
    }),
    { minLength: 1, maxLength: 120 },
  )
  .map((items) => {
    let t = fc.sample(fc.double({ min: 0, max: 5, noNaN: true }), 1)[0];
    return items.map(({ word, punct, dur, pause }) => {
      const w = { text: word + punct, start: t, end: t + dur };
      t += dur + pause;
      return w;
    });
  });

/** Splits a stream into units the way the pipeline does: at sentence ends and long pauses. */
function units(words: TimedWord[]): TimedWord[][] {
  const out: TimedWord[][] = [[]];
  words.forEach((w, i) => {
    out[out.length - 1].push(w);
    const next = words[i + 1];
    if (next && (/[.?]$/.test(w.text) || next.start - w.end > 0.8)) out.push([]);
  });
  return out.filter((u) => u.length);
}

/** Each cue's last word (cues never change the words: they are counted off `words` in order). */
function lastWords(cues: Cue[], words: TimedWord[]): TimedWord[] {
  let w = 0;
  return cues.map((c) => {
    w += c.lines.join(' ').split(/\s+/).length;
    return words[w - 1];
  });
}

/**
 * Every rule holds, but reading speed may break on a cue shortened so the next one appears within the lag bound
 * (such a cue ends exactly one minimum gap before the next one), or on a cue that would have stayed longer than
 * MAX_CUE_LINGER after its last word (it ends exactly then, or at its minimum duration when that is later).
 */
function expectRulesKept(cues: Cue[], lang: string, rules: CueRules, words: TimedWord[]) {
  const violations = checkCues(cues, lang, rules);
  expect(violations.filter((v) => v.rule !== 'reading_speed')).toEqual([]);
  const last = lastWords(cues, words);
  for (const v of violations) {
    const next = cues[v.cue + 1];
    const c = cues[v.cue];
    const lingered = Math.abs(c.end - Math.max(last[v.cue].end + MAX_CUE_LINGER, c.start + rules.minDuration)) <= 0.002;
    if (lingered) continue;
    expect(next, `cue ${v.cue} reads too fast without making room for another`).toBeDefined();
    expect(next.start - cues[v.cue].end).toBeLessThanOrEqual(rules.minGap + 0.002);
  }
}

describe('cue cutting (property tests on random word streams)', () => {
  for (const lang of ['en', 'es', 'ar']) {
    it(`obeys every rule and keeps every word in order (${lang})`, () => {
      const rules = rulesFor(lang);
      fc.assert(
        fc.property(wordStream, (words) => {
          const cues = cutCues(units(words), lang, rules);
          expectRulesKept(cues, lang, rules, words);
          const text = cues
            .flatMap((c) => c.lines)
            .join(' ')
            .replace(/\u200f/g, '')
            .split(/\s+/);
          expect(text).toEqual(words.map((w) => (lang === 'ar' ? w.text.replace(/\.{3}/g, '…') : w.text)));
          for (const c of cues) expect(c.start).toBeGreaterThanOrEqual(words[0].start - 1e-9);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('shows each cue with its own speech: from its first word, until its last word or its minimum reading time', () => {
    const rules = rulesFor('en');
    fc.assert(
      fc.property(wordStream, (words) => {
        const cues = cutCues(units(words), 'en', rules);
        let w = 0;
        let prevEnd = -Infinity;
        let prevStart = -Infinity;
        let prevLastEnd = -Infinity;
        for (const c of cues) {
          const n = c.lines.join(' ').split(/\s+/).length;
          const first = words[w];
          const last = words[w + n - 1];
          w += n;
          const chars = c.lines.reduce((s, l) => s + l.length, 0);
          const need = Math.max(rules.minDuration, chars / rules.maxCharsPerSecond);
          // It appears when its speech starts, or as soon as the previous cue's rules allow.
          expect(c.start).toBeGreaterThanOrEqual(first.start - 1e-9);
          expect(c.start).toBeLessThanOrEqual(Math.max(first.start, prevEnd + rules.minGap) + 0.002);
          // Never later than the lag bound, unless the cue before is already at its minimum duration.
          expect(c.start).toBeLessThanOrEqual(
            Math.max(first.start + MAX_CUE_LAG, prevStart + rules.minDuration + rules.minGap) + 0.003,
          );
          // A cue shortened for the next one still lasts as long as its own speech.
          expect(prevEnd).toBeGreaterThanOrEqual(prevLastEnd - 1e-9);
          prevStart = c.start;
          prevLastEnd = last.end;
          // It stays no longer than its speech or its reading time: never over the silence that follows.
          expect(c.end).toBeLessThanOrEqual(Math.max(last.end, c.start + need) + 0.002);
          // Nor, for reading, longer than MAX_CUE_LINGER after its last word (its minimum duration aside).
          expect(c.end).toBeLessThanOrEqual(Math.max(last.end + MAX_CUE_LINGER, c.start + rules.minDuration) + 0.002);
          prevEnd = c.end;
        }
        expect(w).toBe(words.length);
      }),
      { numRuns: 300 },
    );
  });

  it('stays in sync over an hour of text that reads slower than it is spoken (a translation 30% longer)', () => {
    // 60 minutes of 2.5 s sentences 0.4 s apart, each 60 characters: 3.5 s of reading at 17 characters/s.
    // Pushing each cue 1 s later than the last adds up to more than 18 minutes late at the end of the hour.
    const words: TimedWord[][] = [];
    for (let t = 0; t < 3600; t += 2.9) {
      const texts = 'Nuestros compatriotas preguntan siempre qué harán mañana ellos.'.split(' ');
      words.push(
        texts.map((text, k) => ({
          text,
          start: t + (k * 2.5) / texts.length,
          end: t + ((k + 1) * 2.5) / texts.length,
        })),
      );
    }
    const rules = rulesFor('es');
    const cues = cutCues(words, 'es', rules);
    const lastWord = words.at(-1)!.at(-1)!;
    expect(cues.at(-1)!.end - lastWord.end).toBeLessThan(2);
    cues.forEach((c, i) => {
      expect(c.start - words[i][0].start).toBeLessThanOrEqual(MAX_CUE_LAG + 0.002);
      expect(c.end).toBeGreaterThanOrEqual(words[i].at(-1)!.end);
    });
    // The time given back shows as reading-speed warnings, and only those.
    const warnings = checkCues(cues, 'es', rules);
    expect(warnings.length).toBeGreaterThan(0);
    expect(new Set(warnings.map((v) => v.rule))).toEqual(new Set(['reading_speed']));
  });

  it('ends a cue that reads slower than it is spoken at most 1.5 s after its speech, with a reading-speed warning', () => {
    // Japanese is read at 4 characters a second: 13 characters need 3.25 s, spoken here in 0.65 s.
    const ja = rulesFor('ja');
    const text = 'わたしたちはつきにいくことをえらぶ。';
    const words = [...text].map((c, i) => ({ text: c, start: 10 + i * 0.05, end: 10 + (i + 1) * 0.05 }));
    const cues = cutCues([words], 'ja', ja);
    const last = cues.at(-1)!;
    expect(last.end).toBeCloseTo(words.at(-1)!.end + MAX_CUE_LINGER, 3);
    expect(checkCues(cues, 'ja', ja).map((v) => v.rule)).toContain('reading_speed');
  });

  it('respects a configured reading speed', () => {
    const rules = rulesFor('en', { maxCharsPerSecond: 12, maxLineChars: 42 });
    fc.assert(
      fc.property(wordStream, (words) => {
        expectRulesKept(cutCues(units(words), 'en', rules), 'en', rules, words);
      }),
      { numRuns: 100 },
    );
  });
});

describe('line and cue breaks', () => {
  const rules = rulesFor('en');
  it('keeps a short cue on one line and splits long text into two lines of at most 42 characters', () => {
    expect(layoutLines(['Ask', 'not', 'what', 'your', 'country', 'can', 'do'], 'en', rules)!.lines).toEqual([
      'Ask not what your country can do',
    ]);
    const words = 'And so, my fellow Americans, ask not what your country can do for you.'.split(' ');
    const { lines } = layoutLines(words, 'en', rules)!;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('And so, my fellow Americans,');
    for (const l of lines) expect(visibleLength(l)).toBeLessThanOrEqual(42);
  });

  it('never ends a line on an article even when that would balance the lines better', () => {
    const words = 'We walked slowly along the beach until the very last light'.split(' ');
    const { lines } = layoutLines(words, 'en', rules)!;
    for (const l of lines) expect(l.split(' ').at(-1)).not.toMatch(/^(the|a|an)$/);
    const es = layoutLines(
      'Caminamos despacio por la playa hasta que la última luz se fue'.split(' '),
      'es',
      rulesFor('es'),
    )!;
    for (const l of es.lines) expect(l.split(' ').at(-1)).not.toMatch(/^(la|el|los|las)$/);
  });

  it('breaks cues at punctuation and pauses rather than mid-phrase', () => {
    const say = (text: string, start: number, gapAfter: number[] = []) => {
      let t = start;
      return text.split(' ').map((w, i) => {
        const word = { text: w, start: t, end: t + 0.3 };
        t += 0.32 + (gapAfter[i] ?? 0);
        return word;
      });
    };
    const words = say(
      'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
      0,
      [0, 0, 0, 0, 0.5],
    );
    const cues = cutCues([words], 'en', rules);
    expect(cues.length).toBeGreaterThan(1);
    expect(cues[0].lines.join(' ')).toMatch(/Americans,$/);
    expect(checkCues(cues, 'en', rules)).toEqual([]);
  });

  it('writes Arabic lines with right-to-left marks and the single-character ellipsis', () => {
    const ar = rulesFor('ar');
    const cues = cutCues(
      [
        [
          { text: 'مرحبا...', start: 0, end: 0.5 },
          { text: 'العالم؟', start: 0.6, end: 1.2 },
        ],
      ],
      'ar',
      ar,
    );
    expect(cues[0].lines[0]).toBe('\u200fمرحبا… العالم؟\u200f');
  });

  it('cuts Chinese by characters at 16 per line', () => {
    const zh = rulesFor('zh');
    const text = '我们选择登月不是因为它很容易而是因为它很难这个目标将有助于组织和衡量我们最好的能力和技能';
    const words = [...text].map((c, i) => ({ text: c, start: i * 0.25, end: i * 0.25 + 0.2 }));
    const cues = cutCues([words], 'zh', zh);
    expect(cues.map((c) => c.lines.join('')).join('')).toBe(text);
    expect(checkCues(cues, 'zh', zh)).toEqual([]);
  });
});
