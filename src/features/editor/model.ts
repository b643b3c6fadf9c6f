/**
 * The editor's document and the pure edits on it (no React, no I/O: unit-tested in tests/unit/editor-model.test.ts).
 * A document holds the job's tracks by key: 'source' and one key per target language (base code). Times are
 * seconds from the start of the media. Every edit returns a new document, or the same one when it cannot apply
 * (so "nothing changed" is `next === doc`), and keeps each track ordered, without overlaps and with `start < end`,
 * because the server refuses anything else (PUT /v1/jobs/{id}/tracks answers 400 INVALID_CUE).
 */
import type { SaveTracksRequest, TrackCue, TracksResponse } from '../../../contract/tracks.ts';
import type { TrackSpeaker } from '../../../contract/speakers.ts';

/** 'source' or a target language code. */
export type TrackKey = string;

export interface EditorDoc {
  sourceLanguage: string;
  tracks: Readonly<Record<TrackKey, readonly TrackCue[]>>;
  /** Who speaks (issue 19; speakers.ts edits them); empty or absent for one speaker. */
  speakers?: readonly TrackSpeaker[];
}

/** An unsaved document kept on the device (IndexedDB), with the revision it was based on. */
export interface EditorDraft {
  revision: number;
  doc: EditorDoc;
}

/** Shortest cue an edit makes, seconds (a split or a dragged edge never goes below it). */
export const MIN_CUE_SECONDS = 0.2;
/** Length of an inserted cue when the gap allows it, seconds. */
export const INSERTED_CUE_SECONDS = 2;
/** Time kept free between an inserted or split cue and its neighbours, seconds (2 frames at 24 fps, the rules' gap). */
const INSERT_GAP = 2 / 24;

const round = (s: number) => Math.round(s * 1000) / 1000;
// A gap rounded to milliseconds must stay at least two frames: start times round up, end times down.
const roundUp = (s: number) => Math.ceil(s * 1000 - 1e-6) / 1000;
const roundDown = (s: number) => Math.floor(s * 1000 + 1e-6) / 1000;

/** The document of a GET tracks answer. */
export function docFromTracks(tracks: TracksResponse): EditorDoc {
  const all: Record<TrackKey, TrackCue[]> = { source: tracks.source.cues };
  for (const [lang, track] of Object.entries(tracks.targets)) all[lang] = track.cues;
  return { sourceLanguage: tracks.source.language, tracks: all, speakers: tracks.speakers ?? [] };
}

/** The PUT body that saves every track of `doc` over `revision`. */
export function saveRequestOf(doc: EditorDoc, revision: number): SaveTracksRequest {
  const targets: Record<string, { cues: TrackCue[] }> = {};
  for (const [key, cues] of Object.entries(doc.tracks)) if (key !== 'source') targets[key] = { cues: [...cues] };
  const speakers = doc.speakers?.length ? { speakers: [...doc.speakers] } : {};
  return { revision, source: { cues: [...(doc.tracks.source ?? [])] }, targets, ...speakers };
}

/** The language of a track: the source language for 'source', else the key itself. */
export const languageOf = (doc: EditorDoc, track: TrackKey) => (track === 'source' ? doc.sourceLanguage : track);

function withTrack(doc: EditorDoc, track: TrackKey, cues: TrackCue[]): EditorDoc {
  return { ...doc, tracks: { ...doc.tracks, [track]: cues } };
}

function locate(doc: EditorDoc, track: TrackKey, id: string): { cues: readonly TrackCue[]; index: number } {
  const cues = doc.tracks[track] ?? [];
  return { cues, index: cues.findIndex((c) => c.id === id) };
}

/** Replaces the text of one cue (lines joined by '\n'). */
export function setText(doc: EditorDoc, track: TrackKey, id: string, text: string): EditorDoc {
  const { cues, index } = locate(doc, track, id);
  if (index < 0 || cues[index].text === text) return doc;
  return withTrack(
    doc,
    track,
    cues.map((c, i) => (i === index ? { ...c, text } : c)),
  );
}

/**
 * Moves a cue's start and/or end (seconds). Values are kept between the neighbours (no overlap), at or above 0
 * and at least MIN_CUE_SECONDS apart; the edge that was not given stays. Rounded to milliseconds.
 */
