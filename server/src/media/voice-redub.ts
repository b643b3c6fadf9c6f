/**
 * A re-dub that costs what changed, not the file (issue 22 item 16): the last dub's plan (texts, clip lengths,
 * placements) and its encoded MP3 and AAC streams are kept as artifacts; a re-dub synthesises only new texts,
 * places every clip again (placeClips), finds the spans whose clip or placement changed, and for each re-mixes and
 * re-encodes only a window around it (voice-mix.ts `encodeMix` from a sample on the shared frame grid), whose
 * frames then replace the stored streams' frames (audio-frames.ts). The MP4 is the input's video and the AAC
 * stream muxed without encoding. Times in seconds, positions in samples at MIX_RATE.
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { spliceFrames, FRAME_SAMPLES } from '../audio/audio-frames.ts';
import type { Span } from '../audio/pcm-track.ts';
import { placeClips, type Placement } from './voice-fit.ts';
import { encodeMix, MIX_RATE } from './voice-mix.ts';
import { clipLengths, layClips, voiceOf, type VoiceSegment } from './voice-over.ts';
import type { VoiceEngine } from '../engines/voice.engine.ts';
import type { ArtifactStore } from './artifacts.ts';

/**
 * What a dub mixed: the input's duration, and per segment its text, clip length (seconds), placement and voice
 * (the engine's voice id; absent in plans saved before speakers had voices, issue 19).
 */
export interface MixPlan {
  duration: number;
  texts: string[];
  voices?: string[];
  lengths: number[];
  placements: Placement[];
}

/** Windows start and end on multiples of both frame sizes (1,152 MP3, 1,024 AAC): 9,216 samples, 0.21 s. */
const GRID = 9216;
/** Replaced beyond each change, seconds: far more than a frame's reach (its length plus the transform overlap). */
const MARGIN = 0.5;
/** Encoded before and after the replaced frames, seconds, so the encoder and limiter have settled at the seams. */
const GUARD = 1;
/** Beyond a clip, seconds, the ducking still moves (its 30 ms ramps). */
const RAMP = 0.05;

/** One re-encoded window, samples: frames of `[replaceFrom, replaceTo)` replaced from an encode of `[from, to)`. */
export interface RemixWindow {
  from: number;
  to: number;
  replaceFrom: number;
  replaceTo: number;
}

/**
 * The spans (seconds, merged, sorted) where the mix of `after` differs from the mix of `before`: every clip of one
 * that the other does not have with the same text, voice and placement, with its ducking ramps.
 */
