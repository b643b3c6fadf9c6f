/**
 * The voice-over: synthesise each translated segment, loudness-normalise it, fit it to its time slot
 * (voice-fit.ts; rubberband for the speed change), lay the clips on one voice track (a WAV file written at
 * offsets), then mix it over the original audio ducked by 18 dB under the voice and untouched elsewhere (a gain
 * envelope file), and encode MP3 (and MP4 with the video stream copied when the input has video). Memory and
 * command size do not grow with the media's length or the number of segments.
 */
import crypto from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ArtifactStore } from './artifacts.ts';
import type { VoiceEngine } from '../engines/voice.engine.ts';
import { runProcess } from '../engines/run-process.ts';
import { openPcmTrack } from '../audio/pcm-track.ts';
import { placeClips, type Placement, type Slot } from './voice-fit.ts';
import {
  durationOf,
  normaliseLoudness,
  readWav,
  resample,
  trimSilence,
  writeWav,
  type MonoAudio,
} from '../audio/wav.ts';

/** The voice track's sample rate, Hz (covers every engine's speech band). */
export const TRACK_RATE = 22050;
/** Clips synthesised at once. */
const SYNTH_PARALLEL = 2;

/** One segment to voice: translated text, the slot its source speech took, and its own voice (a speaker's) if any. */
export interface VoiceSegment extends Slot {
  text: string;
  /** The engine's voice id for this segment (issue 19: its speaker's voice); the language's voice when absent. */
  voice?: string;
}

export interface VoiceTrack {
  path: string;
  placements: Placement[];
  /** Natural length of each segment's clip, seconds (0: nothing to say). */
  lengths: number[];
  /** Clips synthesised by the engine in this call (the others came from `clips`). */
  synthesized: number;
}

/**
 * The artifact name of a clip: `clips/<sha256 of (text, voice, engine, speed)>.wav`. Speed 1 is the clip as
 * synthesised (loudness-normalised, silence trimmed, at the track's rate); another speed is that clip fitted to its
 * slot by rubberband (speed rounded to 4 decimals).
 */
export function clipKey(text: string, voice: string, engine: string, speed: number): string {
  const h = crypto.createHash('sha256').update(JSON.stringify([text, voice, engine, speed.toFixed(4)]));
  return `clips/${h.digest('hex')}.wav`;
}

/**
 * Runs `task(0..count-1)` with at most `limit` running at once; rejects with the first failure once every
 * started task has settled (so no task still writes into a folder the caller is about to remove).
 */
export async function inParallel(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { reason: unknown } | undefined;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count && !failure) {
        const i = next++;
        await task(i).catch((reason) => (failure ??= { reason }));
      }
    }),
  );
  if (failure) throw failure.reason;
}

/** Options shared by the clip steps: the segments, the engine and voice, where clips are kept. */
interface ClipOptions {
  segments: VoiceSegment[];
  engine: VoiceEngine;
  voice: string;
  language: string;
  workDir: string;
  signal?: AbortSignal;
  clips?: ArtifactStore;
}

const keptPath = (o: ClipOptions, i: number) => path.join(o.workDir, `clip-${i}-kept.wav`);
/** The voice segment `i` is voiced with: its speaker's, else the language's. */
export const voiceOf = (o: Pick<ClipOptions, 'segments' | 'voice'>, i: number) => o.segments[i].voice || o.voice;
const keyOf = (o: ClipOptions, i: number, speed: number) =>
  clipKey(o.segments[i].text, voiceOf(o, i), o.engine.id, speed);

/**
 * The natural length (seconds; 0 when there is nothing to say) of every segment's clip: `known(i)` when given,
 * else the stored clip's (`clips`), else the engine synthesises it (two at a time) and the clip is stored. Clips
 * read or made here wait in `workDir` (`have`) for `layClips`.
 * @throws the voice engine's error (names it) or the signal's reason.
 */
export async function clipLengths(
  o: ClipOptions & { known?: (i: number) => number | undefined; onProgress?: (fraction: number) => void },
): Promise<{ lengths: number[]; synthesized: number; have: Set<number> }> {
  const { segments, signal } = o;
  const lengths = new Array<number>(segments.length).fill(0);
  const have = new Set<number>();
  let made = 0;
  let synthesized = 0;
  // Two syntheses at a time: a local engine is one process per clip, a network engine one request.
  await inParallel(segments.length, SYNTH_PARALLEL, async (i) => {
    if (signal?.aborted) throw signal.reason;
    const text = segments[i].text;
    const known = o.known?.(i);
    if (!text.trim()) lengths[i] = 0;
    else if (known !== undefined) lengths[i] = known;
    else if (o.clips && (await o.clips.fetchFile(keyOf(o, i, 1), keptPath(o, i)))) {
      lengths[i] = durationOf(await readWav(keptPath(o, i)));
      have.add(i);
    } else {
      const raw = path.join(o.workDir, `clip-${i}.wav`);
      await o.engine.synthesize(text, { language: o.language, voice: voiceOf(o, i), outPath: raw, signal });
      const clip = normaliseLoudness(trimSilence(resample(await readWav(raw), TRACK_RATE)));
      await rm(raw, { force: true });
      lengths[i] = durationOf(clip);
      synthesized++;
      await writeWav(keptPath(o, i), clip);
      have.add(i);
      if (o.clips) await o.clips.saveFile(keyOf(o, i, 1), keptPath(o, i));
    }
    o.onProgress?.(++made / segments.length);
  });
  return { lengths, synthesized, have };
}

