/**
 * Issue 37: the quality check as a reviewer relies on it. One English -> Spanish track with a defect planted in
 * each of its lines (an over-fast cue, a 60-character line, three lines, a 0.3 s cue, a 9 s cue, a 1-frame gap, a
 * line left in English, a line that lost the source's number, a dub segment that overflowed, two speakers without
 * a dash): every defect is found on its cue with its code, measured value and limit; a clean track has none.
 */
import { describe, expect, it } from 'vitest';
import { qualityOf } from '../../../server/src/modules/quality/quality-check.ts';
import type { StoredTracks } from '../../../server/src/db/schema/index.ts';
import type { DubbedSync } from '../../../contract/sync.ts';
import type { TrackCue } from '../../../contract/tracks.ts';

const cue = (id: string, start: number, end: number, text: string, speaker?: string): TrackCue => ({
  id,
  start,
  end,
  text,
  ...(speaker ? { speaker } : {}),
});

const LONG_LINE = 'Esta línea de subtítulo es demasiado larga para la pantalla.';

const planted: StoredTracks = {
  source: {
    language: 'en',
    cues: [
      cue('s-fast', 0, 2, 'This is far too fast to read.'),
      cue('s-long', 3, 7, 'This line is far too long for the screen.'),
      cue('s-three', 8, 10, 'One, two, three.'),
      cue('s-short', 11, 12, 'Yes.'),
      cue('s-nine-a', 13, 17, 'A very long pause.'),
      cue('s-nine-b', 17.5, 22, 'Yes, very long.'),
      cue('s-gap-a', 23, 25, 'First sentence.'),
      cue('s-gap-b', 25.5, 27, 'Second sentence.'),
      cue('s-same', 28, 30, 'I will see you tomorrow.'),
      cue('s-num', 31, 33, 'We have 25 boxes.'),
      cue('s-dub', 34, 36, 'This does not fit in time.'),
      cue('s-sp1', 37, 38.5, 'Hello.', 'S1'),
      cue('s-sp2', 38.6, 40, 'Goodbye.', 'S2'),
    ],
  },
  targets: {
    es: {
      cues: [
        cue('fast', 0, 1, 'Esto es demasiado rápido para leer.'),
        cue('long', 3, 7, LONG_LINE),
        cue('three', 8, 10, 'Uno,\ndos,\ntres.'),
        cue('short', 11, 11.3, 'Sí.'),
        cue('nine', 13, 22, 'Una pausa muy larga.'),
        cue('gap-a', 23, 25, 'Primera frase.'),
        cue('gap-b', 25.042, 27, 'Segunda frase.'),
        cue('same', 28, 30, 'I will see you tomorrow.'),
        cue('num', 31, 33, 'Tenemos muchas cajas.'),
        cue('dub', 34, 36, 'Esto no cabe en el tiempo.'),
        cue('speakers', 37, 40, 'Hola. Adiós.', 'S1'),
      ],
    },
  },
};

/** The last dub's report: the segment of cue `dub` overflowed (played 1.4x and into the next slot). */
const sync: DubbedSync = {
  segments: [
    {
      text: 'Esto no cabe en el tiempo.',
      slot_start: 34,
      slot_end: 36,
      natural_length: 2.8,
      speed: 1.4,
      borrowed: 0,
      status: 'overflow',
      chars: 26,
      shorter_by: 8,
    },
  ],
};

