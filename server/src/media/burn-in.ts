/**
 * Burned-in subtitles (service burned_subtitles): the cues written as an ASS script (Advanced SubStation Alpha
 * v4+, as libass reads it) styled by the job's `subtitle_style`, rendered into the picture by ffmpeg's `ass`
 * filter (libass shapes with HarfBuzz and orders right-to-left text with FriBidi, so Arabic joins and reads
 * correctly; the font is Noto Sans, with fontconfig falling back to Noto Sans Arabic, CJK and Devanagari, Debian
 * fonts-noto-core and fonts-noto-cjk, scripts/setup.sh). The audio is encoded as AAC; the video is re-encoded in
 * H.264 with a fixed keyframe layout, so an edit can re-encode only its spans (burn-in-spans.ts).
 * Sizes in pixels of the video, times in seconds.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cue } from '../../../contract/cues.ts';
import type { SubtitleStyle } from '../../../contract/jobs.ts';
import { runProcess } from '../engines/run-process.ts';
import { MediaError } from './media-error.ts';

/** The style's defaults (contract SubtitleStyle). */
export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = {
  font_size: 48,
  colour: '#FFFFFF',
  background: 'outline',
  position: 'bottom',
  bilingual: false,
};

/** `#RRGGBB` -> ASS `&H00BBGGRR` (alpha 00 = opaque). */
function assColour(hex: string, alpha = 0): string {
  const h = hex.replace('#', '').toUpperCase();
  const a = alpha.toString(16).padStart(2, '0').toUpperCase();
  return `&H${a}${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`;
}

