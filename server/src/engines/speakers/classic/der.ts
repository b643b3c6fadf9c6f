/**
 * Diarization error rate (DER) as NIST md-eval and pyannote.metrics define it: (missed speech + false alarm +
 * speaker confusion) / reference speech time, each counted per speaker present (overlapped speech counts once
 * per speaker), after the one-to-one mapping of hypothesis speakers to reference speakers that maximises their
 * common time. A forgiveness collar of `collar` seconds on both sides of every reference turn boundary is not
 * scored (md-eval `-c 0.25`), nor anything outside the scored regions (UEM) when they are given.
 * Scored on a 10 ms grid. Times in seconds. Also reads RTTM and UEM files (NIST RT-09 formats).
 */

import type { SpeakerTurn } from '../../speakers.engine.ts';

export type { SpeakerTurn };

/** DER and its parts (seconds, and the rate 0..1+). */
export interface DerResult {
  der: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** Scored reference speech (seconds, per speaker). */
  total: number;
}

const STEP = 0.01;

/** Reads the turns of RTTM text (`SPEAKER <file> 1 <start> <duration> <NA> <NA> <speaker> ...`), by file. */
export function parseRttm(text: string): Map<string, SpeakerTurn[]> {
  const out = new Map<string, SpeakerTurn[]>();
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] !== 'SPEAKER' || f.length < 8) continue;
    const start = Number(f[3]);
    const turns = out.get(f[1]) ?? [];
    turns.push({ start, end: start + Number(f[4]), speaker: f[7] });
    out.set(f[1], turns);
  }
  return out;
}

/** Reads UEM text (`<file> <channel> <start> <end>`): the scored regions by file. */
export function parseUem(text: string): Map<string, { start: number; end: number }[]> {
  const out = new Map<string, { start: number; end: number }[]>();
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 4) continue;
    out.set(f[0], [...(out.get(f[0]) ?? []), { start: Number(f[2]), end: Number(f[3]) }]);
  }
  return out;
}

/** Speakers talking in each 10 ms cell (indices into `names`). */
function grid(turns: SpeakerTurn[], cells: number): { names: string[]; at: number[][] } {
  const names = [...new Set(turns.map((t) => t.speaker))];
  const at = Array.from({ length: cells }, () => [] as number[]);
  for (const t of turns) {
    const id = names.indexOf(t.speaker);
    for (let k = Math.max(0, Math.round(t.start / STEP)); k < Math.min(cells, Math.round(t.end / STEP)); k++)
      if (!at[k].includes(id)) at[k].push(id);
  }
  return { names, at };
}

/** The mapping hypothesis speaker -> reference speaker (or -1) maximising common time: DP over reference subsets. */
function bestMapping(common: number[][], refCount: number): number[] {
  const hyp = common.length;
  const refs = Math.min(refCount, 16);
  const memo = new Map<string, { score: number; pick: number[] }>();
  const solve = (h: number, used: number): { score: number; pick: number[] } => {
    if (h === hyp) return { score: 0, pick: [] };
    const key = `${h}:${used}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const skip = solve(h + 1, used);
    let best = { score: skip.score, pick: [-1, ...skip.pick] };
    for (let r = 0; r < refs; r++) {
      if (used & (1 << r)) continue;
      const next = solve(h + 1, used | (1 << r));
      const score = common[h][r] + next.score;
      if (score > best.score) best = { score, pick: [r, ...next.pick] };
    }
    memo.set(key, best);
    return best;
  };
  return solve(0, 0).pick;
}

/**
 * DER of `hypothesis` against `reference`.
 * @param collar seconds forgiven on each side of every reference boundary (0.25 in the issue and md-eval).
 * @param uem the scored regions; by default from 0 to the last turn's end.
 */
export function diarizationErrorRate(
  reference: SpeakerTurn[],
  hypothesis: SpeakerTurn[],
  opts: { collar?: number; uem?: { start: number; end: number }[] } = {},
): DerResult {
  const collar = opts.collar ?? 0.25;
  const end = Math.max(
    0,
    ...reference.map((t) => t.end),
    ...hypothesis.map((t) => t.end),
    ...(opts.uem ?? []).map((u) => u.end),
  );
  const cells = Math.ceil(end / STEP) + 1;
  const scored = new Uint8Array(cells).fill(opts.uem ? 0 : 1);
  for (const u of opts.uem ?? [])
    for (let k = Math.max(0, Math.round(u.start / STEP)); k < Math.min(cells, Math.round(u.end / STEP)); k++)
      scored[k] = 1;
  for (const t of reference)
    for (const b of [t.start, t.end])
      for (
        let k = Math.max(0, Math.round((b - collar) / STEP));
        k < Math.min(cells, Math.round((b + collar) / STEP));
        k++
      )
        scored[k] = 0;
  const ref = grid(reference, cells);
  const hyp = grid(hypothesis, cells);
  const common = hyp.names.map(() => ref.names.map(() => 0));
  for (let k = 0; k < cells; k++) if (scored[k]) for (const h of hyp.at[k]) for (const r of ref.at[k]) common[h][r]++;
  const map = bestMapping(common, ref.names.length);
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  let total = 0;
  for (let k = 0; k < cells; k++) {
    if (!scored[k]) continue;
    const nr = ref.at[k].length;
    const nh = hyp.at[k].length;
    const correct = hyp.at[k].filter((h) => map[h] >= 0 && ref.at[k].includes(map[h])).length;
    total += nr;
    missed += Math.max(0, nr - nh);
    falseAlarm += Math.max(0, nh - nr);
    confusion += Math.min(nr, nh) - correct;
  }
  const sec = (n: number) => Math.round(n * STEP * 100) / 100;
  return {
    der: total ? (missed + falseAlarm + confusion) / total : 0,
    missed: sec(missed),
    falseAlarm: sec(falseAlarm),
    confusion: sec(confusion),
    total: sec(total),
  };
}
