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
import { MediaError } from './media-error.ts';
import { openPcmTrack, writeDuckingEnvelope } from './pcm-track.ts';
import { placeClips, type Placement, type Slot } from './voice-fit.ts';
import { durationOf, normaliseLoudness, readWav, resample, trimSilence, writeWav } from './wav.ts';

/** The voice track's sample rate, Hz (covers every engine's speech band). */
const TRACK_RATE = 22050;
/** Clips synthesised at once. */
const SYNTH_PARALLEL = 2;
/** Ducking of the original under the voice: -18 dB. */
export const DUCK_GAIN = 10 ** (-18 / 20);

/** One segment to voice: translated text and the slot its source speech took. */
export interface VoiceSegment extends Slot {
  text: string;
}

export interface VoiceTrack {
  path: string;
  placements: Placement[];
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

/**
 * Synthesises and places every segment; writes the voice track (mono WAV, `duration` seconds) to `outPath`.
 * The track is written on disk clip by clip at each placement's offset (pcm-track.ts) and each clip waits in
 * `workDir` as a file until it is laid, so memory holds a few clips, never the track: it does not grow with the
 * media's length or the number of segments.
 * `onProgress` gets 0..1. With `clips`, a clip already stored under its `clipKey` is reused instead of synthesised
 * (or stretched) again, and every new clip is stored: a re-dub synthesises only the segments whose text changed.
 * @throws the voice engine's error (names it) or the signal's reason.
 */
export async function buildVoiceTrack(opts: {
  segments: VoiceSegment[];
  engine: VoiceEngine;
  voice: string;
  language: string;
  duration: number;
  workDir: string;
  outPath: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  clips?: ArtifactStore;
}): Promise<VoiceTrack> {
  const { segments, workDir, signal } = opts;
  /** Natural length of each clip, seconds (0: nothing to say). */
  const lengths = new Array<number>(segments.length).fill(0);
  const kept = (i: number) => path.join(workDir, `clip-${i}-kept.wav`);
  const key = (i: number, speed: number) => clipKey(segments[i].text, opts.voice, opts.engine.id, speed);
  let made = 0;
  let synthesized = 0;
  // Two syntheses at a time: a local engine is one process per clip, a network engine one request.
  const synthesise = async (i: number) => {
    if (signal?.aborted) throw signal.reason;
    const seg = segments[i];
    const raw = path.join(workDir, `clip-${i}.wav`);
    if (seg.text.trim()) {
      if (opts.clips && (await opts.clips.fetchFile(key(i, 1), kept(i))))
        lengths[i] = durationOf(await readWav(kept(i)));
      else {
        await opts.engine.synthesize(seg.text, { language: opts.language, voice: opts.voice, outPath: raw, signal });
        const clip = normaliseLoudness(trimSilence(resample(await readWav(raw), TRACK_RATE)));
        await rm(raw, { force: true });
        lengths[i] = durationOf(clip);
        synthesized++;
        await writeWav(kept(i), clip);
        if (opts.clips) await opts.clips.saveFile(key(i, 1), kept(i));
      }
    }
    opts.onProgress?.((0.6 * ++made) / segments.length);
  };
  await inParallel(segments.length, SYNTH_PARALLEL, synthesise);
  const placements = placeClips(segments, lengths, opts.duration);
  const track = await openPcmTrack(opts.outPath, TRACK_RATE, Math.ceil(opts.duration * TRACK_RATE));
  try {
    // Clips whose planned length differs are stretched by rubberband, also two processes at a time; each clip
    // is laid on the track as soon as it is ready and its files go.
    let laid = 0;
    await inParallel(placements.length, SYNTH_PARALLEL, async (i) => {
      const p = placements[i];
      const target = p.end - p.start;
      if (lengths[i] > 0) {
        if (signal?.aborted) throw signal.reason;
        let clip = await readWav(kept(i));
        if (Math.abs(lengths[i] - target) > 0.02) {
          const dst = path.join(workDir, `fit-${i}.wav`);
          if (opts.clips && (await opts.clips.fetchFile(key(i, p.speed), dst))) clip = await readWav(dst);
          else {
            await runProcess('rubberband', ['-q', '-3', '-D', target.toFixed(4), kept(i), dst], { signal });
            clip = resample(await readWav(dst), TRACK_RATE);
            if (opts.clips) {
              await writeWav(dst, clip);
              await opts.clips.saveFile(key(i, p.speed), dst);
            }
          }
          await rm(dst, { force: true });
        }
        await track.writeAt(Math.round(p.start * TRACK_RATE), clip);
        await rm(kept(i), { force: true });
      }
      opts.onProgress?.(0.6 + (0.4 * ++laid) / placements.length);
    });
  } finally {
    await track.close();
  }
  return { path: opts.outPath, placements, synthesized };
}

/**
 * Mixes the voice track over the original audio and encodes. The original is lowered by 18 dB while a clip
 * plays and left untouched elsewhere: it is multiplied by a ducking envelope written as a WAV file beside the
 * voice track (`<voiceTrack>-ducking.wav`, pcm-track.ts), so the ffmpeg command is the same size for one clip or
 * ten thousand (an `enable` expression listing every span failed on long media, issue 25). Both outputs last
 * exactly `duration` seconds (the input's length); the MP4 copies the input's video stream.
 * @throws MediaError FFMPEG_FAILED naming what failed; the signal's reason when aborted.
 */
export async function mixVoiceOver(opts: {
  input: string;
  voiceTrack: string;
  placements: Placement[];
  duration: number;
  mp3Path: string;
  mp4Path?: string;
  signal?: AbortSignal;
}): Promise<void> {
  const envelope = `${opts.voiceTrack.replace(/\.wav$/i, '')}-ducking.wav`;
  await writeDuckingEnvelope({
    path: envelope,
    spans: opts.placements,
    gain: DUCK_GAIN,
    duration: opts.duration,
    rate: TRACK_RATE,
  });
  const d = opts.duration.toFixed(3);
  const stereo = 'aformat=sample_fmts=flt:sample_rates=44100:channel_layouts=stereo';
  const graph =
    `[0:a:0]${stereo},apad=whole_dur=${d},atrim=0:${d}[src];` +
    // The gain is copied to both channels as is (an upmix would lower it by 3 dB).
    `[2:a]pan=stereo|c0=c0|c1=c0,${stereo},apad=whole_dur=${d},atrim=0:${d}[gain];` +
    `[src][gain]amultiply[orig];` +
    `[1:a]${stereo},apad=whole_dur=${d},atrim=0:${d}[voice];` +
    `[orig][voice]amix=inputs=2:normalize=0:duration=first,alimiter=limit=0.95${opts.mp4Path ? ',asplit=2[m1][m2]' : '[m1]'}`;
  const args = [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    opts.input,
    '-i',
    opts.voiceTrack,
    '-i',
    envelope,
    '-filter_complex',
    graph,
    '-map',
    '[m1]',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    opts.mp3Path,
  ];
  if (opts.mp4Path)
    args.push(
      '-map',
      '0:v:0',
      '-map',
      '[m2]',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      // ffmpeg's default AAC search (twoloop) encodes about 20x real time on one core; the fast one three times
      // that, transparent at 160 kbit/s for speech (an hour's MP4 took minutes of CPU in the AAC encoder alone).
      '-aac_coder',
      'fast',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      opts.mp4Path,
    );
  try {
    await runProcess('ffmpeg', args, { signal: opts.signal });
  } catch (e) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    throw new MediaError('FFMPEG_FAILED', 'Mixing the voice-over failed.', (e as Error).message.slice(0, 2000));
  } finally {
    await rm(envelope, { force: true });
  }
}
