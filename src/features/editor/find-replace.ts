/**
 * Find and replace across one track of the editor's document, pure (unit-tested in tests/unit/editor-pro.test.ts).
 * The query is plain text (no pattern syntax), matched case-insensitively unless `matchCase`; the replacement is
 * inserted as typed (no `$1` groups). Replacing returns a new document, the same one when nothing changed, so the
 * store records it as one undo step like every other edit.
 */
import type { TrackCue } from '../../../contract/tracks.ts';
import type { EditorDoc, TrackKey } from './model.ts';

/** How a query matches. */
export interface FindOptions {
  /** True: "Paris" does not match "paris". */
  matchCase: boolean;
}

/** One occurrence: in the cue `cueId`, `length` characters (UTF-16 code units) from `index`. */
export interface FindMatch {
  cueId: string;
  index: number;
  length: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of a query, or null for an empty one (nothing to find). */
function patternOf(query: string, options: FindOptions): RegExp | null {
  if (!query) return null;
  return new RegExp(escape(query), options.matchCase ? 'gu' : 'giu');
}

/** Every occurrence of `query` in `cues`, in cue order then text order (non-overlapping). */
export function findMatches(cues: readonly TrackCue[], query: string, options: FindOptions): FindMatch[] {
  const pattern = patternOf(query, options);
  if (!pattern) return [];
  const found: FindMatch[] = [];
  for (const cue of cues)
    for (const m of cue.text.matchAll(pattern)) found.push({ cueId: cue.id, index: m.index, length: m[0].length });
  return found;
}

/**
 * Replaces the one occurrence `match` (as found by findMatches on this document) with `replacement`. The same
 * document when the cue is gone or its text no longer holds the query at that place (edited meanwhile).
 */
export function replaceOne(
  doc: EditorDoc,
  track: TrackKey,
  match: FindMatch,
  query: string,
  replacement: string,
  options: FindOptions,
): EditorDoc {
  const cues = doc.tracks[track] ?? [];
  const at = cues.findIndex((c) => c.id === match.cueId);
  if (at < 0) return doc;
  const text = cues[at].text;
  const found = text.slice(match.index, match.index + match.length);
  const same = options.matchCase ? found === query : found.toLowerCase() === query.toLowerCase();
  if (!query || !same) return doc;
  const next = text.slice(0, match.index) + replacement + text.slice(match.index + match.length);
  if (next === text) return doc;
  const updated = cues.map((c, i) => (i === at ? { ...c, text: next } : c));
  return { ...doc, tracks: { ...doc.tracks, [track]: updated } };
}

/** Replaces every occurrence of `query` in `track`; `count` says how many were replaced (0: the same document). */
export function replaceAll(
  doc: EditorDoc,
  track: TrackKey,
  query: string,
  replacement: string,
  options: FindOptions,
): { doc: EditorDoc; count: number } {
  const pattern = patternOf(query, options);
  const cues = doc.tracks[track] ?? [];
  if (!pattern) return { doc, count: 0 };
  let count = 0;
  const updated = cues.map((c) => {
    const text = c.text.replace(pattern, () => {
      count += 1;
      return replacement;
    });
    return text === c.text ? c : { ...c, text };
  });
  if (updated.every((c, i) => c === cues[i])) return { doc, count: 0 };
  return { doc: { ...doc, tracks: { ...doc.tracks, [track]: updated } }, count };
}
