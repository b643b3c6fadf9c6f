/**
 * The voice-over mix: the original audio multiplied by a ducking envelope (-18 dB under the voice, 1 elsewhere,
 * written as a WAV file: pcm-track.ts), the voice track added, a limiter, then encoded as MP3 (CBR 128 kbit/s
 * without the bit reservoir) and, for the MP4, as an ADTS AAC stream muxed with the input's video stream copied.
 * The ffmpeg command is the same size for one clip or ten thousand (an `enable` expression listing every span
 * failed on long media, issue 25). A stretch of the mix can be encoded alone on the same frame grid as the whole
 * (`encodeMix` with `fromSample`), so a re-dub re-encodes only what changed (voice-redub.ts, audio-frames.ts).
 * Times in seconds, positions in samples at MIX_RATE.
 */
import { rm } from 'node:fs/promises';
import { runProcess } from '../engines/run-process.ts';
import { MediaError } from './media-error.ts';
import { writeDuckingEnvelope, type Span } from '../audio/pcm-track.ts';
import type { Placement } from './voice-fit.ts';

/** Ducking of the original under the voice: -18 dB. */
export const DUCK_GAIN = 10 ** (-18 / 20);
/** The mix's sample rate, Hz (stereo). */
export const MIX_RATE = 44100;
/** The ducking envelope's sample rate, Hz. */
const ENVELOPE_RATE = 22050;
/**
 * ffmpeg's AAC encoder delay, samples (its `initial_padding`). ADTS has no field for it, so the AAC branch starts
 * that many samples into the mix: the decoded stream then lines up with the video and the MP3.
 */
const AAC_DELAY = 1024;

/**
 * Mixes and encodes `length` samples of the voice-over starting at sample `fromSample` of the input's timeline:
 * `voiceTrack` and the envelope of `spans` (the placements, seconds relative to `fromSample`) cover that stretch.
 * Writes `mp3Path` and/or `aacPath` (an ADTS AAC stream; at least one of them). Encodes starting on the same sample grid give frames
 * that replace each other (audio-frames.ts). `input` is the sound mixed under the voice: the original media, or its
 * background with the voice removed (background.ts), ducked by `duckGain` (linear; default DUCK_GAIN).
 * @throws MediaError FFMPEG_FAILED; the signal's reason when aborted; Error when neither output is asked for.
 */
export async function encodeMix(opts: {
  input: string;
  voiceTrack: string;
  spans: Span[];
  fromSample: number;
  length: number;
  mp3Path?: string;
  aacPath?: string;
  duckGain?: number;
  signal?: AbortSignal;
}): Promise<void> {
  if (!opts.mp3Path && !opts.aacPath) throw new Error('encodeMix: no output asked for');
  const n = opts.length;
  const envelope = `${opts.voiceTrack.replace(/\.wav$/i, '')}-ducking.wav`;
  await writeDuckingEnvelope({
    path: envelope,
    spans: opts.spans,
    gain: opts.duckGain ?? DUCK_GAIN,
    duration: n / MIX_RATE,
    rate: ENVELOPE_RATE,
  });
  const stereo = `aformat=sample_fmts=flt:sample_rates=${MIX_RATE}:channel_layouts=stereo`;
  const fit = `apad=whole_len=${n},atrim=end_sample=${n}`;
  const graph =
    `[0:a:0]${stereo},${fit}[src];` +
    // The gain is copied to both channels as is (an upmix would lower it by 3 dB).
    `[2:a]pan=stereo|c0=c0|c1=c0,${stereo},${fit}[gain];` +
    `[src][gain]amultiply[orig];` +
    `[1:a]${stereo},${fit}[voice];` +
    `[orig][voice]amix=inputs=2:normalize=0:duration=first,alimiter=limit=0.95` +
    (!opts.aacPath
      ? '[m1]'
      : opts.mp3Path
        ? `,asplit=2[m1][m2];[m2]atrim=start_sample=${AAC_DELAY}[m3]`
        : `,atrim=start_sample=${AAC_DELAY}[m3]`);
  const seek = opts.fromSample > 0 ? ['-ss', (opts.fromSample / MIX_RATE).toFixed(6)] : [];
  const args = ['-nostdin', '-loglevel', 'error', '-y', ...seek, '-i', opts.input, '-i', opts.voiceTrack];
  args.push('-i', envelope, '-filter_complex', graph);
  // No bit reservoir: every MP3 frame holds its own data, so frames of two encodes can be spliced.
  if (opts.mp3Path) args.push('-map', '[m1]', '-c:a', 'libmp3lame', '-b:a', '128k', '-reservoir', '0', opts.mp3Path);
  if (opts.aacPath)
    // ffmpeg's default AAC search (twoloop) encodes about 20x real time on one core; the fast one three times
    // that, transparent at 160 kbit/s for speech (an hour's MP4 took minutes of CPU in the AAC encoder alone).
    args.push('-map', '[m3]', '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '160k', '-f', 'adts', opts.aacPath);
  try {
    await runProcess('ffmpeg', args, { signal: opts.signal });
  } catch (e) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    throw new MediaError('FFMPEG_FAILED', 'Mixing the voice-over failed.', (e as Error).message.slice(0, 2000));
  } finally {
    await rm(envelope, { force: true });
  }
}

/**
 * Writes `mp4Path`: the input's first video stream and the ADTS AAC stream `aacPath`, both copied (no encode).
 * @throws MediaError FFMPEG_FAILED; the signal's reason when aborted.
 */
export async function muxMp4(input: string, aacPath: string, mp4Path: string, signal?: AbortSignal): Promise<void> {
  const args = ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-i', aacPath];
  args.push('-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-movflags', '+faststart', mp4Path);
  try {
    await runProcess('ffmpeg', args, { signal });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new MediaError('FFMPEG_FAILED', 'Mixing the voice-over failed.', (e as Error).message.slice(0, 2000));
  }
}

/**
 * Mixes the voice track over the original audio and encodes the whole media. Both outputs last `duration`
 * seconds (the input's length; the MP4 up to two AAC frames more); the MP4 copies the input's video stream. With
 * `aacPath` the AAC stream is kept there (a re-dub splices into it), else it is a temporary file beside the MP3.
 * @throws MediaError FFMPEG_FAILED naming what failed; the signal's reason when aborted.
 */
export async function mixVoiceOver(opts: {
  input: string;
  voiceTrack: string;
  placements: Placement[];
  duration: number;
  mp3Path: string;
  mp4Path?: string;
  aacPath?: string;
  duckGain?: number;
  /** The MP4's video: `input` when absent (`input` may be the background, which has no picture). */
  video?: string;
  signal?: AbortSignal;
}): Promise<void> {
  const aac = opts.mp4Path ? (opts.aacPath ?? `${opts.mp3Path}.aac`) : opts.aacPath;
  try {
    await encodeMix({
      ...opts,
      spans: opts.placements,
      fromSample: 0,
      length: Math.round(opts.duration * MIX_RATE),
      aacPath: aac,
    });
    if (opts.mp4Path && aac) await muxMp4(opts.video ?? opts.input, aac, opts.mp4Path, opts.signal);
  } finally {
    if (aac && !opts.aacPath) await rm(aac, { force: true });
  }
}
