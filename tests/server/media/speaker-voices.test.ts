/**
 * Issue 19 items 2-3, must show: a two-person video made from ../shared/testdata (LJ Speech, a woman, and JFK, a
 * man, taking turns on a still frame) dubbed into Spanish with the local engines: two speakers found, no cue or dub
 * segment mixes them, every dub segment voiced by its speaker's voice, the two voices' median pitch in the dubbed
 * MP3 more than 20% apart (measured with the speakers stage's pitch detector), the VTT carries voice spans and the
 * SRT stays plain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { runMediaPipeline, type PipelineRequest, type PipelineResult } from '../../../server/src/media/pipeline.ts';
import { memoryArtifacts, type ArtifactStore } from '../../../server/src/media/artifacts.ts';
import { dubArtifact, type SavedDub } from '../../../server/src/media/stages/dub-language.ts';
import { medianPitch } from '../../../server/src/audio/speaker-features.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { makeTwoPeopleVideo } from '../helpers/two-people-video.ts';

const registry = createEngineRegistry(LOCAL_ENGINES_CONFIG);
let dir: string;
let video: string;
let result: PipelineResult;
let artifacts: ArtifactStore;
const file = (kind: string) => result.outputs.find((o) => o.kind === kind)!.path;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'speaker-voices-test-'));
  video = path.join(dir, 'two-people.mp4');
  await makeTwoPeopleVideo(video);
  artifacts = memoryArtifacts();
  const req: PipelineRequest = {
    inputPath: video,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    services: ['subtitle', 'voice_over'],
    voiceMode: 'manual',
    baseName: 'two',
    outDir: path.join(dir, 'out'),
    artifacts,
  };
  result = await runMediaPipeline(req, registry.choose(req));
}, 240_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a two-person video dubbed into Spanish', () => {
  it('finds two speakers, and no cue or dub segment mixes them', async () => {
    expect(result.speakers.map((s) => s.id)).toEqual(['S1', 'S2']);
    const cues = result.tracks.targets.es;
    expect(new Set(cues.map((c) => c.speaker))).toEqual(new Set(['S1', 'S2']));
    expect(new Set(result.tracks.source.map((c) => c.speaker))).toEqual(new Set(['S1', 'S2']));
    const dub = (await artifacts.readJson<SavedDub>(dubArtifact('es')))!;
    // A segment's slot holds only cues of its own speaker.
    for (const seg of dub.segments) {
      const inside = cues.filter((c) => c.start >= seg.start - 1e-6 && c.end <= seg.end + 1e-6);
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.every((c) => c.speaker === seg.speaker)).toBe(true);
    }
  });

  it('voices every segment with its speaker’s own voice, two distinct voices', async () => {
    const voices = result.speakerVoices.es;
    expect(Object.keys(voices).sort()).toEqual(['S1', 'S2']);
    expect(voices.S1).not.toBe(voices.S2);
    expect(voices.S1.startsWith('espeak-ng:es+')).toBe(true);
    const dub = (await artifacts.readJson<SavedDub>(dubArtifact('es')))!;
    expect(dub.segments.length).toBeGreaterThan(1);
    for (const seg of dub.segments) expect(`espeak-ng:${seg.voice}`).toBe(voices[seg.speaker!]);
    expect(dub.mix!.voices).toEqual(dub.segments.map((s) => s.voice));
  });

  it('the two voices in the dubbed MP3 differ in median pitch by more than 20%', async () => {
    const wav = path.join(dir, 'dub.wav');
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-i', file('voice_over_mp3'), '-ac', '1', '-ar', '16000', wav]);
    const audio = await readWav(wav);
    const dub = (await artifacts.readJson<SavedDub>(dubArtifact('es')))!;
    const spans = (speaker: string) =>
      dub.mix!.placements.filter((_, i) => dub.segments[i].speaker === speaker).map((p) => ({ ...p }));
    const pitch = { S1: medianPitch(audio, spans('S1')), S2: medianPitch(audio, spans('S2')) };
    console.log('dub median pitch (Hz)', pitch, 'voices', result.speakerVoices.es, 'speakers', result.speakers);
    expect(Math.min(pitch.S1, pitch.S2)).toBeGreaterThan(0);
    expect(Math.max(pitch.S1, pitch.S2) / Math.min(pitch.S1, pitch.S2)).toBeGreaterThan(1.2);
  });

  it('writes voice spans in the VTT and plain text in the SRT', async () => {
    const vtt = await readFile(file('subtitle_vtt'), 'utf8');
    // Unnamed speakers are named in the file's language (issue 38): Spanish subtitles say "Hablante".
    expect(vtt).toContain('<v Hablante 1>');
    expect(vtt).toContain('<v Hablante 2>');
    const srt = await readFile(file('subtitle_srt'), 'utf8');
    expect(srt).not.toContain('<v');
  });
});