export function setTimes(
  doc: EditorDoc,
  track: TrackKey,
  id: string,
  times: { start?: number; end?: number },
): EditorDoc {
  const { cues, index } = locate(doc, track, id);
  if (index < 0) return doc;
  const cue = cues[index];
  const floor = index > 0 ? cues[index - 1].end : 0;
  const ceiling = index < cues.length - 1 ? cues[index + 1].start : Number.POSITIVE_INFINITY;
  let start = Number.isFinite(times.start) ? (times.start as number) : cue.start;
  let end = Number.isFinite(times.end) ? (times.end as number) : cue.end;
  start = Math.max(floor, start);
  end = Math.min(ceiling, end);
  if (end - start < MIN_CUE_SECONDS) {
    // Keep the edge the user did not move; push the moved one back to the shortest length allowed.
    if (times.end !== undefined && times.start === undefined) end = start + MIN_CUE_SECONDS;
    else start = end - MIN_CUE_SECONDS;
  }
  if (start < floor || end > ceiling) return doc;
  start = round(start);
  end = round(end);
  if (start === cue.start && end === cue.end) return doc;
  return withTrack(
    doc,
    track,
    cues.map((c, i) => (i === index ? { ...c, start, end } : c)),
  );
}

/**
 * Splits a cue at `at` seconds: the first part keeps the id and ends at `at`, the second gets `newId` and starts
 * two frames later (the rules' gap). The words are shared in proportion to the time on each side (at least one
 * word each when there are two or more). Refused (same doc) when either part would be under MIN_CUE_SECONDS.
 */
export function splitCue(doc: EditorDoc, track: TrackKey, id: string, at: number, newId: string): EditorDoc {
  const { cues, index } = locate(doc, track, id);
  if (index < 0) return doc;
  const cue = cues[index];
  if (at - cue.start < MIN_CUE_SECONDS || cue.end - at - INSERT_GAP < MIN_CUE_SECONDS) return doc;
  const words = cue.text.split(/\s+/).filter(Boolean);
  const share = (at - cue.start) / (cue.end - cue.start);
  const cut =
    words.length < 2 ? words.length : Math.min(words.length - 1, Math.max(1, Math.round(words.length * share)));
  const first = { ...cue, end: round(at), text: words.slice(0, cut).join(' ') };
  // The second part starts two frames later: the rules' minimum gap between cues.
  const second = { id: newId, start: roundUp(at + INSERT_GAP), end: cue.end, text: words.slice(cut).join(' ') };
  return withTrack(doc, track, [...cues.slice(0, index), first, second, ...cues.slice(index + 1)]);
}

/** Joins a cue with the next one: it keeps its id and start, takes the next one's end, texts joined by a space. */
export function mergeWithNext(doc: EditorDoc, track: TrackKey, id: string): EditorDoc {
  const { cues, index } = locate(doc, track, id);
  if (index < 0 || index >= cues.length - 1) return doc;
  const cue = cues[index];
  const next = cues[index + 1];
  const text = [cue.text.trim(), next.text.trim()].filter(Boolean).join(' ');
  const merged = { ...cue, end: next.end, text };
  return withTrack(doc, track, [...cues.slice(0, index), merged, ...cues.slice(index + 2)]);
}

/**
 * Inserts an empty cue with id `newId` in the free time after the cue `afterId` (or before the first cue when
 * null): up to INSERTED_CUE_SECONDS long, a two-frame gap from its neighbours. Refused (same doc) when the free
 * time is shorter than MIN_CUE_SECONDS plus the gaps. After the last cue there is always room.
 */
export function insertCue(doc: EditorDoc, track: TrackKey, afterId: string | null, newId: string): EditorDoc {
  const cues = doc.tracks[track] ?? [];
  const index = afterId === null ? -1 : cues.findIndex((c) => c.id === afterId);
  if (afterId !== null && index < 0) return doc;
  const from = index >= 0 ? cues[index].end + (index >= 0 ? INSERT_GAP : 0) : 0;
  const nextStart = index + 1 < cues.length ? cues[index + 1].start - INSERT_GAP : Number.POSITIVE_INFINITY;
  const end = Math.min(from + INSERTED_CUE_SECONDS, nextStart);
  if (end - from < MIN_CUE_SECONDS) return doc;
  const cue: TrackCue = { id: newId, start: roundUp(from), end: roundDown(end), text: '' };
  return withTrack(doc, track, [...cues.slice(0, index + 1), cue, ...cues.slice(index + 1)]);
}

/** Removes one cue. */
export function deleteCue(doc: EditorDoc, track: TrackKey, id: string): EditorDoc {
  const { cues, index } = locate(doc, track, id);
  if (index < 0) return doc;
  return withTrack(
    doc,
    track,
    cues.filter((_, i) => i !== index),
  );
}

/** The cue of `cues` shown at `time` seconds (`start <= time < end`), or undefined between cues. */
export function cueAt(cues: readonly TrackCue[], time: number): TrackCue | undefined {
  return cues.find((c) => c.start <= time && time < c.end);
}

/** The first cue that cannot be saved: empty text (the server refuses it). Undefined when all can be saved. */
export function firstUnsavable(doc: EditorDoc): { track: TrackKey; id: string } | undefined {
  for (const [track, cues] of Object.entries(doc.tracks))
    for (const c of cues) if (!c.text.trim()) return { track, id: c.id };
  return undefined;
}
