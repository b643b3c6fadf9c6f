/**
 * Cues end with the media (issue 39 item 4): a last cue given its reading time past the end of a 300.03 s file (it
 * ended at 301.44 s in Japanese) ends at 300.03 s, and so does the dub segment voiced from it.
 */
import { describe, expect, it } from 'vitest';
import { clampCuesToMedia } from '../../../server/src/media/cue-clamp.ts';
import { cutCues, type TimedWord } from '../../../server/src/media/cue-cutter.ts';
import { segmentsFromCues } from '../../../server/src/media/dub-segments.ts';
import { rulesFor } from '../../../contract/cue-rules.ts';

const MEDIA = 300.03;

/** A sentence of `text`'s words, one every 0.3 s from `start`. */
const sentence = (text: string, start: number): TimedWord[] =>
  text.split(' ').map((w, i) => ({ text: w, start: start + i * 0.3, end: start + i * 0.3 + 0.25 }));

describe('cues clamped to the media', () => {
  it('a long last line said in the final second ends with the media, and so does its dub segment', () => {
    // Many characters in the media's last second: the cutter gives the cue its reading time, past the end.
    const words = [
      sentence('We choose to go to the moon in this decade and do the other things.', 290),
      sentence('Not because they are easy, but because they are hard, because that goal will serve.', MEDIA - 1.2),
    ];
    const cut = cutCues(words, 'en', rulesFor('en'));
    expect(cut.at(-1)!.end, 'unclamped, the cutter ends the last cue past the media').toBeGreaterThan(MEDIA);

    const cues = clampCuesToMedia(cut, MEDIA);
    expect(cues).toHaveLength(cut.length);
    for (const c of cues) {
      expect(c.end).toBeLessThanOrEqual(MEDIA);
      expect(c.start).toBeLessThan(c.end);
      expect(c.start).toBeGreaterThanOrEqual(0);
    }
    // Text is never lost, and cues inside the media are untouched.
    expect(cues.map((c) => c.lines)).toEqual(cut.map((c) => c.lines));
    cut.forEach((c, i) => {
      if (c.end <= MEDIA) expect(cues[i]).toBe(c);
    });
    const segments = segmentsFromCues(cues, ' ');
    expect(Math.max(...segments.map((s) => s.end))).toBeLessThanOrEqual(MEDIA);
  });

  it('a cue that starts at or after the end is squeezed into the media, not dropped', () => {
    const cues = clampCuesToMedia([{ start: 3600.2, end: 3601.39, lines: ['Thank you.'] }], 3600);
    expect(cues).toEqual([{ start: 3600 - 0.04, end: 3600, lines: ['Thank you.'] }]);
  });

  it('an unknown length leaves the cues as they are', () => {
    const cues = [{ start: 1, end: 2, lines: ['a'] }];
    expect(clampCuesToMedia(cues, undefined)).toBe(cues);
    expect(clampCuesToMedia(cues, 0)).toBe(cues);
  });
});
