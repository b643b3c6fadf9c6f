/**
 * The dubbed MP4 of "Keep voices natural" (issue 20 item 3): the clips (reused from the clip store: the MP3's dub has
 * just made them) placed on a stretched timeline (time-map.ts), the input's picture and sound slowed over the same
 * spans (picture-stretch.ts), the voice mixed over the slowed sound as usual (voice-mix.ts) and muxed with the slowed
 * picture. The MP4 then lasts the input's length plus the seconds the spans add; the MP3 is not made here (it keeps
 * the input's length: stages/voice-over.ts). Times in seconds.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { VoiceEngine } from '../engines/voice.engine.ts';
import type { ArtifactStore } from './artifacts.ts';
import { stretchInput } from './picture-stretch.ts';
import { storedStretch } from './stretch-store.ts';
import type { DubSegment } from './dub-segments.ts';
import { syncReport, type SavedSync } from './sync-report.ts';
import { addedSeconds, planPictureStretch, type StretchPlan } from './time-map.ts';
import { clipLengths, layClips } from './voice-over.ts';
import { encodeMix, MIX_RATE, muxMp4 } from './voice-mix.ts';

/** What the slowed dub made: its plan, the clips' natural lengths, the clips synthesised, its sync report. */
export interface SlowedDub {
  plan: StretchPlan;
  lengths: number[];
  synthesized: number;
  /** Seconds the MP4 is longer than the input (0.1 s steps, rounded up). */
  addedSeconds: number;
  /** The sync report of the MP4's voice (slots given on the input's timeline, as the editor's cues are). */
  sync: SavedSync;
}

/**
 * Writes `mp4Path`: `segments` voiced by `engine` with `voice`, the picture slowed where a clip would need more than
 * 1.15x (time-map.ts), in media of `duration` seconds at `input`. Clips come from `clips` when stored, else are
 * synthesised and stored. `charsPerSecond` (the voice's speaking rate) gives the sync report's budgets.
 * @throws MediaError FFMPEG_FAILED; the voice engine's error; the signal's reason when aborted.
 */
export async function dubSlowedVideo(opts: {
  input: string;
  segments: DubSegment[];
  engine: VoiceEngine;
  voice: string;
  language: string;
  workDir: string;
  clips: ArtifactStore;
  duration: number;
  mp4Path: string;
  charsPerSecond?: number;
  /** The input's background (its voice removed, background.ts): slowed and mixed under the voice instead. */
  background?: string;
  /** Ducking under the voice (linear; voice-mix.ts DUCK_GAIN when absent). */
  duckGain?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}): Promise<SlowedDub> {
  const { signal, workDir } = opts;
  const { lengths, synthesized, have } = await clipLengths({
    ...opts,
    onProgress: (f) => opts.onProgress?.(0.2 * f),
  });
  const plan = planPictureStretch(opts.segments, lengths, opts.duration);
  const track = path.join(workDir, 'slowed-voice.wav');
  await layClips({
    ...opts,
    lengths,
    placements: plan.placements,
    have,
    window: { from: 0, duration: plan.duration },
    outPath: track,
    onProgress: (f) => opts.onProgress?.(0.2 + 0.3 * f),
  });
  const slowed = await storedStretch(
    opts.clips,
    opts.language,
    { spans: plan.spans, background: !!opts.background },
    () =>
      stretchInput({
        input: opts.input,
        sound: opts.background,
        spans: plan.spans,
        duration: opts.duration,
        dir: workDir,
        signal,
      }),
    workDir,
  );
  opts.onProgress?.(0.8);
  const aac = path.join(workDir, 'slowed.aac');
  try {
    await encodeMix({
      input: slowed.audio,
      voiceTrack: track,
      spans: plan.placements,
      fromSample: 0,
      length: Math.round(plan.duration * MIX_RATE),
      // The MP4's sound only: the MP3 is the input-length dub's (dub-language.ts).
      aacPath: aac,
      duckGain: opts.duckGain,
      signal,
    });
    await muxMp4(slowed.video, aac, opts.mp4Path, signal);
  } finally {
    await Promise.all([aac, track, slowed.audio, slowed.video].map((f) => rm(f, { force: true })));
  }
  const moved = opts.segments.map((s, i) => ({ ...s, ...plan.slots[i] }));
  const report = syncReport(moved, plan.placements, lengths, plan.duration, opts.charsPerSecond);
  const sync: SavedSync = {
    ...report,
    segments: report.segments.map((x, i) => ({
      ...x,
      slot_start: round3(opts.segments[i].start),
      slot_end: round3(opts.segments[i].end),
    })),
  };
  opts.onProgress?.(1);
  return {
    plan,
    lengths,
    synthesized,
    addedSeconds: Math.max(0, Math.ceil(addedSeconds(plan.spans) * 10 - 1e-6) / 10),
    sync,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
