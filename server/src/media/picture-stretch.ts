/**
 * Renders an input slowed over the spans of a time map (time-map.ts, "Keep voices natural", issue 20 item 3): the
 * picture re-timed by one `setpts` expression (each frame moved to its time on the new timeline: the spans before it
 * add `(factor - 1) x` their overlap) and re-encoded with libx264, and the input's audio stretched alike by
 * rubberband's time map (the span edges as key frames, the whole to the new length), so picture and original sound
 * stay in sync. The expression goes through a filter script file and the key frames through a map file: the command
 * lines keep one size whatever the number of spans. Times in seconds.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../engines/run-process.ts';
import { MediaError } from './media-error.ts';
import { mapTime, type StretchSpan } from './time-map.ts';

/** The stretched input's audio sample rate, Hz (stereo; the voice-over mix's rate). */
const STRETCH_RATE = 44100;

/** The `setpts` expression moving each frame (time T, seconds) to its place on the stretched timeline. */
export function setptsExpression(spans: readonly StretchSpan[]): string {
  const terms = spans.map(
    (s) => `${(s.factor - 1).toFixed(6)}*clip(T-${s.start.toFixed(6)},0,${(s.end - s.start).toFixed(6)})`,
  );
  return terms.length ? `PTS-STARTPTS+(${terms.join('+')})/TB` : 'PTS-STARTPTS';
}

/** Rubberband's key frames of `spans`: source and target sample of each span's edges at `rate` Hz, one pair a line. */
export function rubberbandTimeMap(spans: readonly StretchSpan[], rate: number): string {
  const lines: string[] = [];
  for (const s of spans)
    for (const t of [s.start, s.end]) lines.push(`${Math.round(t * rate)} ${Math.round(mapTime(spans, t) * rate)}`);
  return lines.join('\n') + '\n';
}

const failed = (e: unknown, signal?: AbortSignal) => {
  if (signal?.aborted) throw signal.reason;
  return new MediaError('FFMPEG_FAILED', 'Slowing the video failed.', (e as Error).message.slice(0, 2000));
};

/**
 * Writes the slowed picture (`dir/slowed.mp4`, video only, H.264) and the slowed original sound (`dir/slowed.wav`,
 * stereo 44.1 kHz) of `input` lasting `duration` seconds, stretched over `spans` to `mapTime(spans, duration)`.
 * @returns the two paths.
 * @throws MediaError FFMPEG_FAILED (ffmpeg or rubberband failed); the signal's reason when aborted.
 */
export async function stretchInput(opts: {
  input: string;
  /** The sound to slow: the input's when absent, or its background (the voice removed: background.ts). */
  sound?: string;
  spans: readonly StretchSpan[];
  duration: number;
  dir: string;
  signal?: AbortSignal;
}): Promise<{ video: string; audio: string }> {
  const { dir, signal } = opts;
  const video = path.join(dir, 'slowed.mp4');
  const audio = path.join(dir, 'slowed.wav');
  const plain = path.join(dir, 'input-sound.wav');
  const script = path.join(dir, 'slowed.filter');
  const map = path.join(dir, 'slowed.map');
  await writeFile(script, `setpts='${setptsExpression(opts.spans)}'`);
  await writeFile(map, rubberbandTimeMap(opts.spans, STRETCH_RATE));
  const total = mapTime(opts.spans, opts.duration);
  try {
    const args = ['-nostdin', '-loglevel', 'error', '-y', '-i', opts.input, '-map', '0:v:0', '-an'];
    args.push('-filter_script:v', script, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20');
    args.push('-pix_fmt', 'yuv420p', '-movflags', '+faststart', video);
    await runProcess('ffmpeg', args, { signal });
    const sound = ['-nostdin', '-loglevel', 'error', '-y', '-i', opts.sound ?? opts.input, '-map', '0:a:0', '-vn'];
    sound.push('-ac', '2', '-ar', String(STRETCH_RATE), '-c:a', 'pcm_s16le', plain);
    await runProcess('ffmpeg', sound, { signal });
    await runProcess('rubberband', ['-q', '-3', '-M', map, '-D', total.toFixed(4), plain, audio], { signal });
  } catch (e) {
    throw failed(e, signal);
  }
  return { video, audio };
}
