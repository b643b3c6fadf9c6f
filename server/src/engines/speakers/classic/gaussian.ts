/**
 * Full-covariance Gaussian models of feature frames by their sufficient statistics (count, sum, sum of outer
 * products), so two segments' model is their statistics added. Used for the generalised likelihood ratio (GLR)
 * between segments (the likelihood part of ΔBIC in Chen & Gopalakrishnan 1998, "Speaker, environment and channel
 * change detection and clustering via the Bayesian information criterion").
 * Log-determinants by Cholesky decomposition (`ml-matrix`), with a small ridge so short segments stay defined.
 */
import { CholeskyDecomposition, Matrix } from 'ml-matrix';

/** Sufficient statistics of `n` frames of `dims` values. */
export interface GaussianStats {
  n: number;
  sum: Float64Array;
  /** Row-major `dims x dims` sum of outer products. */
  outer: Float64Array;
}

const RIDGE = 1e-3;

/** Statistics of `frames` (each at least `dims` long; the first `dims` values are used). */
export function statsOf(frames: ArrayLike<number>[], dims: number): GaussianStats {
  const s: GaussianStats = { n: 0, sum: new Float64Array(dims), outer: new Float64Array(dims * dims) };
  for (const f of frames) {
    s.n++;
    for (let i = 0; i < dims; i++) {
      s.sum[i] += f[i];
      for (let j = i; j < dims; j++) s.outer[i * dims + j] += f[i] * f[j];
    }
  }
  for (let i = 0; i < dims; i++) for (let j = 0; j < i; j++) s.outer[i * dims + j] = s.outer[j * dims + i];
  return s;
}

/**
 * `statsOf` of frames stored one after another in `rows`, `stride` values a frame (the first `dims` used): the same
 * sums in the same order, without an array per frame.
 */
export function statsOfRows(rows: Float32Array, dims: number, stride: number): GaussianStats {
  const s: GaussianStats = { n: 0, sum: new Float64Array(dims), outer: new Float64Array(dims * dims) };
  for (let at = 0; at + dims <= rows.length; at += stride) {
    s.n++;
    for (let i = 0; i < dims; i++) {
      s.sum[i] += rows[at + i];
      for (let j = i; j < dims; j++) s.outer[i * dims + j] += rows[at + i] * rows[at + j];
    }
  }
  for (let i = 0; i < dims; i++) for (let j = 0; j < i; j++) s.outer[i * dims + j] = s.outer[j * dims + i];
  return s;
}

/** The statistics of two segments together. */
export function addStats(a: GaussianStats, b: GaussianStats): GaussianStats {
  return {
    n: a.n + b.n,
    sum: a.sum.map((x, i) => x + b.sum[i]),
    outer: a.outer.map((x, i) => x + b.outer[i]),
  };
}

/** The statistics of `a` without the frames of `b`, a part of it (a segment left out of its speaker's model). */
export function subtractStats(a: GaussianStats, b: GaussianStats): GaussianStats {
  return {
    n: a.n - b.n,
    sum: a.sum.map((x, i) => x - b.sum[i]),
    outer: a.outer.map((x, i) => x - b.outer[i]),
  };
}

/** log |Σ| of the maximum-likelihood covariance (natural log). */
export function logDetCovariance(s: GaussianStats): number {
  const dims = s.sum.length;
  const cov = new Matrix(dims, dims);
  for (let i = 0; i < dims; i++)
    for (let j = 0; j < dims; j++)
      cov.set(i, j, s.outer[i * dims + j] / s.n - (s.sum[i] / s.n) * (s.sum[j] / s.n) + (i === j ? RIDGE : 0));
  const l = new CholeskyDecomposition(cov).lowerTriangularMatrix;
  let logDet = 0;
  for (let i = 0; i < dims; i++) logDet += 2 * Math.log(Math.max(1e-12, l.get(i, i)));
  return logDet;
}

/** The part of the log-likelihood of a segment under its own Gaussian that depends on the model: -n/2 log|Σ|. */
export function logLikelihood(s: GaussianStats): number {
  return (-s.n / 2) * logDetCovariance(s);
}

/**
 * Generalised likelihood ratio distance of two segments, per frame: how much likelier two models are than one
 * (0 for identical statistics; larger when the voices differ).
 */
export function glrDistance(a: GaussianStats, b: GaussianStats): number {
  const both = addStats(a, b);
  return (logLikelihood(a) + logLikelihood(b) - logLikelihood(both)) / both.n;
}
