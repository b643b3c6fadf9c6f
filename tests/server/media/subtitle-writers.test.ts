import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WebVTTParser } from 'webvtt-parser';
import { parseSrt, parseVtt, toSrt, toVtt } from '../../../server/src/media/subtitle-writers.ts';
import type { Cue } from '../../../contract/cues.ts';

const cue = fc
  .record({
    start: fc.integer({ min: 0, max: 36_000_000 }),
    len: fc.integer({ min: 833, max: 7000 }),
    lines: fc.array(
      fc
        .stringMatching(/^[A-Za-zéñ¿?!.,'&<> 0-9\u0600-\u06ff-]{1,42}$/)
        .filter((s) => s.trim() === s && s.length > 0 && !s.includes('-->')),
      { minLength: 1, maxLength: 2 },
    ),
  })
  .map(({ start, len, lines }) => ({ start: start / 1000, end: (start + len) / 1000, lines }));

const sorted = (cues: Cue[]) => {
  const out = [...cues].sort((a, b) => a.start - b.start);
  let t = 0;
  return out.map((c) => {
    const d = c.end - c.start;
    const start = Math.max(c.start, t);
    t = Math.round((start + d + 0.083) * 1000) / 1000;
    return { ...c, start, end: Math.round((start + d) * 1000) / 1000 };
  });
};

describe('SRT and WebVTT writers', () => {
  it('write the documented formats', () => {
    const cues = [
      { start: 0.5, end: 2.25, lines: ['And so, my fellow Americans,'] },
      { start: 3661.001, end: 3663, lines: ['ask not what your country', 'can do for you & <me>'] },
    ];
    expect(toSrt(cues)).toBe(
      '1\n00:00:00,500 --> 00:00:02,250\nAnd so, my fellow Americans,\n\n2\n01:01:01,001 --> 01:01:03,000\nask not what your country\ncan do for you & <me>\n',
    );
    expect(toVtt(cues)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.250\nAnd so, my fellow Americans,\n\n01:01:01.001 --> 01:01:03.000\nask not what your country\ncan do for you &amp; &lt;me&gt;\n',
    );
  });

  it('keep a cue intact when its text holds the timing arrow', () => {
    const cues = [{ start: 1, end: 2, lines: ['A --> B'] }];
    expect(new WebVTTParser().parse(toVtt(cues)).cues[0].text).toBe('A → B');
    expect(parseSrt(toSrt(cues))[0].lines).toEqual(['A → B']);
  });

  it('produce WebVTT that a WebVTT parser accepts without errors, with the same cues', () => {
    fc.assert(
      fc.property(fc.array(cue, { minLength: 1, maxLength: 30 }).map(sorted), (cues) => {
        const parsed = new WebVTTParser().parse(toVtt(cues));
        expect(parsed.errors).toEqual([]);
        expect(parsed.cues).toHaveLength(cues.length);
        parsed.cues.forEach((c: { startTime: number; endTime: number }, i: number) => {
          expect(c.startTime).toBeCloseTo(cues[i].start, 3);
          expect(c.endTime).toBeCloseTo(cues[i].end, 3);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('round-trip: parse(write(cues)) gives the cues back, for SRT and VTT', () => {
    fc.assert(
      fc.property(fc.array(cue, { minLength: 0, maxLength: 30 }).map(sorted), (cues) => {
        expect(parseSrt(toSrt(cues))).toEqual(cues);
        expect(parseVtt(toVtt(cues))).toEqual(cues);
      }),
      { numRuns: 200 },
    );
  });
});
