import { describe, expect, it } from 'vitest';
import {
  addedSeconds,
  mapCues,
  mapTime,
  MAX_PICTURE_STRETCH,
  NATURAL_MAX_SPEED,
  planPictureStretch,
} from '../../../server/src/media/time-map.ts';
import { CLIP_GAP } from '../../../server/src/media/voice-fit.ts';

/** Issue 20 item 3: the time map of "Keep voices natural" (which spans are slowed, and by how much). */
describe('time map', () => {
  const spans = [
    { start: 2, end: 4, factor: 1.25 },
    { start: 6, end: 7, factor: 1.2 },
  ];

  it('moves a time by what the spans before it added, and a time inside a span part way', () => {
    expect(mapTime(spans, 1)).toBe(1);
    expect(mapTime(spans, 3)).toBeCloseTo(3.25, 9);
    expect(mapTime(spans, 5)).toBeCloseTo(5.5, 9);
    expect(mapTime(spans, 6.5)).toBeCloseTo(7.1, 9);
    expect(addedSeconds(spans)).toBeCloseTo(0.7, 9);
    expect(mapCues(spans, [{ start: 4.5, end: 6.5, id: 'a' }])).toEqual([
      { start: 5, end: expect.closeTo(7.1, 9) as number, id: 'a' },
    ]);
  });

  it('slows the span of a line that needs 1.3x with no pause around it, just enough for 1.15x', () => {
    // 2.6 s of voice for a 2 s slot right after the start of the media and 0.1 s before the next line.
    const slots = [
      { start: 0, end: 2 },
      { start: 2.1, end: 4 },
    ];
    const plan = planPictureStretch(slots, [2.6, 1], 10);
    expect(plan.spans).toHaveLength(1);
    expect(plan.spans[0].start).toBe(0);
    expect(plan.spans[0].end).toBe(2.1);
    expect(plan.spans[0].factor).toBeCloseTo(2.6 / (NATURAL_MAX_SPEED * (2.1 - CLIP_GAP)), 2);
    expect(plan.duration).toBeCloseTo(10 + addedSeconds(plan.spans), 9);
    expect(plan.slots[1].start).toBeCloseTo(2.1 * plan.spans[0].factor, 9);
    for (const p of plan.placements) expect(p.speed).toBeLessThanOrEqual(NATURAL_MAX_SPEED + 1e-3);
  });

  it('slows at most 1.25x; past that the voice is sped up on the new timeline as usual', () => {
    const slots = [
      { start: 0, end: 2 },
      { start: 2.1, end: 4 },
    ];
    const plan = planPictureStretch(slots, [4, 1], 10);
    expect(plan.spans[0].factor).toBe(MAX_PICTURE_STRETCH);
    expect(plan.placements[0].speed).toBeGreaterThan(NATURAL_MAX_SPEED);
  });

  it('leaves the picture alone when every line fits at <= 1.15x, borrowing a pause first', () => {
    // 2.2 s for a 2 s slot (1.1x), and 2.3 s with a pause of 1 s after it: no slowing.
    const plan = planPictureStretch(
      [
        { start: 0, end: 2 },
        { start: 3, end: 5 },
        { start: 7, end: 8 },
      ],
      [2.2, 2.5, 0.5],
      10,
    );
    expect(plan.spans).toEqual([]);
    expect(plan.duration).toBe(10);
    expect(plan.placements[1].speed).toBeLessThanOrEqual(NATURAL_MAX_SPEED);
  });
});
