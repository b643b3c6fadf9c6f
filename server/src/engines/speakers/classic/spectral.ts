/**
 * Spectral clustering (Ng, Jordan & Weiss 2001) of pieces of speech from their pairwise distances: a
 * k-nearest-neighbour affinity graph (each piece linked to its NEIGHBOURS share of nearest pieces, made symmetric,
 * as in Park et al. 2019, "Auto-tuning spectral clustering for speaker diarization"), the symmetric normalised
 * Laplacian's eigenvectors
 * (`ml-matrix`), and the eigengap heuristic for the number of clusters when it is not given: the k (1 … most)
 * after which the sorted eigenvalues jump most (von Luxburg 2007, "A tutorial on spectral clustering", 8.3).
 * The unit-length rows of the first k eigenvectors are then grouped by Ward clustering (`ml-hclust`).
 */
import { agnes } from 'ml-hclust';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';

/** Share of the pieces each piece is linked to in the affinity graph (its nearest ones). */
const NEIGHBOURS = 0.2;

/**
 * Cluster labels (0 … k-1) of `n` items from their symmetric distance matrix.
 * @param k the number of clusters, or undefined to choose it by the eigengap (at most `most`).
 */
export function spectralClusters(dist: number[][], k: number | undefined, most: number): number[] {
  const n = dist.length;
  if (n < 2 || k === 1) return new Array<number>(n).fill(0);
  // Each piece's NEIGHBOURS nearest pieces, made symmetric: (A + Aᵀ) / 2.
  const p = Math.max(2, Math.round(n * NEIGHBOURS));
  const near = dist.map((row, i) => {
    const nearest = new Set(
      row
        .map((d, j) => [d, j])
        .filter(([, j]) => j !== i)
        .sort((x, y) => x[0] - y[0])
        .slice(0, p)
        .map(([, j]) => j),
    );
    return row.map((_, j) => (nearest.has(j) ? 1 : 0));
  });
  const a = near.map((row, i) => row.map((x, j) => (x + near[j][i]) / 2));
  const degree = a.map((row) =>
    Math.max(
      1e-12,
      row.reduce((s, x) => s + x, 0),
    ),
  );
  const laplacian = new Matrix(
    a.map((row, i) => row.map((x, j) => (i === j ? 1 : 0) - x / Math.sqrt(degree[i] * degree[j]))),
  );
  const evd = new EigenvalueDecomposition(laplacian, { assumeSymmetric: true });
  const order = evd.realEigenvalues.map((v, i) => [v, i]).sort((x, y) => x[0] - y[0]);
  let count = Math.min(k ?? 1, n);
  if (k === undefined) {
    let gap = -Infinity;
    for (let c = 1; c <= Math.min(most, n - 1); c++)
      if (order[c][0] - order[c - 1][0] > gap) [gap, count] = [order[c][0] - order[c - 1][0], c];
  }
  if (count === 1) return new Array<number>(n).fill(0);
  const vectors = evd.eigenvectorMatrix;
  const rows = Array.from({ length: n }, (_, i) => {
    const r = order.slice(0, count).map((o) => vectors.get(i, o[1]));
    const len = Math.hypot(...r) || 1;
    return r.map((x) => x / len);
  });
  const labels = new Array<number>(n).fill(0);
  agnes(rows, { method: 'ward' })
    .group(count)
    .children.forEach((c, i) => {
      for (const leaf of c.indices()) labels[leaf] = i;
    });
  return labels;
}
