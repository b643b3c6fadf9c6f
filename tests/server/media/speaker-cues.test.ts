/**
 * Issue 19 items 2-3, the rules: a dub segment never mixes speakers, a sentence is split where the speaker changes,
 * two short lines of two speakers share one Netflix dual-speaker cue, the VTT names the voices (SRT stays plain),
 * and each speaker gets a distinct voice matched to their pitch (low voice for a low speaker).
 */
import { describe, expect, it } from 'vitest';
import { segmentsFromCues } from '../../../server/src/media/dub-segments.ts';
import { splitBySpeaker } from '../../../server/src/media/cue-cutter.ts';
import { dualSpeakerCues, parseVtt, toSrt, toVtt } from '../../../server/src/media/subtitle-writers.ts';
import { assignSpeakerVoices, spreadPitches } from '../../../server/src/media/speaker-voices.ts';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import { createFliteEngine } from '../../../server/src/engines/voice/flite.engine.ts';

describe('cues and segments follow speakers', () => {
  it('closes a dub segment where the speaker changes, even mid-sentence', () => {
    const segs = segmentsFromCues(
      [
        { start: 0, end: 1, lines: ['Hola, ¿cómo'], speaker: 'S1' },
        { start: 1.1, end: 2, lines: ['estás?'], speaker: 'S1' },
        { start: 2.1, end: 3, lines: ['Bien, y'], speaker: 'S2' },
        { start: 3.1, end: 4, lines: ['tú'], speaker: 'S1' },
      ],
      ' ',
    );
    expect(segs.map((s) => [s.text, s.speaker])).toEqual([
      ['Hola, ¿cómo estás?', 'S1'],
      ['Bien, y', 'S2'],
      ['tú', 'S1'],
    ]);
  });

  it('splits a sentence where the speaker changes', () => {
    const w = (text: string, start: number, speaker: string) => ({ text, start, end: start + 0.3, speaker });
    const out = splitBySpeaker([[w('yes', 0, 'S1'), w('no', 0.4, 'S2'), w('maybe', 0.8, 'S2')]]);
    expect(out.map((s) => s.map((x) => x.text))).toEqual([['yes'], ['no', 'maybe']]);
  });

  it('puts a quick two-speaker exchange in one dual-speaker cue, with voice spans in VTT only', () => {
    const cues = dualSpeakerCues(
      [
        { start: 0, end: 1.2, lines: ['¿Vienes?'], speaker: 'S1' },
        { start: 1.4, end: 2.4, lines: ['Sí.'], speaker: 'S2' },
        { start: 5, end: 8, lines: ['Entonces vamos ahora mismo al mercado.'], speaker: 'S1' },
      ],
      { maxLineChars: 42, maxCharsPerSecond: 17 },
    );
    expect(cues.map((c) => c.lines)).toEqual([['- ¿Vienes?', '- Sí.'], ['Entonces vamos ahora mismo al mercado.']]);
    const vtt = toVtt(cues, { S1: 'Maria' });
    expect(vtt).toContain('<v Maria>- ¿Vienes?\n<v Speaker 2>- Sí.');
    expect(vtt).toContain('<v Maria>Entonces');
    expect(toSrt(cues)).not.toContain('<v');
    expect(parseVtt(vtt)[0].lines).toEqual(['- ¿Vienes?', '- Sí.']);
  });
});

describe('a voice per speaker', () => {
  const espeak = createEspeakEngine();
  it('gives a low speaker a male voice and a high one a female voice, with espeak pitch', () => {
    const v = assignSpeakerVoices({
      engineId: 'espeak-ng',
      speakers: [
        { id: 'S1', pitch: 210 },
        { id: 'S2', pitch: 110 },
      ],
      voices: espeak.voices('es').slice(0, 5),
    });
    expect(v.S1).toMatch(/^es\+f\d@\d+$/);
    expect(v.S2).toMatch(/^es\+m\d@\d+$/);
  });

  it('never gives two speakers the same voice while there are enough, and spreads close pitches apart', () => {
    const speakers = [180, 185, 190, 195].map((pitch, i) => ({ id: `S${i + 1}`, pitch }));
    const v = assignSpeakerVoices({ engineId: 'espeak-ng', speakers, voices: espeak.voices('es').slice(0, 5) });
    expect(new Set(Object.values(v).map((x) => x.split('@')[0])).size).toBe(4);
    const spread = spreadPitches(speakers.map((s) => s.pitch));
    for (let i = 1; i < spread.length; i++) expect(spread[i] / spread[i - 1]).toBeGreaterThanOrEqual(1.29);
  });

  it('picks flite voices for English by pitch class', () => {
    const v = assignSpeakerVoices({
      engineId: 'flite',
      speakers: [
        { id: 'S1', pitch: 120 },
        { id: 'S2', pitch: 230 },
      ],
      voices: createFliteEngine().voices('en'),
    });
    expect(v).toEqual({ S1: 'rms', S2: 'slt' });
  });
});