export function changedSpans(before: MixPlan, after: MixPlan): Span[] {
  const key = (t: string, p: Placement, voice = '') =>
    `${p.start.toFixed(5)}|${p.end.toFixed(5)}|${p.speed.toFixed(4)}|${voice}|${t}`;
  const keys = (m: MixPlan) => new Set(m.placements.map((p, i) => key(m.texts[i], p, m.voices?.[i])));
  const [a, b] = [keys(before), keys(after)];
  const spans: Span[] = [];
  const add = (m: MixPlan, other: Set<string>) =>
    m.placements.forEach((p, i) => {
      if (m.texts[i].trim() && !other.has(key(m.texts[i], p, m.voices?.[i])))
        spans.push({ start: p.start - RAMP, end: p.end + RAMP });
    });
  add(before, b);
  add(after, a);
  spans.sort((x, y) => x.start - y.start);
  const merged: Span[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/** The windows (samples on GRID, merged when their encodes overlap) that re-encode `spans` in `total` samples. */
export function remixWindows(spans: Span[], total: number): RemixWindow[] {
  const down = (t: number) => Math.max(0, Math.floor((t * MIX_RATE) / GRID) * GRID);
  const up = (t: number) => Math.min(total, Math.ceil((t * MIX_RATE) / GRID) * GRID);
  const out: RemixWindow[] = [];
  for (const s of spans) {
    const w = {
      replaceFrom: down(s.start - MARGIN),
      replaceTo: up(s.end + MARGIN),
      from: down(s.start - MARGIN - GUARD),
      to: up(s.end + MARGIN + GUARD),
    };
    const last = out.at(-1);
    if (last && w.from <= last.to) Object.assign(last, { to: w.to, replaceTo: w.replaceTo });
    else out.push(w);
  }
  return out;
}

/**
 * Re-dubs `segments` over the stored dub of plan `before`, whose MP3 is `mp3Path` and whose ADTS AAC stream is
 * `aacPath` (local copies, rewritten in place), mixed over `input` (the original, or its background): clips of texts the plan knows keep their lengths (their audio is
 * read from `clips` only where a window needs it), new texts (or a text in a new voice) are synthesised.
 * @returns the new plan, the number of clips synthesised, and the windows re-encoded.
 * @throws the voice engine's error; MediaError FFMPEG_FAILED; Error when a stored stream or clip is unusable.
 */
export async function redubChanges(opts: {
  segments: VoiceSegment[];
  engine: VoiceEngine;
  voice: string;
  language: string;
  clips: ArtifactStore;
  workDir: string;
  input: string;
  before: MixPlan;
  mp3Path: string;
  aacPath?: string;
  /** Ducking of `input` under the voice (linear; voice-mix.ts DUCK_GAIN when absent): the first dub's. */
  duckGain?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}): Promise<{ plan: MixPlan; synthesized: number; windows: RemixWindow[] }> {
  const { segments } = opts;
  // A plan saved before segments had voices was voiced all in the language's voice.
  const before = { ...opts.before, voices: opts.before.voices ?? opts.before.texts.map(() => opts.voice) };
  // A clip is known by its text and voice: the same words in another speaker's voice are synthesised again.
  const clipId = (text: string, voice: string) => `${voice}|${text}`;
  const known = new Map(before.texts.map((t, i) => [clipId(t, before.voices?.[i] ?? opts.voice), before.lengths[i]]));
  const voices = segments.map((_, i) => voiceOf(opts, i));
  const { lengths, synthesized, have } = await clipLengths({
    ...opts,
    known: (i) => known.get(clipId(segments[i].text, voices[i])),
    onProgress: (f) => opts.onProgress?.(0.5 * f),
  });
  const placements = placeClips(segments, lengths, before.duration);
  const plan: MixPlan = { duration: before.duration, texts: segments.map((s) => s.text), voices, lengths, placements };
  const total = Math.round(before.duration * MIX_RATE);
  const windows = remixWindows(changedSpans(before, plan), total);
  for (const [k, w] of windows.entries()) {
    const from = w.from / MIX_RATE;
    const voiceTrack = path.join(opts.workDir, `window-${k}.wav`);
    await layClips({
      ...opts,
      lengths,
      placements,
      have,
      window: { from, duration: (w.to - w.from) / MIX_RATE },
      outPath: voiceTrack,
    });
    const mp3 = path.join(opts.workDir, `window-${k}.mp3`);
    const aac = opts.aacPath ? path.join(opts.workDir, `window-${k}.aac`) : undefined;
    await encodeMix({
      input: opts.input,
      voiceTrack,
      spans: placements.map((p) => ({ start: p.start - from, end: p.end - from })),
      fromSample: w.from,
      length: w.to - w.from,
      mp3Path: mp3,
      aacPath: aac,
      duckGain: opts.duckGain,
      signal: opts.signal,
    });
    const streams: Array<[keyof typeof FRAME_SAMPLES, string, string | undefined]> = [
      ['mp3', opts.mp3Path, mp3],
      ['aac', opts.aacPath ?? '', aac],
    ];
    for (const [codec, fullPath, windowPath] of streams) {
      if (!windowPath) continue;
      const size = FRAME_SAMPLES[codec];
      const spliced = `${fullPath}.new`;
      await spliceFrames({
        codec,
        fullPath,
        windowPath,
        windowFirst: w.from / size,
        from: w.replaceFrom / size,
        to: w.replaceTo >= total ? Infinity : w.replaceTo / size,
        outPath: spliced,
      });
      await rename(spliced, fullPath);
    }
    opts.onProgress?.(0.5 + (0.5 * (k + 1)) / windows.length);
  }
  return { plan, synthesized, windows };
}
