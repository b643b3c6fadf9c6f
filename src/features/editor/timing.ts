/**
 * Timing edits of a subtitler's keyboard, pure (unit-tested in tests/unit/editor-pro.test.ts): shifting every
 * time after a point. Setting a cue's start or end at the playhead is model.ts `setTimes` with the playhead.
 * Times are seconds from the start of the media, rounded to milliseconds as every edit is.
 */
import type { TrackCue } from '../../../contract/tracks.ts';
import type { EditorDoc, TrackKey } from './model.ts';

const round = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Moves every cue that starts at or after `from` seconds by `delta` seconds (positive: later, negative: earlier),
 * in `tracks` (every track of the document when not given: source and translations share the media's timeline).
 * Durations and gaps between the moved cues are kept. Moving earlier stops at the end of the last cue that stays
 * (or at 0), so nothing overlaps; each track is clamped on its own. The same document when nothing moves.
 */
export function shiftAfter(doc: EditorDoc, from: number, delta: number, tracks?: readonly TrackKey[]): EditorDoc {
  if (!Number.isFinite(from) || !Number.isFinite(delta) || delta === 0) return doc;
  const keys = tracks ?? Object.keys(doc.tracks);
  const next: Record<TrackKey, readonly TrackCue[]> = { ...doc.tracks };
  let changed = false;
  for (const key of keys) {
    const cues = doc.tracks[key];
    if (!cues) continue;
    const first = cues.findIndex((c) => c.start >= from - 0.0005);
    if (first < 0) continue;
    const floor = first > 0 ? cues[first - 1].end : 0;
    const by = round(Math.max(delta, floor - cues[first].start));
    if (by === 0) continue;
    changed = true;
    next[key] = cues.map((c, i) => (i < first ? c : { ...c, start: round(c.start + by), end: round(c.end + by) }));
  }
  return changed ? { ...doc, tracks: next } : doc;
}
