/**
 * Issue 19: the speakers engine's rule for people who say a word or two (server/src/engines/speakers/classic/minority.ts), on
 * synthetic feature frames: pieces of one "voice" (12-dimensional Gaussian frames) with one piece of another voice
 * among them. The piece of the other voice becomes a speaker of its own; pieces of the one voice, a piece too little
 * voiced, and a speaker of too few pieces to calibrate its limit are left as they are (one voice alone gets a
 * spurious speaker in about ALPHA = 5 % of recordings, by design).
 */
import { describe, expect, it } from 'vitest';
import { statsOf } from '../../../server/src/engines/speakers/classic/gaussian.ts';
import {
  minoritySpeakers,
  MIN_VOICED,
  type TestedPiece,
} from '../../../server/src/engines/speakers/classic/minority.ts';

/** A seeded standard normal generator (the same frames every run). */
function normal(seed: number): () => number {
  let s = seed;
  const uniform = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return (s + 0.5) / 2 ** 32;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** One second of frames (100) of a voice: each coefficient normal around `mean`, scaled by `spread`. */
function piece(random: () => number, mean: number, spread = 1, voiced = 0.6): TestedPiece {
  const frames = Array.from({ length: 100 }, () =>
    Array.from({ length: 12 }, (_, d) => mean * (d % 2 ? 1 : -1) + spread * random()),
  );
  return { stats: statsOf(frames, 12), voiced, joinsPrevious: true };
}

describe('speakers who say a word or two', () => {
  it('makes a speaker of a voiced piece far from every speaker found, and only of it', () => {
    const random = normal(7);
    const pieces = Array.from({ length: 20 }, () => piece(random, 0));
    pieces.splice(12, 0, piece(random, 1.5, 0.6));
    const labels = minoritySpeakers(pieces, new Array<number>(pieces.length).fill(0), 8);
    expect(labels[12]).toBe(1);
    expect(labels.filter((l) => l !== 0)).toEqual([1]);
  });

  it('rarely makes a speaker in one voice alone (about ALPHA of the recordings), never of a piece too little voiced', () => {
    const spurious = Array.from({ length: 20 }, (_, k) => {
      const random = normal(100 + k);
      const one = Array.from({ length: 40 }, () => piece(random, 0));
      return minoritySpeakers(one, new Array<number>(40).fill(0), 8).some((l) => l !== 0);
    }).filter(Boolean).length;
    expect(spurious).toBeLessThanOrEqual(2);
    const random = normal(11);
    const quiet = Array.from({ length: 20 }, () => piece(random, 0));
    quiet.splice(5, 0, piece(random, 1.5, 0.6, MIN_VOICED / 2));
    expect(minoritySpeakers(quiet, new Array<number>(21).fill(0), 8)[5]).toBe(0);
  });

  it('takes no piece from a speaker of too few pieces to calibrate its limit', () => {
    const random = normal(5);
    const few = Array.from({ length: 3 }, () => piece(random, 0));
    few.push(piece(random, 1.5, 0.6));
    expect(minoritySpeakers(few, [0, 0, 0, 0], 8)).toEqual([0, 0, 0, 0]);
  });

  it('makes one speaker of a voice said twice (the same piece repeated), and stops at the most speakers', () => {
    const random = normal(13);
    const pieces = Array.from({ length: 20 }, () => piece(random, 0));
    const other = piece(random, 1.5, 0.6);
    pieces.splice(3, 0, other);
    pieces.splice(15, 0, other);
    const labels = minoritySpeakers(pieces, new Array<number>(22).fill(0), 8);
    expect([labels[3], labels[15]]).toEqual([1, 1]);
    expect(minoritySpeakers(pieces, new Array<number>(22).fill(0), 1)).toEqual(new Array<number>(22).fill(0));
  });
});
