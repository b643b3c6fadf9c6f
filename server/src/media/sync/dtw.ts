/**
 * Dynamic time warping (DTW) of two feature sequences (Sakoe & Chiba 1978), with a window so long media stays
 * cheap: a Sakoe-Chiba band around the diagonal for short sequences, and for long ones a multi-resolution search
 * (FastDTW, Salvador & Chan 2007): align coarsened sequences (frames averaged in pairs) first, then only a
 * `radius`-frame corridor around the projected path at the finer resolution. Steps (1,0), (0,1), (1,1); local
 * cost: Euclidean distance between frames. Memory and time are O(cells in the window).
 */

/** For each row `i` of the first sequence, the allowed columns `[lo[i], hi[i]]` (inclusive) of the second. */
export interface DtwWindow {
  lo: Int32Array;
  hi: Int32Array;
}

/** An alignment: pairs `(a[k], b[k])` of frame indexes, from (0, 0) to (n-1, m-1), monotone. */
export interface DtwPath {
  a: Int32Array;
  b: Int32Array;
}

/** Sequences up to this many cells are aligned in one pass (inside a Sakoe-Chiba band). */
const MAX_DIRECT_CELLS = 6_000_000;

function distance(x: Float32Array, y: Float32Array): number {
  let s = 0;
  for (let c = 0; c < x.length; c++) {
    const d = x[c] - y[c];
    s += d * d;
  }
  return Math.sqrt(s);
}

/**
 * A Sakoe-Chiba band of half-width `band` frames around the straight line from (0, 0) to (n-1, m-1).
 * Rows are widened so the window stays connected whatever the length ratio.
 */
export function sakoeChibaWindow(n: number, m: number, band: number): DtwWindow {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const slope = n > 1 ? (m - 1) / (n - 1) : 0;
  for (let i = 0; i < n; i++) {
    const centre = i * slope;
    lo[i] = Math.max(0, Math.floor(centre - band - slope));
    hi[i] = Math.min(m - 1, Math.ceil(centre + band + slope));
  }
  lo[0] = 0;
  hi[n - 1] = m - 1;
  return { lo, hi };
}

/** DTW inside `window` (the full matrix when omitted). @throws Error when the window does not connect the ends. */
export function dtw(a: Float32Array[], b: Float32Array[], window?: DtwWindow): DtwPath {
  const n = a.length;
  const m = b.length;
  if (!n || !m) throw new Error('DTW of an empty sequence');
  const lo = window?.lo ?? new Int32Array(n);
  const hi = window?.hi ?? new Int32Array(n).fill(m - 1);
  const offset = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) offset[i + 1] = offset[i] + (hi[i] - lo[i] + 1);
  const cost = new Float64Array(offset[n]).fill(Infinity);
  const move = new Uint8Array(offset[n]); // 0 diagonal, 1 from the row above (i-1), 2 from the left (j-1)
  const at = (i: number, j: number) => (j < lo[i] || j > hi[i] ? Infinity : cost[offset[i] + j - lo[i]]);
  for (let i = 0; i < n; i++) {
    for (let j = lo[i]; j <= hi[i]; j++) {
      const d = distance(a[i], b[j]);
      const k = offset[i] + j - lo[i];
      if (i === 0 && j === 0) {
        cost[k] = d;
        continue;
      }
      const diag = i > 0 && j > 0 ? at(i - 1, j - 1) : Infinity;
      const up = i > 0 ? at(i - 1, j) : Infinity;
      const left = j > lo[i] ? cost[k - 1] : Infinity;
      let best = diag;
      let mv = 0;
      if (up < best) {
        best = up;
        mv = 1;
      }
      if (left < best) {
        best = left;
        mv = 2;
      }
      cost[k] = best + d;
      move[k] = mv;
    }
  }
  if (!Number.isFinite(at(n - 1, m - 1))) throw new Error('DTW window does not connect the sequence ends');
  const pa: number[] = [];
  const pb: number[] = [];
  let i = n - 1;
  let j = m - 1;
  for (;;) {
    pa.push(i);
    pb.push(j);
    if (i === 0 && j === 0) break;
    const mv = move[offset[i] + j - lo[i]];
    if (mv === 0) {
      i--;
      j--;
    } else if (mv === 1) i--;
    else j--;
  }
  return { a: Int32Array.from(pa.reverse()), b: Int32Array.from(pb.reverse()) };
}

/** Averages frames in pairs (half the resolution). */
function coarsen(s: Float32Array[]): Float32Array[] {
  const out: Float32Array[] = [];
  for (let i = 0; i < s.length; i += 2) {
    const x = s[i];
    const y = s[i + 1] ?? x;
    out.push(x.map((v, c) => (v + y[c]) / 2));
  }
  return out;
}

/** The window at full resolution around a path found at half resolution, widened by `radius` frames. */
function project(path: DtwPath, n: number, m: number, radius: number): DtwWindow {
  const lo = new Int32Array(n).fill(m);
  const hi = new Int32Array(n).fill(-1);
  for (let k = 0; k < path.a.length; k++) {
    for (let di = 0; di < 2; di++) {
      const i = path.a[k] * 2 + di;
      if (i >= n) continue;
      lo[i] = Math.min(lo[i], path.b[k] * 2);
      hi[i] = Math.max(hi[i], Math.min(m - 1, path.b[k] * 2 + 1));
    }
  }
  const wlo = new Int32Array(n);
  const whi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let l = m;
    let h = -1;
    for (let r = Math.max(0, i - radius); r <= Math.min(n - 1, i + radius); r++) {
      l = Math.min(l, lo[r]);
      h = Math.max(h, hi[r]);
    }
    wlo[i] = Math.max(0, l - radius);
    whi[i] = Math.min(m - 1, h + radius);
  }
  wlo[0] = 0;
  whi[n - 1] = m - 1;
  return { lo: wlo, hi: whi };
}

/**
 * Aligns `a` to `b`: one pass inside a Sakoe-Chiba band (`band` frames, default 20 % of the longer sequence,
 * at least 200) when that stays under 6 million cells, otherwise multi-resolution with a `radius`-frame corridor
 * (default 40 frames = 0.4 s at 10 ms frames).
 */
export function align(a: Float32Array[], b: Float32Array[], opts: { band?: number; radius?: number } = {}): DtwPath {
  const n = a.length;
  const m = b.length;
  const band = opts.band ?? Math.max(200, Math.round(0.2 * Math.max(n, m)));
  const window = sakoeChibaWindow(n, m, band);
  let cells = 0;
  for (let i = 0; i < n; i++) cells += window.hi[i] - window.lo[i] + 1;
  if (cells <= MAX_DIRECT_CELLS || n < 4 || m < 4) return dtw(a, b, window);
  const coarse = align(coarsen(a), coarsen(b), opts);
  return dtw(a, b, project(coarse, n, m, opts.radius ?? 40));
}
