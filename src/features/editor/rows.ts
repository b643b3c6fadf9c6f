/**
 * The cue list's rows: one per cue of the timing track (whose times the timeline edits), each with the cues of
 * the other track it overlaps most, so source and translation sit side by side even after splits and merges.
 */
import type { TrackCue } from '../../../contract/tracks.ts';

export interface CueRowData {
  cue: TrackCue;
  /** Cues of the other track shown beside it (each cue of that track is in exactly one row). */
  paired: TrackCue[];
}

const overlap = (a: TrackCue, b: TrackCue) => Math.min(a.end, b.end) - Math.max(a.start, b.start);
const distance = (a: TrackCue, b: TrackCue) => Math.abs((a.start + a.end) / 2 - (b.start + b.end) / 2);

/** Pairs every cue of `other` with the cue of `timing` it overlaps most (the nearest when none overlaps). */
export function buildRows(timing: readonly TrackCue[], other: readonly TrackCue[]): CueRowData[] {
  const rows = timing.map((cue) => ({ cue, paired: [] as TrackCue[] }));
  if (!rows.length) return rows;
  for (const cue of other) {
    let best = rows[0];
    for (const row of rows) {
      const gain = overlap(row.cue, cue) - overlap(best.cue, cue);
      if (gain > 0 || (gain === 0 && distance(row.cue, cue) < distance(best.cue, cue))) best = row;
    }
    best.paired.push(cue);
  }
  return rows;
}

/** `83.25` -> `"1:23.250"` (minutes:seconds.milliseconds; hours when needed). */
export function formatTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = ((ms % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Reads what a user types as a time: `1:23.25`, `83.25`, `0:01:23,250`. NaN when it is not one. */
export function parseTime(text: string): number {
  const parts = text.trim().replace(',', '.').split(':');
  if (!parts.length || parts.length > 3 || parts.some((p) => !/^\d+(\.\d*)?$/.test(p))) return Number.NaN;
  return parts.reduce((total, p) => total * 60 + Number(p), 0);
}
