/**
 * Speakers who say only a word or two (classic.ts step 4): in a meeting one person often holds the floor while
 * others say "yeah" or a short phrase, too few pieces for the spectral clustering's neighbour graph to give them a
 * cluster of their own, so they are folded into a main speaker. After the clustering, each piece of speech is
 * tested against every speaker's pooled full-covariance Gaussian (gaussian.ts; its own speaker's model without the
 * piece itself): its generalised likelihood ratio per frame. A piece whose distance to every speaker is an outlier
 * among the distances of that speaker's own pieces fits no speaker found and is a speaker of its own. Outlier: the
 * modified z-score 0.6745 (x - median) / MAD (Iglewicz & Hoaglin 1993, "How to detect and handle outliers", ASQC
 * Quality Press; the median absolute deviation rule that Leys et al. 2013 recommend over the standard deviation) of
 * the distances' cube roots (the Wilson-Hilferty transform: a likelihood ratio is about chi-square, skewed to the
 * right, and its cube root about normal) above `outlierZ` of the number of pieces tested (a union bound).
 * Flagged pieces one after the other, or as close to each other as two consecutive pieces of one region usually
 * are, are one speaker. Only pieces that are mostly voiced are tested (MIN_VOICED): the voice is in the vowels, and
 * a pause, a breath or a chair fits no voice model.
 * This is the likelihood-ratio test of Chen & Gopalakrishnan 1998 against each speaker's model, with its threshold
 * calibrated on the recording itself (how far its speakers' own pieces lie from their models) instead of BIC's
 * fixed penalty (a BIC stopping rule over the clusters found 6-8 speakers everywhere: docs/notes/media-experiments.md).
 */
import { addStats, glrDistance, subtractStats, type GaussianStats } from './gaussian.ts';

/** Chance of a spurious speaker in a recording of one voice (the family-wise error of the outlier tests). */
const ALPHA = 0.05;

/**
 * The modified z-score above which one of `n` pieces fits no speaker: sqrt(2 ln(n / ALPHA)), the union bound over
 * the n pieces with the normal tail P(Z > z) <= exp(-z² / 2), so that a recording of one voice gets a spurious
 * speaker with a chance of at most about ALPHA however long it is (a fixed 3.5, Iglewicz & Hoaglin's rule for one
 * test, is this bound at 22 pieces; on one-second pieces of one synthetic Gaussian voice it flagged a piece in 3 of
 * 30 recordings of 20 pieces and 15 of 30 of 400 pieces, this bound on the cube roots 2 and 1).
 */
function outlierZ(n: number): number {
  return Math.sqrt(2 * Math.log(Math.max(1, n) / ALPHA));
}

/**
 * Seconds of voiced frames a piece needs to be tested: half of a one-second piece, so that the piece is mostly voice
 * (speech is voiced 40-60 % of the time); a piece of a pause, a breath or a laugh with a moment of pitch is mostly
 * noise, and noise fits no voice (on a 12-minute loop of two voices, pieces a quarter voiced were flagged).
 */
export const MIN_VOICED = 0.5;
/** Fewest pieces of a speaker whose distances calibrate its limit (a median and a MAD of fewer mean little). */
const LEAST_PIECES = 5;

/** One piece of speech: its MFCC statistics, seconds of voiced frames, and whether it is adjacent to the one before. */
export interface TestedPiece {
  stats: GaussianStats;
  voiced: number;
  /** The piece follows the previous one of the list with no pause (same region of speech). */
  joinsPrevious: boolean;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
};

/**
 * The labels (0 … k-1, one per piece) with new speakers (k, k + 1 …) for the pieces that fit none of the k found,
 * in the pieces' order. `pieces` are those of a model good enough to test (classic.ts: at least MIN_PIECE long);
 * `labels` their speakers after clustering; at most `most` speakers in all. Only a speaker of at least LEAST_PIECES
 * pieces can lose one.
 */
export function minoritySpeakers(pieces: TestedPiece[], labels: number[], most: number): number[] {
  const out = [...labels];
  if (!pieces.length) return out;
  const speakers = Math.max(...labels) + 1;
  const pooled = Array.from({ length: speakers }, (_, c) => {
    const members = pieces.filter((_, i) => labels[i] === c).map((p) => p.stats);
    return { model: members.length ? members.reduce(addStats) : null, size: members.length };
  });
  // Each piece's distance to each speaker: to its own speaker's model without the piece.
  const distance = pieces.map((p, i) =>
    pooled.map(({ model, size }, c) => {
      if (!model) return Infinity;
      if (labels[i] !== c) return glrDistance(p.stats, model);
      return size > 1 ? glrDistance(p.stats, subtractStats(model, p.stats)) : Infinity;
    }),
  );
  // Each speaker's own pieces calibrate its limit (a small speaker's model moves more when a piece is left out, so
  // its pieces lie farther from it than a large speaker's do), on the cube roots of the distances.
  const z = outlierZ(pieces.length);
  const limit = pooled.map((_, c) => {
    const own = pieces.flatMap((_, i) =>
      labels[i] === c && Number.isFinite(distance[i][c]) ? [Math.cbrt(distance[i][c])] : [],
    );
    if (own.length < LEAST_PIECES) return Infinity;
    const m = median(own);
    return m + (z / 0.6745) * median(own.map((x) => Math.abs(x - m)));
  });
  const whole = pieces.map((_, i) => pooled.every((_, c) => Math.cbrt(distance[i][c]) > limit[c]));
  // Two pieces of speech as close as consecutive pieces of one region usually are (the median of those distances;
  // a turn rarely changes inside a region) are one voice: flagged pieces that close join one new speaker.
  const adjacent = median(
    pieces.flatMap((p, i) => (i > 0 && p.joinsPrevious ? [glrDistance(pieces[i - 1].stats, p.stats)] : [])),
  );
  const found: number[][] = [];
  pieces.forEach((p, i) => {
    if (p.voiced < MIN_VOICED || !whole[i]) return;
    const same = found.findIndex(
      (group) =>
        (i > 0 && p.joinsPrevious && group.includes(i - 1)) ||
        group.some((j) => glrDistance(pieces[j].stats, p.stats) <= adjacent),
    );
    if (same >= 0) found[same].push(i);
    else if (speakers + found.length < most) found.push([i]);
  });
  found.forEach((group, g) => group.forEach((i) => (out[i] = speakers + g)));
  return out;
}
