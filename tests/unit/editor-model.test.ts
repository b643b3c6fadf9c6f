// The editor's pure edits, undo history, live rule warnings and store: what a user sees change in the cue list.
import { beforeEach, describe, expect, it } from 'vitest';
import type { TracksResponse } from '../../contract/tracks.ts';
import {
  deleteCue,
  docFromTracks,
  firstUnsavable,
  insertCue,
  mergeWithNext,
  saveRequestOf,
  setText,
  setTimes,
  splitCue,
  type EditorDoc,
} from '../../src/features/editor/model.ts';
import { commit, historyOf, redo, undo } from '../../src/features/editor/history.ts';
import { cueWarnings } from '../../src/features/editor/warnings.ts';
import { buildRows, formatTime, parseTime } from '../../src/features/editor/rows.ts';
import { selectDoc, useEditorStore } from '../../src/features/editor/store.ts';

const tracks: TracksResponse = {
  revision: 3,
  source: {
    language: 'en',
    cues: [
      { id: 'a', start: 0, end: 2, text: 'And so my fellow Americans' },
      { id: 'b', start: 2.5, end: 5, text: 'ask not what your country can do for you' },
      { id: 'c', start: 8, end: 10, text: 'ask what you can do' },
    ],
  },
  targets: {
    es: {
      cues: [
        { id: 'x', start: 0, end: 2, text: 'Y así, mis compatriotas' },
        { id: 'y', start: 2.5, end: 5, text: 'no preguntéis qué puede hacer vuestro país' },
      ],
    },
  },
  warnings: {},
};

let doc: EditorDoc;
beforeEach(() => {
  doc = docFromTracks(tracks);
});
const texts = (d: EditorDoc, t = 'source') => d.tracks[t].map((c) => c.text);

