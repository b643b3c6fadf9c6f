import { describe, expect, it } from 'vitest';
import {
  decodeWordsFile,
  fitCuesToMedia,
  readSourceWords,
  recutBrokenCues,
} from '../../../server/src/media/subtitle-import.ts';
import { rulesFor } from '../../../contract/cue-rules.ts';
import { checkCues } from '../../../contract/cues.ts';

const SRT = `1
00:00:00,900 --> 00:00:02,970
Las arenas son blanquecinas

2
00:00:03,580 --> 00:00:07,620
de grano medio
y tiene muy poca asistencia.
`;

describe('subtitle import', () => {
  it('reads SRT and WebVTT (hours optional, settings and markup dropped) into cues', () => {
    const srt = readSourceWords(SRT, 'srt');
    expect(srt).toEqual({
      kind: 'cues',
      format: 'srt',
      cues: [
        { start: 0.9, end: 2.97, lines: ['Las arenas son blanquecinas'] },
        { start: 3.58, end: 7.62, lines: ['de grano medio', 'y tiene muy poca asistencia.'] },
      ],
    });
    const vtt = readSourceWords(
      'WEBVTT - made by hand\n\nNOTE a comment\n\nintro\n00:01.500 --> 00:03.000 align:start position:10%\n<i>Hola</i> &amp; adiós\n',
      'vtt',
    );
    expect(vtt).toEqual({ kind: 'cues', format: 'vtt', cues: [{ start: 1.5, end: 3, lines: ['Hola & adiós'] }] });
  });

  it('takes a .txt without times as a transcript and refuses files that are neither', () => {
    expect(readSourceWords('  Las arenas\nson blancas.\n', 'txt')).toEqual({
      kind: 'transcript',
      text: 'Las arenas son blancas.',
    });
    expect(() => readSourceWords('just some words', 'srt')).toThrow(
      expect.objectContaining({ code: 'NOT_A_SUBTITLE_FILE' }),
    );
    expect(() => readSourceWords(' \n ', 'txt')).toThrow(expect.objectContaining({ code: 'TRANSCRIPT_EMPTY' }));
    expect(() => readSourceWords('1\n00:00:05,000 --> 00:00:04,000\nAl revés\n', 'srt')).toThrow(
      expect.objectContaining({ code: 'SUBTITLE_BAD_TIMING' }),
    );
  });

  it('decodes UTF-8, byte-order marks and a declared charset; refuses other bytes with a code', () => {
    expect(decodeWordsFile(Buffer.from('\uFEFFañó', 'utf8'))).toBe('añó');
    expect(decodeWordsFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('مرحبا', 'utf16le')]))).toBe('مرحبا');
    const latin1 = Buffer.from([0x61, 0xf1, 0x6f]); // "año" in windows-1252
    expect(() => decodeWordsFile(latin1)).toThrow(expect.objectContaining({ code: 'SUBTITLE_ENCODING' }));
    expect(decodeWordsFile(latin1, 'windows-1252')).toBe('año');
  });

  it('refuses cues after the end of the media and trims a last cue that overruns it slightly', () => {
    const { cues } = readSourceWords(SRT, 'srt') as { cues: { start: number; end: number; lines: string[] }[] };
    expect(fitCuesToMedia(cues, 7.4).at(-1)!.end).toBe(7.4);
    expect(() => fitCuesToMedia(cues, 5)).toThrow(expect.objectContaining({ code: 'SUBTITLE_TIMES_OUTSIDE_MEDIA' }));
  });

  it('re-cuts only the cues that break the rules', () => {
    const good = { start: 1, end: 3, lines: ['Una frase corta.'] };
    const long = {
      start: 4,
      end: 12,
      lines: [
        'Esta es una frase demasiado larga para una sola línea de subtítulo',
        'y además dura ocho segundos, más que lo permitido por las reglas.',
      ],
    };
    const rules = rulesFor('es');
    expect(checkCues([good, long], 'es', rules).length).toBeGreaterThan(0);
    const out = recutBrokenCues([good, long], 'es', rules);
    expect(out[0]).toEqual(good);
    expect(out.length).toBeGreaterThan(2);
    expect(checkCues(out, 'es', rules)).toEqual([]);
    expect(
      out
        .slice(1)
        .flatMap((c) => c.lines)
        .join(' '),
    ).toBe(long.lines.join(' '));
    expect(out.at(-1)!.end).toBeLessThanOrEqual(12);
  });
});
