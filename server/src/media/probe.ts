/**
 * Probe and extract (ffprobe/ffmpeg, Debian ffmpeg 5.1): what a media file holds, and its speech as
 * 16 kHz mono 16-bit WAV (the input every speech engine takes).
 */
import { stat } from 'node:fs/promises';
import { ProcessError, runProcess } from '../engines/run-process.ts';
import { MediaError } from './media-error.ts';

export { MediaError } from './media-error.ts';

/**
 * What `probeMedia` finds. `durationSeconds` is the length the file really plays, seconds: the larger of the
 * container's duration (the longest stream) and the timestamp its audio and video packets reach when read to the end
 * (issue 14, finding 1: an MP3 without a Xing header whose bitrate drops after the first frames declares a
 * fraction of its real length; the packets do not lie, and the pipeline decodes all of them), and the samples its
 * first audio stream decodes to (issue 24, item 3: packet timestamps can be compressed; the samples cannot).
 */
export interface MediaInfo {
  durationSeconds: number;
  hasAudio: boolean;
  hasVideo: boolean;
  formatName: string;
}

interface FfprobeJson {
  format?: { duration?: string; format_name?: string };
  streams?: { codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }[];
}

/**
 * Probes a media file.
 * @throws MediaError EMPTY_MEDIA (missing, empty or zero-length file), CORRUPT_MEDIA (not readable as media),
 *         NO_AUDIO_STREAM (no audio track: nothing to transcribe or dub); the signal's reason when aborted.
 */
export async function probeMedia(path: string, signal?: AbortSignal): Promise<MediaInfo> {
  const size = await stat(path).then(
    (s) => s.size,
    () => -1,
  );
  if (size < 0) throw new MediaError('EMPTY_MEDIA', 'The file could not be found: it may not have finished uploading.');
  if (size === 0) throw new MediaError('EMPTY_MEDIA', 'The file is empty (0 bytes): please upload it again.');
  let json: FfprobeJson;
  try {
    const r = await runProcess(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'format=duration,format_name:stream=codec_type,duration:stream_disposition=attached_pic',
        '-of',
        'json',
        path,
      ],
      { signal },
    );
    json = JSON.parse(r.stdout) as FfprobeJson;
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    const why =
      e instanceof ProcessError
        ? e.stderr
            .trim()
            .split('\n')
            .at(-1)
            ?.replace(/^.*?: /, '')
        : undefined;
    throw new MediaError(
      'CORRUPT_MEDIA',
      'The file could not be read as audio or video: it may be corrupt or in an unsupported format.',
      why,
    );
  }
  const streams = json.streams ?? [];
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  // Cover art in an MP3 shows up as a one-frame video stream; it is not a video.
  const hasVideo = streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const durations = [json.format?.duration, ...streams.map((s) => s.duration)]
    .map(Number)
    .filter((d) => Number.isFinite(d) && d > 0);
  const durationSeconds = durations.length ? Math.max(...durations) : 0;
  if (!streams.length)
    throw new MediaError('CORRUPT_MEDIA', 'The file could not be read as audio or video: it holds no media streams.');
  if (!hasAudio)
    throw new MediaError('NO_AUDIO_STREAM', 'The file has no audio track, so there is no speech to subtitle or dub.');
  const played = Math.max(durationSeconds, await playedSeconds(path, signal));
  if (played <= 0) throw new MediaError('EMPTY_MEDIA', 'The file has no playable length (0 seconds).');
  return { durationSeconds: played, hasAudio, hasVideo, formatName: json.format?.format_name ?? 'unknown' };
}

/**
 * The packet pass: reads the first audio stream and the first video stream (cover art left out) to the end without
 * decoding (`-c copy -f null`, about 0.5 s for 5 minutes of MP3); its timestamp is where the packets end.
 */
const PACKET_PASS = ['-map', '0:a:0', '-map', '0:V:0?', '-c', 'copy', '-f', 'null', '-'];

/**
 * The decoded pass: decodes the first audio stream and counts its samples (`asetpts=N/SR/TB` stamps each frame with
 * the samples before it, so its last timestamp is samples / sample rate). Issue 24, item 3: packets whose
 * timestamps were compressed (`asetpts=PTS/20` before encoding) declare 11.7 s in the container and in their
 * packets, while the audio decodes (and is transcribed) as 231 s; the price follows what is decoded. About 0.7 s for
 * 4 minutes of Opus.
 */
const DECODED_PASS = ['-map', '0:a:0', '-af', 'asetpts=N/SR/TB', '-f', 'null', '-'];

/**
 * Runs ffmpeg on `path` with the given null-output passes and reads its `-progress pipe:1` report: the furthest
 * output timestamp reached, seconds (0 when none); undefined when ffmpeg fails.
 * @throws the signal's reason when aborted.
 */
async function furthestSeconds(path: string, passes: string[][], signal?: AbortSignal): Promise<number | undefined> {
  try {
    const r = await runProcess(
      'ffmpeg',
      ['-nostdin', '-v', 'error', '-i', path, ...passes.flat(), '-progress', 'pipe:1'],
      {
        signal,
      },
    );
    const times = [...r.stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]) / 1e6);
    return times.length ? Math.max(...times.filter(Number.isFinite), 0) : 0;
  } catch {
    if (signal?.aborted) throw signal.reason;
    return undefined;
  }
}

/**
 * The larger of the packet and the decoded pass, seconds, from one ffmpeg run that writes both null outputs while
 * reading the file once: ffmpeg's progress time is the furthest end timestamp over all its output streams (checked
 * on Debian's ffmpeg 5.1 against the two runs apart: the compressed-timestamp Opus of issue 24, 11.7 s of packets
 * and 231 s decoded, reports 231 s; the MP3 without Xing header of issue 14 and jfk.mp4 report their packet time).
 * Saves a process start and a read of the file per probe (jfk.mp4: 0.11 s -> 0.05 s; 7.5 minutes of MP4: 0.23 s
 * -> 0.16 s). When that run fails, the two run apart, so a file whose packets cannot be copied still gets its
 * decoded length (and the other way round); a pass that fails counts 0 (the container's duration is used then).
 */
async function playedSeconds(path: string, signal?: AbortSignal): Promise<number> {
  const both = await furthestSeconds(path, [PACKET_PASS, DECODED_PASS], signal);
  if (both !== undefined) return both;
  const packets = (await furthestSeconds(path, [PACKET_PASS], signal)) ?? 0;
  return Math.max(packets, (await furthestSeconds(path, [DECODED_PASS], signal)) ?? 0);
}

/**
 * Extracts the first audio stream as 16 kHz mono PCM WAV (`ffmpeg -vn -ac 1 -ar 16000 -c:a pcm_s16le`).
 * @throws MediaError CORRUPT_MEDIA when the audio cannot be decoded; the signal's reason when aborted.
 */
export async function extractSpeechWav(input: string, outPath: string, signal?: AbortSignal): Promise<void> {
  try {
    await runProcess(
      'ffmpeg',
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-i',
        input,
        '-vn',
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        outPath,
      ],
      { signal },
    );
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new MediaError(
      'CORRUPT_MEDIA',
      'The audio track could not be decoded: the file may be corrupt.',
      (e as Error).message.slice(0, 2000),
    );
  }
}
