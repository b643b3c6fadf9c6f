// Issue 36: the sync of a target track as it is now (contract/sync.ts trackSyncOf), which the server answers on
// GET/PUT tracks and the editor computes as the user types: segments as dubbed keep what the dub measured, changed
// ones (text or slot) get a status estimated from the dub's speaking rate, and the summary counts them all with
// the ones to check. The editor, rebuilding the dub from a tracks answer (dubbedOf), gets what the server does.
import { describe, expect, it } from 'vitest';
import { segmentsFromCues, toCue } from '../../contract/dub-segments.ts';
import { rulesFor } from '../../contract/cue-rules.ts';
import { dubbedOf, trackSyncOf, type DubbedSync, type SyncCue } from '../../contract/sync.ts';

/** The last dub of `cues`: every segment measured at 1.1x ("ok"), voiced at `rate` characters a second. */
function dubOf(cues: SyncCue[], language: string, rate?: number): DubbedSync {
  const segments = segmentsFromCues(
    cues.map((c) => toCue(c, language)),
    rulesFor(language).joiner,
  ).map((s) => ({
    text: s.text,
    slot_start: s.start,
    slot_end: s.end,
    natural_length: (s.end - s.start) * 1.1,
    speed: 1.1,
    borrowed: 0,
    status: 'ok' as const,
    chars: [...s.text].length,
    shorter_by: 0,
  }));
  return { segments, ...(rate ? { chars_per_second: rate } : {}) };
}

const es: SyncCue[] = [
  { id: 'a', start: 0, end: 1, text: 'Hola.' },
  // One sentence over two cues: one segment.
  { id: 'b', start: 1.5, end: 3, text: 'No pregunten' },
  { id: 'c', start: 3, end: 4.5, text: 'qué puede hacer.' },
];

describe('the sync of a track now', () => {
  it('is what the dub measured while nothing changed', () => {
    const sync = trackSyncOf(es, 'es', dubOf(es, 'es', 15))!;
    expect(Object.keys(sync.cues)).toEqual(['a', 'b', 'c']);
    expect(Object.values(sync.cues).every((s) => s.status === 'ok' && !s.estimated)).toBe(true);
    expect(sync.cues.b).toBe(sync.cues.c);
    expect(sync.summary).toEqual({ natural: 0, ok: 2, fast: 0, overflow: 0, to_check: 0 });
    expect(sync.chars_per_second).toBe(15);
    expect(trackSyncOf(es, 'es', null)).toBeUndefined();
  });

  it('estimates a line made longer, and one given another slot, from the speaking rate', () => {
    const dub = dubOf(es, 'es', 15);
    // 30 characters in 1 s at 15/s: 2x, past the fitted limit.
    const longer = [{ ...es[0], text: 'Hola a todos los que escuchan.' }, ...es.slice(1)];
    const s = trackSyncOf(longer, 'es', dub)!;
    expect(s.cues.a).toMatchObject({ estimated: true, status: 'overflow', chars: 30, speed: 2, budget: 17 });
    expect(s.cues.a.shorter_by).toBe(13);
    expect(s.cues.b.estimated).toBeUndefined();
    expect(s.summary).toEqual({ natural: 0, ok: 1, fast: 0, overflow: 1, to_check: 1 });
    // 5 characters at 15/s in 0.3 s: 1.11x, slightly fast; the text did not change, the slot did.
    const moved = [{ ...es[0], end: 0.3 }, ...es.slice(1)];
    expect(trackSyncOf(moved, 'es', dub)!.cues.a).toMatchObject({ estimated: true, status: 'ok', speed: 1.111 });
    // Shorter in a long slot: natural.
    const shorter = [es[0], { ...es[1], text: 'No' }, { ...es[2], text: 'pregunten.' }];
    expect(trackSyncOf(shorter, 'es', dub)!.cues.c).toMatchObject({ estimated: true, status: 'natural' });
  });

  it('leaves a changed line out when the dub measured no speaking rate', () => {
    const longer = [{ ...es[0], text: 'Hola a todos los que escuchan.' }, ...es.slice(1)];
    const s = trackSyncOf(longer, 'es', dubOf(es, 'es'))!;
    expect(s.cues.a).toBeUndefined();
    expect(s.summary).toEqual({ natural: 0, ok: 1, fast: 0, overflow: 0, to_check: 0 });
  });

  it('is the same in the editor (rebuilt from a tracks answer) as on the server, Arabic included', () => {
    const ar: SyncCue[] = [
      { id: 'x', start: 0, end: 1.2, text: 'مرحبا...' },
      { id: 'y', start: 1.5, end: 3, text: 'لا تسألوا' },
      { id: 'z', start: 3, end: 4, text: 'ماذا يمكن؟' },
    ];
    for (const [lang, cues] of [
      ['es', es],
      ['ar', ar],
    ] as const) {
      const dub = dubOf(cues, lang, 14);
      const answer = trackSyncOf(cues, lang, dub)!;
      const rebuilt = dubbedOf(cues, lang, answer);
      expect(rebuilt).toEqual(dub);
      const edited = cues.map((c, i) => (i === 1 ? { ...c, text: `${c.text} ${c.text} ${c.text}` } : c));
      expect(trackSyncOf(edited, lang, rebuilt)).toEqual(trackSyncOf(edited, lang, dub));
      expect(trackSyncOf(edited, lang, rebuilt)!.summary.to_check).toBe(1);
    }
  });
});
