// The subtitler's tools of the editor, pure logic: find and replace, shifting times, the live reading-speed and
// line counts, setting a cue's edge at the playhead, and the waveform zoom steps; each what a user sees change.
import { beforeEach, describe, expect, it } from 'vitest';
import type { TrackCue } from '../../contract/tracks.ts';
import { findMatches, replaceAll, replaceOne } from '../../src/features/editor/find-replace.ts';
import { setTimes, type EditorDoc } from '../../src/features/editor/model.ts';
import { nextZoom, ZOOM_DEFAULT, ZOOM_STEPS } from '../../src/features/editor/pro-store.ts';
import { cueStats, tooFast } from '../../src/features/editor/reading-stats.ts';
import { selectDoc, useEditorStore } from '../../src/features/editor/store.ts';
import { shiftAfter } from '../../src/features/editor/timing.ts';

const cue = (id: string, start: number, end: number, text: string): TrackCue => ({ id, start, end, text });

let doc: EditorDoc;
beforeEach(() => {
  doc = {
    sourceLanguage: 'en',
    tracks: {
      source: [cue('s1', 0, 2, 'My fellow Americans'), cue('s2', 2.5, 5, 'ask not'), cue('s3', 6, 8, 'the country')],
      es: [
        cue('e1', 0, 2, 'Mis compatriotas, País'),
        cue('e2', 2.5, 5, 'no pregunten qué puede hacer su país'),
        cue('e3', 6, 8, 'el país por ti'),
      ],
    },
  };
});

describe('find and replace', () => {
  it('counts every match in a track, case-insensitively unless asked', () => {
    expect(findMatches(doc.tracks.es, 'país', { matchCase: false })).toHaveLength(3);
    expect(findMatches(doc.tracks.es, 'país', { matchCase: true })).toHaveLength(2);
    expect(findMatches(doc.tracks.es, '', { matchCase: false })).toEqual([]);
    // Pattern characters are plain text.
    expect(findMatches([cue('x', 0, 1, 'a.b a*b')], '.', { matchCase: false })).toHaveLength(1);
  });

  it('replaces the one match asked for and leaves the others', () => {
    const [first, second] = findMatches(doc.tracks.es, 'país', { matchCase: false });
    const next = replaceOne(doc, 'es', second, 'país', 'nación', { matchCase: false });
    expect(next.tracks.es.map((c) => c.text)).toEqual([
      'Mis compatriotas, País',
      'no pregunten qué puede hacer su nación',
      'el país por ti',
    ]);
    expect(next.tracks.source).toBe(doc.tracks.source);
    // A match whose text changed meanwhile is not replaced blindly.
    const stale = { ...first, index: first.index + 1 };
    expect(replaceOne(doc, 'es', stale, 'país', 'nación', { matchCase: false })).toBe(doc);
  });

  it('replaces all in one track and says how many', () => {
    const { doc: next, count } = replaceAll(doc, 'es', 'país', 'nación', { matchCase: false });
    expect(count).toBe(3);
    expect(next.tracks.es.map((c) => c.text)).toEqual([
      'Mis compatriotas, nación',
      'no pregunten qué puede hacer su nación',
      'el nación por ti',
    ]);
    expect(next.tracks.es[0].start).toBe(0);
    expect(replaceAll(doc, 'es', 'nothing here', 'x', { matchCase: false })).toEqual({ doc, count: 0 });
    // '$&' in a replacement is inserted as typed.
    expect(replaceAll(doc, 'source', 'ask', '$&$1', { matchCase: true }).doc.tracks.source[1].text).toBe('$&$1 not');
  });

  it('is one undo step in the editor', () => {
    useEditorStore.getState().load('job', {
      revision: 1,
      source: { language: 'en', cues: [...doc.tracks.source] },
      targets: { es: { cues: [...doc.tracks.es] } },
    } as never);
    useEditorStore.getState().edit((d) => replaceAll(d, 'es', 'país', 'nación', { matchCase: false }).doc);
    expect(selectDoc(useEditorStore.getState())?.tracks.es[2].text).toBe('el nación por ti');
    useEditorStore.getState().undo();
    expect(selectDoc(useEditorStore.getState())?.tracks.es[2].text).toBe('el país por ti');
  });
});

