/**
 * Where speech is in a recording, measured independently of the aligner: the reference auto-sync's accuracy is
 * measured against (tests, scripts/bench-sync.ts). Speech = runs of loud 10 ms blocks (above the noise floor,
 * the 10th-percentile level, plus 40 % of the way to the 95th-percentile level; gaps under 50 ms bridged) that
 * last at least 0.1 s and hold voiced frames (a pitch: normalised autocorrelation of a 40 ms frame at least 0.5 at
 * a lag of 2.5-14 ms, 70-400 Hz) for at least 30 ms. Breaths, clicks and hiss are loud but unvoiced: left out.
 * Samples Float32 in [-1, 1]; times in seconds.
 */
import type { MonoAudio } from '../../audio/wav.ts';

const BLOCK = 0.01;

function periodic(a: MonoAudio, at: number): boolean {
  const len = Math.round(a.rate * 0.04);
  const o = Math.round(at * a.rate);
  if (o + len > a.samples.length) return false;
  let e0 = 0;
  for (let i = 0; i < len; i++) e0 += a.samples[o + i] ** 2;
  for (let lag = Math.round(a.rate / 400); lag <= Math.round(a.rate / 70); lag++) {
    let c = 0;
    let e1 = 0;
    for (let i = 0; i + lag < len; i++) {
      c += a.samples[o + i] * a.samples[o + i + lag];
      e1 += a.samples[o + i + lag] ** 2;
    }
    if (c / Math.sqrt(e0 * e1 + 1e-12) >= 0.5) return true;
  }
  return false;
}

/** Start of the first and end of the last speech run (seconds), or null when there is none. */
export function speechExtent(a: MonoAudio): { start: number; end: number } | null {
  const runs = speechRuns(a);
  return runs.length ? { start: runs[0].start, end: runs[runs.length - 1].end } : null;
}

/** Every speech run (phrases between pauses of 50 ms or more), seconds, in order. */
export function speechRuns(a: MonoAudio): { start: number; end: number }[] {
  const n = Math.round(a.rate * BLOCK);
  const blocks = Math.floor(a.samples.length / n);
  const level = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let e = 0;
    for (let i = b * n; i < (b + 1) * n; i++) e += a.samples[i] ** 2;
    level[b] = 10 * Math.log10(e / n + 1e-12);
  }
  const sorted = [...level].sort((x, y) => x - y);
  const floor = sorted[Math.floor(blocks * 0.1)];
  const threshold = floor + 0.4 * (sorted[Math.floor(blocks * 0.95)] - floor);
  const runs: { from: number; to: number }[] = [];
  for (let b = 0; b < blocks; b++) {
    if (level[b] < threshold) continue;
    const prev = runs.at(-1);
    if (prev && b - prev.to <= 5) prev.to = b + 1;
    else runs.push({ from: b, to: b + 1 });
  }
  const speech = runs.filter((r) => {
    if (r.to - r.from < 10) return false;
    let voiced = 0;
    for (let b = r.from; b < r.to - 3; b++) if (periodic(a, b * BLOCK)) voiced++;
    return voiced >= 3;
  });
  return speech.map((r) => ({ start: r.from * BLOCK, end: r.to * BLOCK }));
}
