/**
 * Dub sync statuses (issue 20 item 1): the contract's thresholds (natural <= 1.0x, ok <= 1.15x, fast <= 1.25x,
 * overflow past that or running into the next line) and the report the voice-over saves per segment.
 */
import { describe, expect, it } from 'vitest';
import { countStatuses, SYNC_MAX_SPEED, syncShares, syncStatus } from '../../contract/sync.ts';
import { charBudget, syncReport } from '../../server/src/media/sync-report.ts';
import { placeClips } from '../../server/src/media/voice-fit.ts';

describe('sync status thresholds', () => {
  it('names a clip by the speed it is played at', () => {
    expect(syncStatus(0.8)).toBe('natural');
    expect(syncStatus(1)).toBe('natural');
    expect(syncStatus(1.01)).toBe('ok');
    expect(syncStatus(1.15)).toBe('ok');
    expect(syncStatus(1.16)).toBe('fast');
    expect(syncStatus(1.25)).toBe('fast');
    expect(syncStatus(1.26)).toBe('overflow');
    expect(syncStatus(2)).toBe('overflow');
    expect(SYNC_MAX_SPEED).toEqual({ natural: 1, ok: 1.15, fast: 1.25 });
  });

  it('calls a clip that runs into the next line an overflow whatever its speed', () => {
    expect(syncStatus(1, true)).toBe('overflow');
  });

  it('counts segments per status and gives their shares', () => {
    const counts = countStatuses(['natural', 'natural', 'ok', 'overflow']);
    expect(counts).toEqual({ natural: 2, ok: 1, fast: 0, overflow: 1 });
    expect(syncShares(counts)).toEqual({ natural: 0.5, ok: 0.25, fast: 0, overflow: 0.25 });
    expect(syncShares(countStatuses([]))).toEqual({ natural: 0, ok: 0, fast: 0, overflow: 0 });
  });
});

describe('sync report of a dub', () => {
  const segments = [
    { text: 'Una frase corta.', start: 0, end: 2 },
    { text: 'Una frase que dura algo más que su tiempo.', start: 3, end: 5 },
    { text: 'Esta frase es muchísimo más larga de lo que permite el tiempo que tiene.', start: 5.1, end: 6 },
  ];
  it('reports slot, natural length, speed, borrowed pause and status; flags the line that cannot fit', () => {
    const lengths = [1.5, 2.2, 4];
    const duration = 6.5;
    const placements = placeClips(segments, lengths, duration);
    const r = syncReport(segments, placements, lengths, duration, 14);
    expect(r.segments.map((s) => s.status)).toEqual(['natural', 'ok', 'overflow']);
    expect(r.segments[0]).toMatchObject({ slot_start: 0, slot_end: 2, natural_length: 1.5, speed: 1, borrowed: 0 });
    expect(r.segments[1].speed).toBeCloseTo(1.1, 2);
    expect(r.segments[1].shorter_by).toBe(0);
    // 4 s of voice for 0.9 s of slot plus 0.5 s to the end: about 71 characters must shrink to fit at 1.15x.
    expect(r.segments[2].shorter_by).toBeGreaterThan(40);
    expect(r.segments[2].budget).toBe(charBudget(0.9, 14));
    expect(r.counts).toEqual({ natural: 1, ok: 1, fast: 0, overflow: 1 });
    expect(r.chars_per_second).toBe(14);
  });

  it('gives a fast line the characters it must lose to be ok', () => {
    const seg = [{ text: 'x'.repeat(120), start: 0, end: 8 }];
    const lengths = [9.6]; // 1.2x within an 8 s slot, nothing to borrow after it
    const r = syncReport(seg, placeClips(seg, lengths, 8), lengths, 8);
    expect(r.segments[0].status).toBe('fast');
    // 120 characters at 1.2x -> 1.15x: 120 * (1 - 1.15 / 1.2) = 5 characters.
    expect(r.segments[0].shorter_by).toBe(5);
  });

  it('budgets the characters a voice says at 1.15x within a slot', () => {
    expect(charBudget(2, 15)).toBe(34);
    expect(charBudget(0, 15)).toBe(1);
  });
});
