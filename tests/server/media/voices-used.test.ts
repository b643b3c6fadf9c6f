/**
 * The voices a dub reports are the ones it speaks (issue 39 item 6): a German dub of two speakers gives each a voice
 * of its own, so `engines.voice_de` names a voice really used (the first speaker's) and the dub report's
 * `speaker_voices` every speaker's, instead of the language's default voice that no line was spoken with (the job's
 * `voices` keeps the chosen one, which a re-dub plans from).
 */
import { describe, expect, it } from 'vitest';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG, type EnginesConfig } from '../../../server/src/config/engines.config.ts';
import { withSpeakerVoices } from '../../../server/src/media/stages/voice-over.ts';
import { voicesUsed } from '../../../server/src/media/voices-used.ts';

// Engines are chosen and voices listed without a request: the server is never called.
const endpoint = (model: string) => ({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-x', model });
const config: EnginesConfig = {
  ...LOCAL_ENGINES_CONFIG,
  local: false,
  openai: { speech: endpoint('whisper-1'), translation: endpoint('gpt-4o-mini'), voice: endpoint('tts-1') },
};
const req = {
  sourceLanguage: 'en',
  targetLanguages: ['de'],
  services: ['voice_over' as const],
};
const segments = [
  { text: 'Guten Tag.', start: 0, end: 1.5, speaker: 'S1' },
  { text: 'Hallo.', start: 2, end: 3, speaker: 'S2' },
  { text: 'Wie geht es?', start: 3.5, end: 5, speaker: 'S1' },
];

describe('the voices a dub reports', () => {
  it('two speakers: each speaker his own voice, the language the first speaker’s, never an unused default', () => {
    const choice = createEngineRegistry(config).choose(req).voices.de;
    const speakers = [
      { id: 'S1', pitch: 210 },
      { id: 'S2', pitch: 110 },
    ];
    const voiced = withSpeakerVoices(segments, choice, speakers, 'de');
    const used = voicesUsed(voiced.segments, choice);
    expect(Object.keys(used.speakers)).toEqual(['S1', 'S2']);
    expect(used.speakers.S1).not.toBe(used.speakers.S2);
    for (const id of Object.values(used.speakers)) expect(id).toMatch(/^openai:[a-z]+$/);
    expect(used.voice).toBe(used.speakers.S1);
    // Every reported voice speaks a line of the dub.
    const spoken = new Set(voiced.segments.map((x) => `openai:${x.voice}`));
    expect([...Object.values(used.speakers), used.voice].every((id) => spoken.has(id))).toBe(true);
    expect(used.speakers).toEqual(voiced.voices);
  });

  it('one speaker: the chosen voice, and no per-speaker list', () => {
    const choice = createEngineRegistry(config).choose({ ...req, voices: { de: 'openai:shimmer' } }).voices.de;
    const lines = segments.map(({ speaker: _speaker, ...x }) => x);
    const voiced = withSpeakerVoices(lines, choice, [], 'de');
    expect(voicesUsed(voiced.segments, choice)).toEqual({ voice: 'openai:shimmer', speakers: {} });
  });
});
