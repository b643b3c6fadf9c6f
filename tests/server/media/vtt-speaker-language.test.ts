/**
 * Issue 38 item 4: an unnamed speaker in a VTT is named in the file's language ("المتحدث 1" in Arabic subtitles,
 * "Hablante 1" in Spanish), a speaker the user named keeps their name, and a language without its own word says
 * "Speaker". The decision and its reason are in contract/speakers.ts.
 */
import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { toVtt } from '../../../server/src/media/subtitle-writers.ts';

const cues = [
  { start: 0, end: 1.5, lines: ['مرحبا'], speaker: 'S1' },
  { start: 2, end: 3.5, lines: ['أهلا'], speaker: 'S2' },
];

const voices = (vtt: string) => [...vtt.matchAll(/<v ([^>]+)>/g)].map((m) => m[1]);

describe('VTT speaker names', () => {
  it('names unnamed speakers in the language of the file', () => {
    expect(voices(toVtt(cues, { S1: 'Speaker 1', S2: 'Speaker 2' }, 'ar'))).toEqual(['المتحدث 1', 'المتحدث 2']);
    expect(voices(toVtt(cues, {}, 'es'))).toEqual(['Hablante 1', 'Hablante 2']);
    expect(voices(toVtt(cues, {}, 'ja'))).toEqual(['Speaker 1', 'Speaker 2']);
    expect(new WebVTTParser().parse(toVtt(cues, {}, 'ar')).errors).toEqual([]);
  });

  it('keeps the name a user gave', () => {
    expect(voices(toVtt(cues, { S1: 'Maria', S2: 'Speaker 2' }, 'ar'))).toEqual(['Maria', 'المتحدث 2']);
  });
});