/**
 * Lays the clips at their placements on a voice track written to `outPath` (mono WAV at 22,050 Hz): the whole
 * media, or with `window` only its stretch `from` (seconds) lasting `duration` seconds (clips outside it are not
 * read). A clip whose planned length differs from its natural one is stretched by rubberband (two at a time) or
 * taken stretched from `clips`. The track is written on disk at each clip's offset (pcm-track.ts); memory holds a
 * few clips, never the track. A clip not in `have` is fetched from `clips`.
 * @throws Error when a clip is neither made nor stored; rubberband's error; the signal's reason.
 */
export async function layClips(
  o: ClipOptions & {
    lengths: number[];
    placements: Placement[];
    have: Set<number>;
    window: { from: number; duration: number };
    outPath: string;
    onProgress?: (fraction: number) => void;
  },
): Promise<void> {
  const { signal, placements, lengths } = o;
  const origin = Math.round(o.window.from * TRACK_RATE);
  const length = Math.ceil(o.window.duration * TRACK_RATE);
  const track = await openPcmTrack(o.outPath, TRACK_RATE, length);
  try {
    let laid = 0;
    await inParallel(placements.length, SYNTH_PARALLEL, async (i) => {
      const p = placements[i];
      const at = Math.round(p.start * TRACK_RATE) - origin;
      const end = Math.round(p.end * TRACK_RATE) - origin;
      if (lengths[i] > 0 && end > 0 && at < length) {
        if (signal?.aborted) throw signal.reason;
        const target = p.end - p.start;
        const dst = path.join(o.workDir, `fit-${i}.wav`);
        const stretched = Math.abs(lengths[i] - target) > 0.02;
        let clip: MonoAudio | undefined;
        if (stretched && o.clips && (await o.clips.fetchFile(keyOf(o, i, p.speed), dst))) clip = await readWav(dst);
        else {
          if (!o.have.has(i) && !(o.clips && (await o.clips.fetchFile(keyOf(o, i, 1), keptPath(o, i)))))
            throw new Error(`the clip of segment ${i} is neither made nor stored`);
          if (!stretched) clip = await readWav(keptPath(o, i));
          else {
            await runProcess('rubberband', ['-q', '-3', '-D', target.toFixed(4), keptPath(o, i), dst], { signal });
            clip = resample(await readWav(dst), TRACK_RATE);
            if (o.clips) {
              await writeWav(dst, clip);
              await o.clips.saveFile(keyOf(o, i, p.speed), dst);
            }
          }
        }
        await rm(dst, { force: true });
        await rm(keptPath(o, i), { force: true });
        const skip = Math.max(0, -at);
        await track.writeAt(Math.max(0, at), { rate: TRACK_RATE, samples: clip.samples.subarray(skip) });
      }
      o.onProgress?.(++laid / placements.length);
    });
  } finally {
    await track.close();
  }
}

/**
 * Synthesises and places every segment; writes the voice track (mono WAV, `duration` seconds) to `outPath`
 * (clipLengths, placeClips, layClips): memory does not grow with the media's length or the number of segments.
 * `onProgress` gets 0..1. With `clips`, a clip already stored under its `clipKey` is reused instead of synthesised
 * (or stretched) again, and every new clip is stored: a re-dub synthesises only the segments whose text changed.
 * @throws the voice engine's error (names it) or the signal's reason.
 */
export async function buildVoiceTrack(
  opts: ClipOptions & { duration: number; outPath: string; onProgress?: (fraction: number) => void },
): Promise<VoiceTrack> {
  const { lengths, synthesized, have } = await clipLengths({
    ...opts,
    onProgress: (f) => opts.onProgress?.(0.6 * f),
  });
  const placements = placeClips(opts.segments, lengths, opts.duration);
  await layClips({
    ...opts,
    lengths,
    placements,
    have,
    window: { from: 0, duration: opts.duration },
    onProgress: (f) => opts.onProgress?.(0.6 + 0.4 * f),
  });
  return { path: opts.outPath, placements, lengths, synthesized };
}

export { DUCK_GAIN, mixVoiceOver } from './voice-mix.ts';