describe('shift times after a point', () => {
  it('moves every cue starting at or after the point, in every track, keeping durations', () => {
    const next = shiftAfter(doc, 2.5, 1.25);
    expect(next.tracks.source.map((c) => [c.start, c.end])).toEqual([
      [0, 2],
      [3.75, 6.25],
      [7.25, 9.25],
    ]);
    expect(next.tracks.es.map((c) => [c.start, c.end])).toEqual([
      [0, 2],
      [3.75, 6.25],
      [7.25, 9.25],
    ]);
  });

  it('moves earlier up to the cue before the point, never overlapping it or below 0', () => {
    const next = shiftAfter(doc, 2.5, -3);
    expect(next.tracks.source.map((c) => [c.start, c.end])).toEqual([
      [0, 2],
      [2, 4.5],
      [5.5, 7.5],
    ]);
    expect(shiftAfter(doc, 0, -5).tracks.source[0]).toEqual(cue('s1', 0, 2, 'My fellow Americans'));
    expect(shiftAfter(doc, 0, -5)).toBe(doc);
    expect(shiftAfter(doc, 9, 1)).toBe(doc);
    expect(shiftAfter(doc, 6, 0.5, ['es']).tracks.source).toBe(doc.tracks.source);
  });
});

describe('start or end at the playhead', () => {
  it('sets the edge and keeps the other, never past a neighbour', () => {
    expect(setTimes(doc, 'es', 'e2', { start: 3 }).tracks.es[1]).toMatchObject({ start: 3, end: 5 });
    expect(setTimes(doc, 'es', 'e2', { end: 5.8 }).tracks.es[1]).toMatchObject({ start: 2.5, end: 5.8 });
    // Past the next cue's start: stops there.
    expect(setTimes(doc, 'es', 'e2', { end: 7 }).tracks.es[1]).toMatchObject({ end: 6 });
  });
});

describe('live counts', () => {
  it('shows characters per second and per line against the language limits', () => {
    const stats = cueStats('Mis compatriotas\nno pregunten', 0, 2, 'es');
    expect(stats.lines).toEqual([16, 12]);
    expect(stats.cps).toBeCloseTo(14);
    expect(stats.maxCps).toBe(17);
    expect(stats.maxLineChars).toBe(42);
    expect(tooFast(stats)).toBe(false);
    // Typing more makes it faster than the rule allows.
    expect(tooFast(cueStats('Mis compatriotas americanos\nno pregunten qué', 0, 2, 'es'))).toBe(true);
    // Right-to-left marks are not counted; Japanese has its own limits.
    expect(cueStats('\u200fمرحبا\u200f', 0, 1, 'ar').lines).toEqual([5]);
    expect(cueStats('こんにちは', 0, 1, 'ja')).toMatchObject({ maxLineChars: 13, maxCps: 4 });
    expect(cueStats('x', 1, 1, 'en').cps).toBe(0);
  });
});

describe('waveform zoom steps', () => {
  it('steps in and out and stops at the ends', () => {
    expect(nextZoom(ZOOM_DEFAULT, 1)).toBeGreaterThan(ZOOM_DEFAULT);
    expect(nextZoom(ZOOM_DEFAULT, -1)).toBeLessThan(ZOOM_DEFAULT);
    expect(nextZoom(ZOOM_STEPS.at(-1)!, 1)).toBe(ZOOM_STEPS.at(-1));
    expect(nextZoom(ZOOM_STEPS[0], -1)).toBe(ZOOM_STEPS[0]);
  });
});
