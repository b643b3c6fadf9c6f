/**
 * YouTube links (jobs issue): only http(s) links on youtube.com, www.youtube.com, m.youtube.com and youtu.be are
 * accepted, so the server can never be made to fetch another address. yt-dlp runs with the YouTube extractors only
 * (no generic extractor that would follow any URL), a size cap and a duration cap.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../../engines/run-process.ts';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);

/** A YouTube link that could not be read or downloaded; the message is shown to the user. */
export class YoutubeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YoutubeError';
  }
}

/** True for an http(s) YouTube link with a path or video id, no credentials and no explicit port. */
export function isYoutubeUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password || url.port) return false;
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return false;
  return url.pathname.length > 1;
}

/** The arguments every yt-dlp call gets: no user configuration, YouTube extractors only, one video. */
function baseArgs(): string[] {
  return [
    '--ignore-config',
    '--no-playlist',
    '--use-extractors',
    'youtube,YoutubeYtBe',
    '--socket-timeout',
    '15',
    '--no-warnings',
  ];
}

function readable(err: unknown, what: string): YoutubeError {
  const detail = (err as { stderr?: string }).stderr?.match(/ERROR: (.*)/)?.[1] ?? (err as Error).message;
  return new YoutubeError(`${what}: ${detail.slice(0, 300)}. Check the link, or upload the file instead.`);
}

/**
 * Reads the video's duration without downloading it (for pricing at submission).
 * @returns seconds
 * @throws YoutubeError when the link is not YouTube, the video cannot be read, or it is longer than `maxSeconds`.
 */
export async function youtubeDuration(url: string, maxSeconds: number, signal?: AbortSignal): Promise<number> {
  if (!isYoutubeUrl(url))
    throw new YoutubeError('Only YouTube links (youtube.com, youtu.be) can be translated from a link.');
  let out;
  try {
    out = await runProcess('yt-dlp', [...baseArgs(), '--skip-download', '--dump-single-json', '--', url], { signal });
  } catch (err) {
    throw readable(err, 'Could not read this YouTube video');
  }
  const info = JSON.parse(out.stdout) as { duration?: number; is_live?: boolean };
  if (info.is_live) throw new YoutubeError('Live streams cannot be translated. Try again when the stream has ended.');
  if (!info.duration || !(info.duration > 0)) throw new YoutubeError('This YouTube video has no known duration.');
  if (info.duration > maxSeconds)
    throw new YoutubeError(
      `This video is longer than the ${Math.round(maxSeconds / 60)} minutes allowed for links. Upload the file instead.`,
    );
  return info.duration;
}

/**
 * Downloads the video into `dir` (worker side).
 * @param caps.maxBytes yt-dlp --max-filesize; caps.maxSeconds --match-filter "duration <= N".
 * @returns the downloaded file's path
 * @throws YoutubeError with a readable reason (unreachable, removed, too long, too large).
 */
export async function downloadYoutube(
  url: string,
  dir: string,
  caps: { maxBytes: number; maxSeconds: number },
  signal?: AbortSignal,
): Promise<string> {
  if (!isYoutubeUrl(url))
    throw new YoutubeError('Only YouTube links (youtube.com, youtu.be) can be translated from a link.');
  await fsp.mkdir(dir, { recursive: true });
  const args = [
    ...baseArgs(),
    '--max-filesize',
    String(caps.maxBytes),
    '--match-filter',
    `duration <= ${Math.floor(caps.maxSeconds)} & !is_live`,
    '-f',
    'bv*[height<=720]+ba/b[height<=720]/b',
    '--merge-output-format',
    'mp4',
    '--no-part',
    '-o',
    path.join(dir, 'youtube-source.%(ext)s'),
    '--',
    url,
  ];
  try {
    await runProcess('yt-dlp', args, { signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw readable(err, 'Could not download this YouTube video');
  }
  const file = (await fsp.readdir(dir)).find((f) => f.startsWith('youtube-source.'));
  // yt-dlp skips (exit 0) a video the filters refuse.
  if (!file)
    throw new YoutubeError(
      `This YouTube video was not downloaded: it is longer than ${Math.round(caps.maxSeconds / 60)} minutes, larger than ${Math.round(caps.maxBytes / 1024 ** 3)} GB, or live.`,
    );
  return path.join(dir, file);
}