describe('editor edits', () => {
  it('edits one cue text and leaves the other tracks alone', () => {
    const next = setText(doc, 'es', 'x', 'Y así, compatriotas');
    expect(texts(next, 'es')).toEqual(['Y así, compatriotas', 'no preguntéis qué puede hacer vuestro país']);
    expect(next.tracks.source).toBe(doc.tracks.source);
    expect(setText(doc, 'es', 'x', 'Y así, mis compatriotas')).toBe(doc);
  });

  it('splits at the playhead: words shared by time, the first part keeps its id, no gap warning', () => {
    const next = splitCue(doc, 'source', 'b', 3.75, 'new');
    expect(next.tracks.source.map((c) => [c.id, c.start, c.end])).toEqual([
      ['a', 0, 2],
      ['b', 2.5, 3.75],
      ['new', 3.834, 5], // two frames after the split: the rules' gap
      ['c', 8, 10],
    ]);
    expect(texts(next)[1]).toBe('ask not what your country'); // 9 words, half the time: 4.5 rounded up
    expect(texts(next)[2]).toBe('can do for you');
    expect(cueWarnings(next.tracks.source, 'en').new ?? []).not.toContain('gap');
    // Too close to an edge: refused.
    expect(splitCue(doc, 'source', 'b', 2.55, 'n')).toBe(doc);
    expect(splitCue(doc, 'source', 'b', 6, 'n')).toBe(doc);
  });

  it('merges with the next cue', () => {
    const next = mergeWithNext(doc, 'source', 'a');
    expect(next.tracks.source.map((c) => [c.id, c.start, c.end])).toEqual([
      ['a', 0, 5],
      ['c', 8, 10],
    ]);
    expect(texts(next)[0]).toBe('And so my fellow Americans ask not what your country can do for you');
    expect(mergeWithNext(doc, 'source', 'c')).toBe(doc);
  });

  it('inserts in a free gap, refuses a gap too short, deletes', () => {
    const next = insertCue(doc, 'source', 'b', 'n');
    const inserted = next.tracks.source[2];
    expect(inserted.id).toBe('n');
    expect(inserted.start).toBeGreaterThan(5);
    expect(inserted.end - inserted.start).toBeCloseTo(2, 2);
    expect(inserted.end).toBeLessThan(8);
    expect(cueWarnings(next.tracks.source, 'en').n).toEqual(['empty']); // no gap warning
    expect(firstUnsavable(next)).toEqual({ track: 'source', id: 'n' });
    const tight = setTimes(doc, 'source', 'b', { start: 2.2 }); // 0.2 s free minus two 2-frame gaps: too short
    expect(insertCue(tight, 'source', 'a', 'n')).toBe(tight);
    const end = insertCue(doc, 'es', 'y', 'z');
    expect(end.tracks.es.at(-1)).toMatchObject({ id: 'z', text: '' });
    expect(deleteCue(next, 'source', 'n').tracks.source.map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('time edits stay between the neighbours and keep a minimum length', () => {
    expect(setTimes(doc, 'source', 'b', { start: 2.2 }).tracks.source[1].start).toBe(2.2);
    expect(setTimes(doc, 'source', 'b', { start: 1 }).tracks.source[1].start).toBe(2); // not before a's end
    expect(setTimes(doc, 'source', 'b', { end: 9 }).tracks.source[1].end).toBe(8); // not past c's start
    const short = setTimes(doc, 'source', 'b', { end: 2.5 }).tracks.source[1];
    expect(short.end - short.start).toBeCloseTo(0.2, 5);
    expect(setTimes(doc, 'source', 'b', { start: 2.5, end: 5 })).toBe(doc);
    expect(setTimes(doc, 'source', 'a', { start: -1 }).tracks.source[0].start).toBe(0);
  });

  it('builds the PUT body from every track', () => {
    const body = saveRequestOf(setText(doc, 'es', 'x', 'Hola'), 3);
    expect(body.revision).toBe(3);
    expect(body.source?.cues).toHaveLength(3);
    expect(body.targets?.es.cues[0].text).toBe('Hola');
  });
});

describe('undo history', () => {
  it('undoes and redoes; typing in one cue is one step', () => {
    let h = historyOf(doc);
    h = commit(h, setText(h.present, 'source', 'a', 'And so my'), 'text:source:a');
    h = commit(h, setText(h.present, 'source', 'a', 'And so my fellow'), 'text:source:a');
    h = commit(h, deleteCue(h.present, 'source', 'c'));
    expect(h.past).toHaveLength(2);
    h = undo(h);
    expect(texts(h.present)).toHaveLength(3);
    h = undo(h);
    expect(h.present).toBe(doc);
    h = redo(redo(h));
    expect(texts(h.present)).toEqual(['And so my fellow', 'ask not what your country can do for you']);
    expect(undo(historyOf(doc)).present).toBe(doc);
  });
});

describe('live rule warnings', () => {
  it('flags a 60-character line, fast reading, an empty cue and a short gap', () => {
    const long = 'This line has exactly sixty characters in it, all right ok.';
    expect(long.length + 1).toBe(60);
    let d = setText(doc, 'source', 'a', `${long}!`);
    d = setText(d, 'source', 'c', '');
    d = setTimes(d, 'source', 'b', { start: 2.02 });
    const w = cueWarnings(d.tracks.source, 'en');
    expect(w.a).toContain('line_length');
    expect(w.a).toContain('reading_speed');
    expect(w.b).toContain('gap');
    expect(w.c).toContain('empty');
    expect(cueWarnings(doc.tracks.source, 'en').c).toBeUndefined();
  });
});

describe('editor store', () => {
  it('loads, edits, undoes, and tracks what still needs saving', () => {
    const s = useEditorStore.getState();
    s.load('job1', tracks);
    expect(useEditorStore.getState()).toMatchObject({ target: 'es', timingTrack: 'es', revision: 3, save: 'saved' });
    s.edit((d) => setText(d, 'es', 'x', 'Hola'), 'text:es:x');
    expect(useEditorStore.getState()).toMatchObject({ save: 'pending', version: 1 });
    s.saved(4, 1);
    expect(useEditorStore.getState()).toMatchObject({ save: 'saved', revision: 4 });
    s.undo();
    expect(selectDoc(useEditorStore.getState())?.tracks.es[0].text).toBe('Y así, mis compatriotas');
    expect(useEditorStore.getState().save).toBe('pending');
    s.redo();
    expect(selectDoc(useEditorStore.getState())?.tracks.es[0].text).toBe('Hola');
  });
});

describe('cue list rows and typed times', () => {
  it('pairs each cue of the other track with the cue it overlaps most', () => {
    const rows = buildRows(
      [
        { id: 't1', start: 0, end: 3, text: 'uno' },
        { id: 't2', start: 3.2, end: 6, text: 'dos' },
      ],
      [
        { id: 's1', start: 0, end: 1.5, text: 'one' },
        { id: 's2', start: 1.5, end: 3.5, text: 'two' },
        { id: 's3', start: 7, end: 8, text: 'three' },
      ],
    );
    expect(rows.map((r) => [r.cue.id, r.paired.map((c) => c.id)])).toEqual([
      ['t1', ['s1', 's2']],
      ['t2', ['s3']],
    ]);
  });

  it('reads and writes times as m:ss.mmm', () => {
    expect(formatTime(83.25)).toBe('1:23.250');
    expect(parseTime('1:23.25')).toBeCloseTo(83.25, 6);
    expect(parseTime('0:01:23,250')).toBeCloseTo(83.25, 6);
    expect(parseTime('2.5')).toBe(2.5);
    expect(parseTime('abc')).toBeNaN();
  });
});