/** ASS time `H:MM:SS.cc` (centiseconds). */
function assTime(t: number): string {
  const cs = Math.max(0, Math.round(t * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

/** A letter of a right-to-left script (Unicode bidi classes R and AL). */
const RTL_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;

/**
 * Whether a line's first strong (letter) character is right-to-left: the paragraph direction rule of the Unicode
 * Bidirectional Algorithm (UAX #9, rules P2-P3), which browsers apply to `dir="auto"`.
 */
export function startsRightToLeft(line: string): boolean {
  const first = /\p{L}/u.exec(line);
  return first !== null && RTL_LETTER.test(first[0]);
}

/**
 * One line of cue text for ASS: braces would start override tags, a backslash an escape. libass lays every line
 * out left to right (its base direction is LTR), so a right-to-left line would end with its full stop on the
 * wrong side; such a line is wrapped in RIGHT-TO-LEFT EMBEDDING ... POP DIRECTIONAL FORMATTING (U+202B, U+202C),
 * which FriBidi honours, so it reads as a right-to-left paragraph.
 */
function assLine(line: string): string {
  const text = line.replace(/[{}]/g, '').replace(/\\/g, '\u29f5');
  return startsRightToLeft(text) ? `\u202b${text}\u202c` : text;
}

/** Cue text for ASS: each line by `assLine`, line breaks as `\N`. */
const assText = (lines: string[]) => lines.map(assLine).join('\\N');

/**
 * The ASS script of `cues` on a `width` x `height` picture. `font_size` is for a 1080-pixel-high picture and is
 * scaled; margins are 6 % of the height. Bilingual: `sourceCues` (the original language) in a smaller, lighter
 * style on their own times, placed just above (bottom) or below (top) the target lines.
 */
export function toAss(
  cues: Cue[],
  style: SubtitleStyle,
  video: { width: number; height: number },
  sourceCues?: Cue[],
): string {
  const scale = video.height / 1080;
  const size = Math.round(style.font_size * scale);
  const margin = Math.round(video.height * 0.06);
  const box = style.background === 'box';
  const align = style.position === 'top' ? 8 : 2;
  const styleLine = (name: string, fontSize: number, colour: string, marginV: number) =>
    `Style: ${name},Noto Sans,${fontSize},${colour},${colour},&H00000000,${box ? '&H60000000' : '&H80000000'},0,0,0,0,100,100,0,0,${box ? 3 : 1},${box ? Math.max(2, Math.round(size * 0.15)) : Math.max(1, Math.round(size * 0.06))},${box ? 0 : 1},${align},${margin},${margin},${marginV},1`;
  // The target lines of a two-line cue take about 2.4 line heights; the source line sits beyond them.
  const sourceSize = Math.round(size * 0.8);
  const events = cues.map(
    (c) => `Dialogue: 0,${assTime(c.start)},${assTime(c.end)},Target,,0,0,0,,${assText(c.lines)}`,
  );
  const sourceEvents = (sourceCues ?? []).map(
    (c) => `Dialogue: 0,${assTime(c.start)},${assTime(c.end)},Source,,0,0,0,,${assText([c.lines.join(' ')])}`,
  );
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${video.width}`,
    `PlayResY: ${video.height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    styleLine('Target', size, assColour(style.colour), margin),
    styleLine('Source', sourceSize, assColour('#E0E0E0'), margin + Math.round(size * 2.6)),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    ...(style.bilingual ? sourceEvents : []),
    '',
  ].join('\n');
}

/**
 * Seconds between keyframes of a burned video: every picture at or after a multiple of it starts a closed GOP
 * (an IDR frame), and there are no others, so burn-in-spans.ts can re-encode a span of GOPs and stream-copy the
 * rest. 2 s: a one-cue edit re-encodes 2-6 s of video; the extra keyframes make a file larger (at CRF 20: 10 %
 * on the near-still 28-s lj001-0001-0004.mp4, 5.7 % on bench:burn-in's 10-minute video, which prints it).
 */
export const KEYFRAME_INTERVAL_S = 2;

/**
 * The H.264 encoder settings of every burn, full or a span (burn-in-spans.ts joins pieces without re-encoding, so
 * they must agree: same SPS/PPS). No scene-cut keyframes (`scenecut=0`) and a GOP cap above any interval
 * (`-g 1000`), so the forced keyframes are the only ones; forced keyframes are IDR frames, GOPs closed.
 */
export const H264_ARGS: readonly string[] = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '20',
  '-pix_fmt',
  'yuv420p',
  '-g',
  '1000',
  '-flags',
  '+cgop',
  '-forced-idr',
  '1',
  '-x264-params',
  'scenecut=0',
];

/**
 * Writes `outPath` (MP4: H.264 video with the subtitles of `assPath` in the picture, a keyframe every
 * KEYFRAME_INTERVAL_S seconds, the input's audio encoded as AAC). `assPath`'s folder is ffmpeg's working folder
 * (the filter argument names the file only, so no path escaping is needed).
 * @throws MediaError FFMPEG_FAILED (ffmpeg's output as detail); the signal's reason when aborted.
 */
export async function burnSubtitles(
  input: string,
  assPath: string,
  outPath: string,
  signal?: AbortSignal,
): Promise<void> {
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    path.resolve(input),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    `ass=${path.basename(assPath)}`,
    ...H264_ARGS,
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_S})`,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    path.resolve(outPath),
  ];
  try {
    await runProcess('ffmpeg', args, { signal, cwd: path.dirname(assPath) });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new MediaError('FFMPEG_FAILED', 'The subtitles could not be burned into the video.', (e as Error).message);
  }
}

/** Writes the ASS script of `cues` next to nothing else in `dir` and burns it: see toAss and burnSubtitles. */
export async function renderSubtitledVideo(opts: {
  input: string;
  cues: Cue[];
  sourceCues?: Cue[];
  style: SubtitleStyle;
  video: { width: number; height: number };
  dir: string;
  outPath: string;
  signal?: AbortSignal;
}): Promise<void> {
  const ass = path.join(opts.dir, 'subtitles.ass');
  await writeFile(ass, toAss(opts.cues, opts.style, opts.video, opts.sourceCues));
  await burnSubtitles(opts.input, ass, opts.outPath, opts.signal);
}

/**
 * Width and height of the first video stream, pixels.
 * @throws MediaError FFMPEG_FAILED when ffprobe cannot read it (no video stream).
 */
export async function videoSize(input: string, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  const r = await runProcess(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', input],
    { signal, allowFailure: true },
  );
  const [width, height] = r.stdout.trim().split(',').map(Number);
  if (!(width > 0 && height > 0))
    throw new MediaError('FFMPEG_FAILED', 'The video picture could not be read.', r.stderr.slice(0, 2000));
  return { width, height };
}
