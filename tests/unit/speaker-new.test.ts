/**
 * Issue 38: the editor's "New speaker from these cues" and "Split this speaker" (src/features/editor/speakers.ts):
 * the new speaker's id (the first free number, so its colour is one no other speaker has), its default name (shown
 * in the interface language, English and Arabic), the cues it takes in every track, and the voice it is given (one
 * no one in the dub speaks).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackCue } from '../../contract/tracks.ts';
import type { TrackSpeaker } from '../../contract/speakers.ts';
import type { EditorDoc } from '../../src/features/editor/model.ts';
import {
  canSplitSpeaker,
  freeVoices,
  newSpeakerFromCues,
  nextSpeakerId,
  speakerColour,
  splitSpeaker,
} from '../../src/features/editor/speakers.ts';
import { speakerNameShown } from '../../src/features/editor/speaker-name.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';

const cue = (id: string, start: number, speaker?: string): TrackCue => ({
  id,
  start,
  end: start + 2,
  text: `line ${id}`,
  ...(speaker ? { speaker } : {}),
});
const sp = (id: string, voices: Record<string, string> = {}): TrackSpeaker => ({
  id,
  name: `Speaker ${id.slice(1)}`,
  voices,
});

/** Four lines, S1 S2 S1 S1, in the source and the Spanish track (same times, other cue ids). */
const doc: EditorDoc = {
  sourceLanguage: 'en',
  tracks: {
    source: [cue('a', 0, 'S1'), cue('b', 3, 'S2'), cue('c', 6, 'S1'), cue('d', 9, 'S1')],
    es: [cue('ea', 0, 'S1'), cue('eb', 3, 'S2'), cue('ec', 6, 'S1'), cue('ed', 9, 'S1')],
  },
  speakers: [sp('S1', { es: 'espeak-ng:es+f3@60' }), sp('S2', { es: 'espeak-ng:es+m3@30' })],
};
const speakersOf = (d: EditorDoc, track: string) => d.tracks[track].map((c) => c.speaker);

afterEach(() => activateLocale('en', { persist: false }));

describe('a new speaker from chosen cues', () => {
  it('takes the first free id, so its colour is one no other speaker has', () => {
    expect(nextSpeakerId([sp('S1'), sp('S2')])).toBe('S3');
    expect(nextSpeakerId([sp('S1'), sp('S3')])).toBe('S2');
    expect(nextSpeakerId([])).toBe('S1');
    expect(nextSpeakerId(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'].map((id) => sp(id)))).toBeNull();
    const colours = ['S1', 'S2', nextSpeakerId(doc.speakers)!].map(speakerColour);
    expect(new Set(colours).size).toBe(3);
  });

  it('gives the chosen cues and what the other track says at the same time to S3, named "Speaker 3"', () => {
    const next = newSpeakerFromCues(doc, 'es', ['ec', 'ed'], { es: 'espeak-ng:es+f1' });
    expect(speakersOf(next, 'es')).toEqual(['S1', 'S2', 'S3', 'S3']);
    expect(speakersOf(next, 'source')).toEqual(['S1', 'S2', 'S3', 'S3']);
    expect(next.speakers?.at(-1)).toEqual({ id: 'S3', name: 'Speaker 3', voices: { es: 'espeak-ng:es+f1' } });
    expect(next.speakers?.slice(0, 2)).toEqual(doc.speakers);
  });

  it('shows the new speaker’s name in the interface language, English and Arabic', async () => {
    const next = newSpeakerFromCues(doc, 'es', ['ec']);
    const added = next.speakers!.at(-1)!;
    expect(speakerNameShown(added, i18n)).toBe('Speaker 3');
    await activateLocale('ar', { persist: false });
    expect(speakerNameShown(added, i18n)).toBe('المتحدث 3');
  });

  it('in a job without speakers, makes every other cue Speaker 1 and the chosen ones Speaker 2', () => {
    const plain: EditorDoc = { sourceLanguage: 'en', tracks: { source: [cue('a', 0), cue('b', 3)] }, speakers: [] };
    const next = newSpeakerFromCues(plain, 'source', ['b']);
    expect(speakersOf(next, 'source')).toEqual(['S1', 'S2']);
    expect(next.speakers?.map((s) => s.id)).toEqual(['S1', 'S2']);
  });

  it('changes nothing without a chosen cue or when the job is full', () => {
    expect(newSpeakerFromCues(doc, 'es', [])).toBe(doc);
    expect(newSpeakerFromCues(doc, 'es', ['not-a-cue'])).toBe(doc);
    const full = { ...doc, speakers: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'].map((id) => sp(id)) };
    expect(newSpeakerFromCues(full, 'es', ['ec'])).toBe(full);
  });
});

describe('splitting a speaker at the playhead', () => {
  it('gives the speaker’s cues from the cue under the playhead on to a new speaker, in every track', () => {
    expect(canSplitSpeaker(doc, 'S1', 7)).toBe(true);
    const next = splitSpeaker(doc, 'S1', 7);
    expect(speakersOf(next, 'es')).toEqual(['S1', 'S2', 'S3', 'S3']);
    expect(speakersOf(next, 'source')).toEqual(['S1', 'S2', 'S3', 'S3']);
    expect(next.speakers?.map((s) => s.id)).toEqual(['S1', 'S2', 'S3']);
  });

  it('changes nothing when it would move none or all of the speaker’s cues', () => {
    expect(canSplitSpeaker(doc, 'S1', 20)).toBe(false);
    expect(splitSpeaker(doc, 'S1', 20)).toBe(doc);
    expect(canSplitSpeaker(doc, 'S2', 0)).toBe(false);
    expect(splitSpeaker(doc, 'S2', 0)).toBe(doc);
  });
});

describe('the new speaker’s voice', () => {
  const offered = {
    es: [
      { id: 'espeak-ng:es+f3' },
      { id: 'openai:nova' },
      { id: 'espeak-ng:es+m3' },
      { id: 'espeak-ng:es' },
      { id: 'espeak-ng:es+f1' },
    ],
  };
  it('is a voice of the language’s engine that no speaker, nor the job’s voice, has', () => {
    const voices = freeVoices(doc.speakers!, ['es'], offered, { es: 'espeak-ng:es' });
    expect(voices).toEqual({ es: 'espeak-ng:es+f1' });
  });
  it('leaves a language without a free voice to the server', () => {
    expect(freeVoices(doc.speakers!, ['es'], { es: offered.es.slice(0, 4) }, { es: 'espeak-ng:es' })).toEqual({});
  });
});