describe('qualityOf (issue 37)', () => {
  const report = qualityOf(planted, { sync: { es: sync } }, 3);
  const on = (cueId: string) => report.findings.filter((f) => f.track === 'es' && f.cue_id === cueId);
  const one = (cueId: string, code: string) => {
    const found = on(cueId).filter((f) => f.code === code);
    expect(found, `${code} on ${cueId}: ${JSON.stringify(on(cueId))}`).toHaveLength(1);
    return found[0];
  };

  it('finds the over-fast cue: 35 characters in 1 s against 17 a second (Netflix general requirements)', () => {
    const f = one('fast', 'READING_SPEED');
    expect(f).toMatchObject({
      severity: 'error',
      value: 35,
      limit: 17,
      unit: 'characters_per_second',
      start: 0,
      end: 1,
    });
    expect(f.rule_source).toBe('Netflix Timed Text Style Guide: General Requirements');
  });

  it('finds the 60-character line (limit 42) and the three lines (limit 2)', () => {
    expect([...LONG_LINE]).toHaveLength(60);
    expect(one('long', 'LINE_TOO_LONG')).toMatchObject({ value: 60, limit: 42, unit: 'characters' });
    expect(one('three', 'TOO_MANY_LINES')).toMatchObject({ value: 3, limit: 2, unit: 'lines' });
  });

  it('finds the 0.3 s cue (at least 5/6 s), the 9 s cue (at most 7 s) and the 1-frame gap (at least 2 frames)', () => {
    expect(one('short', 'DURATION_TOO_SHORT')).toMatchObject({ value: 0.3, limit: 0.833, unit: 'seconds' });
    expect(one('nine', 'DURATION_TOO_LONG')).toMatchObject({ value: 9, limit: 7, unit: 'seconds' });
    expect(one('gap-b', 'GAP_TOO_SHORT')).toMatchObject({ value: 0.042, limit: 0.083, start: 25, end: 25.042 });
    expect(on('gap-a')).toEqual([]);
  });

  it('finds the line left in English and the line that lost the number 25', () => {
    expect(one('same', 'UNTRANSLATED')).toMatchObject({ severity: 'error', start: 28, end: 30 });
    expect(one('num', 'NUMBER_MISSING')).toMatchObject({ value: 1, detail: 'missing 25' });
  });

  it('finds the overflowed dub segment and the two speakers without a dash', () => {
    expect(one('dub', 'DUB_OVERFLOW')).toMatchObject({ severity: 'error', value: 1.4, limit: 1.25, unit: 'speed' });
    expect(one('speakers', 'SPEAKER_CHANGE_NO_DASH')).toMatchObject({ severity: 'warning', value: 2 });
  });

  it('finds nothing else: each planted cue has its one finding, the source track none', () => {
    const codes = report.findings.map((f) => `${f.track}/${f.cue_id}/${f.code}`);
    expect(codes.sort()).toEqual(
      [
        'es/fast/READING_SPEED',
        'es/long/LINE_TOO_LONG',
        'es/three/TOO_MANY_LINES',
        'es/short/DURATION_TOO_SHORT',
        'es/nine/DURATION_TOO_LONG',
        'es/gap-b/GAP_TOO_SHORT',
        'es/same/UNTRANSLATED',
        'es/num/NUMBER_MISSING',
        'es/dub/DUB_OVERFLOW',
        'es/speakers/SPEAKER_CHANGE_NO_DASH',
      ].sort(),
    );
    expect(report.revision).toBe(3);
    expect(report.summary.to_review).toBe(10);
    expect(report.summary.by_code.READING_SPEED).toBe(1);
    expect(report.summary.by_code.LENGTH_RATIO).toBe(0);
  });

  it('a dub segment played fast is a warning over its slot; an edited line is judged again at the measured rate', () => {
    const fast: DubbedSync = {
      segments: [{ ...sync.segments[0], speed: 1.2, status: 'fast', shorter_by: 3 }],
      chars_per_second: 15,
    };
    const found = qualityOf(planted, { sync: { es: fast } }).findings.filter((f) => f.code.startsWith('DUB_'));
    expect(found.map((f) => `${f.cue_id}/${f.code}`)).toContain('dub/DUB_FAST');
    expect(found.find((f) => f.cue_id === 'dub')).toMatchObject({ severity: 'warning', value: 1.2, limit: 1.15 });
    // 35 characters at 15 a second take 2.3 s in the 1 s slot of cue `fast`: estimated, an overflow.
    expect(found.find((f) => f.cue_id === 'fast')).toMatchObject({ code: 'DUB_OVERFLOW', start: 0, end: 1 });
    expect(found.find((f) => f.cue_id === 'fast')?.detail).toMatch(/\(estimated\)$/);
  });

  it('a dash on each speaker line clears the speaker finding', () => {
    const fixed: StoredTracks = {
      ...planted,
      targets: {
        es: {
          cues: planted.targets.es.cues.map((c) => (c.id === 'speakers' ? { ...c, text: '-Hola.\n-Adiós.' } : c)),
        },
      },
    };
    expect(qualityOf(fixed).findings.filter((f) => f.cue_id === 'speakers')).toEqual([]);
  });

  it('finds a sentence left in English though not the source word for word, and a glossary term lost', () => {
    const tracks: StoredTracks = {
      source: {
        language: 'en',
        cues: [
          cue('a1', 0, 4, 'We keep looking at each part of this plan'),
          cue('a2', 4.5, 8.5, 'until the whole team agrees\nit works for all.'),
          cue('b', 9, 11, 'Welcome to Tarjama.'),
        ],
      },
      targets: {
        es: {
          cues: [
            cue('a1', 0, 4, 'We will keep on looking at every\nsingle part of this plan of ours'),
            cue('a2', 4.5, 8.5, 'until the whole team agrees\nthat it really works for everyone.'),
            cue('b', 9, 11, 'Bienvenidos a la casa.'),
          ],
        },
      },
    };
    const glossary = [{ term: 'Tarjama', source_language: 'en', targets: [{ language: 'es', translation: null }] }];
    const found = qualityOf(tracks, { glossary }).findings;
    expect(found.map((f) => `${f.cue_id}/${f.code}`)).toEqual(['a1/UNTRANSLATED', 'b/GLOSSARY_TERM_MISSING']);
    expect(found[0]).toMatchObject({ start: 0, end: 8.5, detail: 'reads as en (the source language)' });
    expect(found[1]).toMatchObject({ value: 1, detail: 'Tarjama -> Tarjama' });
  });

  it('a clean track gives no finding, and a translation far longer than its source is an info finding', () => {
    const clean: StoredTracks = {
      source: {
        language: 'en',
        cues: [cue('a', 0, 2, 'Hello, my friend.'), cue('b', 3, 5.5, 'We have 25 boxes of apples.')],
      },
      targets: {
        es: { cues: [cue('a', 0, 2, 'Hola, amigo mío.'), cue('b', 3, 5.5, 'Tenemos 25 cajas de manzanas.')] },
      },
    };
    expect(qualityOf(clean, { sync: { es: { segments: [] } } }).findings).toEqual([]);
    const padded: StoredTracks = {
      ...clean,
      targets: {
        es: {
          cues: [
            clean.targets.es.cues[0],
            cue('b', 3, 7.5, 'Tenemos 25 cajas llenas de manzanas\nrojas, verdes y amarillas de la huerta.'),
          ],
        },
      },
    };
    const found = qualityOf(padded).findings;
    expect(found.map((f) => f.code)).toEqual(['LENGTH_RATIO']);
    expect(found[0]).toMatchObject({ severity: 'info', cue_id: 'b', limit: 2, unit: 'ratio' });
    expect(qualityOf(padded).summary.to_review).toBe(0);
  });
});
