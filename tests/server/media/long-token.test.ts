/**
 * Own words with a token longer than a subtitle line (issue 24 item 11): a cue holding a 73-character URL is
 * re-cut, and bilingual subtitles are built, with every word kept, instead of failing the job (INTERNAL after
 * three tries: the cue cutter found no cut at all).
 */
import { describe, expect, it } from 'vitest';
import { rulesFor } from '../../../contract/cue-rules.ts';
import { bilingualCues } from '../../../server/src/media/bilingual.ts';
import { cueWords, recutBrokenCues } from '../../../server/src/media/subtitle-import.ts';
import { fitToSentence } from '../../../server/src/media/translation-fit.ts';
import { toSrt } from '../../../server/src/media/subtitle-writers.ts';

const URL_TOKEN = 'https://example.com/a/very/long/path/to/some/resource?with=query&and=more';
const CUE = { start: 1, end: 4, lines: [`See ${URL_TOKEN} for details`] };
const words = (cues: { lines: string[] }[]) => cues.flatMap((c) => c.lines.join(' ').split(' '));

describe('a token longer than a line', () => {
  it('is re-cut into cues that keep every word, the URL whole, in time order', () => {
    expect(URL_TOKEN.length).toBeGreaterThan(42);
    const cues = recutBrokenCues([CUE, { start: 9, end: 11, lines: ['Thank you.'] }], 'en', rulesFor('en'));
    expect(words(cues)).toEqual(['See', URL_TOKEN, 'for', 'details', 'Thank', 'you.']);
    for (let i = 1; i < cues.length; i++) expect(cues[i].start).toBeGreaterThanOrEqual(cues[i - 1].end);
    expect(toSrt(cues)).toContain(URL_TOKEN);
  });

  it('makes bilingual cues: the URL on the source line and on the target line', () => {
    const source = [cueWords(CUE, ' ')];
    const target = [fitToSentence(`Consulte ${URL_TOKEN} para más detalles`, source[0], ' ')];
    const cues = bilingualCues(source, target, 'en', 'es');
    expect(cues.length).toBeGreaterThan(0);
    expect(cues.map((c) => c.lines[0]).join(' ')).toBe(`See ${URL_TOKEN} for details`);
    expect(cues.map((c) => c.lines.slice(1).join(' ')).join(' ')).toContain(URL_TOKEN);
  });
});
