/**
 * Re-rendering a burned-in subtitles video after an edit (issue 36 item 2, "cost grows with the change"): only the
 * GOPs whose pictures the edit changes are encoded again, from the original video with the new ASS script, with
 * the settings of the full burn; every other run of GOPs is stream-copied from the previous render, the pieces are
 * joined by the concat demuxer without re-encoding and the previous render's audio is copied.
 *
 * This relies on the full burn's keyframe layout (burn-in.ts): a closed GOP starts at the first picture at or after
 * each multiple of KEYFRAME_INTERVAL_S and nowhere else. The layout is read back from the previous file's packets
 * (ffprobe, no decoding: its keyframe flags against the rule the encoder applied), not from a stored marker, so a
 * file from before this layout (an older job) or any other file is recognised and fully re-rendered instead.
 * Times in seconds; spans `[start, end)`.
 */
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cue } from '../../../contract/cues.ts';
import type { SubtitleStyle } from '../../../contract/jobs.ts';
import { runProcess } from '../engines/run-process.ts';
import { MediaError } from './media-error.ts';
import { H264_ARGS, KEYFRAME_INTERVAL_S, renderSubtitledVideo, toAss } from './burn-in.ts';

/** A time span `[start, end)`, seconds. */
export interface TimeSpan {
  start: number;
  end: number;
}

/**
 * What `rerenderSubtitledSpans` did. `mode`: 'copy' (nothing changed: the previous file copied), 'spans' (the
 * changed GOPs re-encoded, the rest copied), 'full' (the whole video re-encoded; `fallback` says why).
 * `spans`: the re-encoded time spans, GOP-aligned; `reencodedSeconds` their total; `totalSeconds` the video's.
 */
export interface SpanRerender {
  mode: 'copy' | 'spans' | 'full';
  reencodedSeconds: number;
  totalSeconds: number;
  spans: TimeSpan[];
  fallback?: string;
}

/**
 * Seconds added on both sides of a changed cue before it is matched to GOPs: the ass filter truncates a frame's
 * time to whole milliseconds, and a frame on a cue's end may land a rounding error either side of it.
 */
const CUE_MARGIN_S = 0.002;

/** `H:MM:SS.cc` in seconds. */
function parseAssTime(t: string): number {
  const [h, m, s] = t.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * The spans of the picture that differ between two ASS scripts: each Dialogue line found in one script and not in
 * the other (compared as multisets, so a cue moved, retimed, reworded, added or removed counts with its old and its
 * new times), from its own start to its end; everything (`[0, Infinity)`) when the headers (styles, picture size)
 * differ. Sorted, overlapping spans merged.
 */
export function changedSpans(previousAss: string, nextAss: string): TimeSpan[] {
  const split = (ass: string) => {
    const lines = ass.split('\n');
    return {
      header: lines.filter((l) => !l.startsWith('Dialogue:')).join('\n'),
      events: lines.filter((l) => l.startsWith('Dialogue:')),
    };
  };
  const before = split(previousAss);
  const after = split(nextAss);
  if (before.header !== after.header) return [{ start: 0, end: Infinity }];
  const count = new Map<string, number>();
  for (const e of before.events) count.set(e, (count.get(e) ?? 0) + 1);
  const added: string[] = [];
  for (const e of after.events) {
    const n = count.get(e) ?? 0;
    if (n > 0) count.set(e, n - 1);
    else added.push(e);
  }
  const removed = [...count].flatMap(([e, n]) => Array<string>(n).fill(e));
  const spans = [...removed, ...added]
    .map((e) => {
      const [, start, end] = e.split(',');
      return { start: parseAssTime(start), end: parseAssTime(end) };
    })
    .sort((a, b) => a.start - b.start);
  const merged: TimeSpan[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/**
 * The video frames of a file as the muxer stored them: presentation times in ticks of `timeBase` (sorted),
 * keyframe flags, the end of the last frame (ticks), and the codec's extradata as ffprobe dumps it
 * (for H.264 in MP4 the avcC box: profile, level, SPS and PPS; pieces joined without re-encoding must agree).
 */
interface FrameLayout {
  timeBase: [number, number];
  extradata: string;
  pts: number[];
  key: boolean[];
  end: number;
}

/** The frame layout of `file`'s first video stream (ffprobe, packets only), or null when it cannot be read. */
async function probeFrames(file: string, signal?: AbortSignal): Promise<FrameLayout | null> {
  const entries = 'stream=time_base,duration_ts,extradata:packet=pts,flags';
  const r = await runProcess(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_data', '-show_entries', entries, '-of', 'json', file],
    { signal, allowFailure: true },
  );
  if (r.code !== 0) return null;
  const j = JSON.parse(r.stdout) as {
    streams?: { time_base?: string; duration_ts?: number; extradata?: string }[];
    packets?: { pts?: number; flags?: string }[];
  };
  const stream = j.streams?.[0];
  const [num, den] = (stream?.time_base ?? '').split('/').map(Number);
  const packets = (j.packets ?? []).filter((p) => typeof p.pts === 'number').sort((a, b) => a.pts! - b.pts!);
  if (!(num > 0 && den > 0) || packets.length < 2) return null;
  // As stored, not from 0: the encoder's times, which the keyframe rule and the segment muxer's cuts use.
  const pts = packets.map((p) => p.pts!);
  const last = pts[pts.length - 1];
  const duration = stream?.duration_ts;
  const end =
    typeof duration === 'number' && pts[0] + duration > last ? pts[0] + duration : 2 * last - pts[pts.length - 2];
  const key = packets.map((p) => (p.flags ?? '').includes('K'));
  return { timeBase: [num, den], extradata: stream?.extradata ?? '', pts, key, end };
}

/**
 * The index of each GOP's first frame under the full burn's rule (`-force_key_frames expr:gte(t,n_forced*G)`:
 * a frame is a keyframe when its time reaches the next multiple of G, then the count goes up by one), or null
 * when the file's keyframes are not exactly those.
 */
function fixedGops(f: FrameLayout): number[] | null {
  const [num, den] = f.timeBase;
  const starts: number[] = [];
  let forced = 0;
  for (let i = 0; i < f.pts.length; i++) {
    const expected = f.pts[i] * num >= forced * KEYFRAME_INTERVAL_S * den;
    if (expected) forced++;
    if (expected !== f.key[i]) return null;
    if (expected) starts.push(i);
  }
  return starts;
}

/**
 * Runs ffmpeg (errors only, overwriting) in `cwd`.
 * @throws MediaError FFMPEG_FAILED with ffmpeg's output as detail; the signal's reason when aborted.
 */
async function ffmpeg(args: string[], cwd: string, signal?: AbortSignal): Promise<void> {
  try {
    await runProcess('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { signal, cwd });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new MediaError('FFMPEG_FAILED', 'The subtitled video could not be updated.', (e as Error).message);
  }
}

/** Thrown inside the span path when the pieces would not join exactly: the caller renders in full instead. */
class SpanMismatch extends Error {}

/** Moves `from` to `to`, by copying when they are on different file systems. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/** Seconds as ffmpeg reads them, to the microsecond. */
const sec = (s: number) => s.toFixed(6);

/** A run of GOPs `[from, to)` (indices), all changed or all unchanged. */
interface Run {
  from: number;
  to: number;
  changed: boolean;
}

/**
 * Encodes the GOPs of `run` from `input` with `work`/subtitles.ass into `out` (MP4, video only), frame for frame
 * the pictures the full burn would give them: the input seeked to just before the run's first frame (`-copyts
 * -start_at_zero`, so the ass filter sees the full burn's timestamps), the run's frame count, keyframes where
 * the GOPs start, the previous file's track time scale.
 * @throws SpanMismatch when the piece's frame times or H.264 parameter sets differ from the run's in `frames`.
 */
async function encodeRun(
  input: string,
  frames: FrameLayout,
  gops: number[],
  run: Run,
  cutBefore: (k: number) => number,
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  const [num, den] = frames.timeBase;
  const first = gops[run.from];
  const count = (run.to < gops.length ? gops[run.to] : frames.pts.length) - first;
  const t0 = (frames.pts[first] * num) / den;
  const keys: string[] = [];
  for (let k = run.from + 1; k < run.to; k++) keys.push(sec(cutBefore(k) - t0));
  const args = ['-copyts', '-start_at_zero', ...(run.from > 0 ? ['-ss', sec(cutBefore(run.from))] : [])]
    .concat(['-i', path.resolve(input), '-map', '0:v:0', '-vf', 'ass=subtitles.ass,setpts=PTS-STARTPTS'])
    .concat(['-frames:v', String(count), ...H264_ARGS, ...(keys.length ? ['-force_key_frames', keys.join(',')] : [])])
    .concat(['-an', ...(num === 1 ? ['-video_track_timescale', String(den)] : []), out]);
  await ffmpeg(args, path.dirname(out), signal);
  const got = await probeFrames(out, signal);
  if (got?.extradata !== frames.extradata) throw new SpanMismatch('other H.264 parameter sets');
  const starts = new Set(gops);
  const same =
    got.timeBase[0] === num &&
    got.timeBase[1] === den &&
    got.pts.length === count &&
    got.pts.every(
      (p, i) => p - got.pts[0] === frames.pts[first + i] - frames.pts[first] && got.key[i] === starts.has(first + i),
    );
  if (!same) throw new SpanMismatch('the re-encoded frames differ in number or times');
}

/** The full render (renderSubtitledVideo), reported as mode 'full' for `reason`. */
async function fullRender(opts: Parameters<typeof rerenderSubtitledSpans>[0], reason: string): Promise<SpanRerender> {
  const { input, cues, sourceCues, style, video, dir, outPath, signal } = opts;
  await renderSubtitledVideo({ input, cues, sourceCues, style, video, dir, outPath, signal });
  const f = await probeFrames(outPath, signal);
  const total = f ? (f.end * f.timeBase[0]) / f.timeBase[1] : 0;
  return {
    mode: 'full',
    reencodedSeconds: total,
    totalSeconds: total,
    spans: [{ start: 0, end: total }],
    fallback: reason,
  };
}

/**
 * Writes `outPath` as `renderSubtitledVideo` would with `cues` (and `sourceCues`), re-encoding only the GOPs of
 * `previous` (that function's output for `previousCues` and `previousSourceCues` from the same `input`; `style`
 * and `video` are those of both renders: after a style change call renderSubtitledVideo) whose pictures the edit
 * changes (changedSpans of the two ASS scripts, widened by CUE_MARGIN_S). Each run of changed GOPs is encoded
 * from `input` (seeked to the run, the ass filter on the full burn's timestamps via `-copyts -start_at_zero`,
 * exactly the run's frame count, keyframes where the full burn put them, checked with ffprobe afterwards); every
 * other run is cut from `previous` on its keyframes with `-c copy` (segment muxer); the pieces are joined by the
 * concat demuxer (each piece's exact duration given) and `previous`'s audio is copied. So every picture outside
 * the changed GOPs is `previous`'s, bit for bit, and the frame count and duration are the full render's.
 * Nothing changed: `previous` is copied (mode 'copy'). Full render instead (mode 'full', `fallback` the reason):
 * `previous` unreadable or without the fixed keyframe layout (an older job), every GOP changed, or a re-encoded
 * piece that would not join exactly (other frame times, other H.264 parameter sets). Scratch files go to a folder
 * in `dir`, removed at the end; `outPath` may be `previous` (replaced only once the new file is complete).
 * @throws MediaError FFMPEG_FAILED when ffmpeg fails (the full render, or a step of the span path); the signal's
 *         reason when aborted.
 */
export async function rerenderSubtitledSpans(opts: {
  input: string;
  previous: string;
  cues: Cue[];
  sourceCues?: Cue[];
  previousCues: Cue[];
  previousSourceCues?: Cue[];
  style: SubtitleStyle;
  video: { width: number; height: number };
  dir: string;
  outPath: string;
  signal?: AbortSignal;
}): Promise<SpanRerender> {
  const { signal } = opts;
  const nextAss = toAss(opts.cues, opts.style, opts.video, opts.sourceCues);
  const changes = changedSpans(toAss(opts.previousCues, opts.style, opts.video, opts.previousSourceCues), nextAss);
  const frames = await probeFrames(opts.previous, signal);
  const gops = frames && fixedGops(frames);
  if (!frames || !gops) return fullRender(opts, frames ? 'no fixed keyframe layout' : 'previous file unreadable');
  const [num, den] = frames.timeBase;
  const seconds = (ticks: number) => (ticks * num) / den;
  const totalSeconds = seconds(frames.end);
  const gopStart = (k: number) => (k < gops.length ? frames.pts[gops[k]] : frames.end);
  const changed = gops.map((_, k) =>
    changes.some(
      (c) => c.start - CUE_MARGIN_S < seconds(gopStart(k + 1)) && c.end + CUE_MARGIN_S > seconds(gopStart(k)),
    ),
  );
  if (!changed.includes(false)) return fullRender(opts, 'every GOP changed');
  if (!changed.includes(true)) {
    if (path.resolve(opts.outPath) !== path.resolve(opts.previous)) await copyFile(opts.previous, opts.outPath);
    return { mode: 'copy', reencodedSeconds: 0, totalSeconds, spans: [] };
  }
  // Runs of GOPs [from, to) that are all changed or all unchanged, in order.
  const runs: Run[] = [];
  for (const [k, c] of changed.entries()) {
    const last = runs.at(-1);
    if (last && last.changed === c) last.to = k + 1;
    else runs.push({ from: k, to: k + 1, changed: c });
  }
  // Between the last frame of one GOP and the first of the next: a cut time no rounding can move off its frame.
  const cutBefore = (k: number) => seconds((frames.pts[gops[k] - 1] + frames.pts[gops[k]]) / 2);
  const work = path.join(opts.dir, `spans-${process.pid}-${Date.now()}`);
  await mkdir(work, { recursive: true });
  try {
    await writeFile(path.join(work, 'subtitles.ass'), nextAss);
    const name = (r: Run, i: number) => `${r.changed ? 'span' : 'copy'}${String(i).padStart(4, '0')}.mp4`;
    // The unchanged runs cut from `previous` (one pass of stream copy, cheap) while the changed ones encode.
    const cutTimes = runs.slice(1).map((r) => sec(cutBefore(r.from)));
    const cut = ffmpeg(
      ['-i', path.resolve(opts.previous), '-map', '0:v:0', '-c', 'copy', '-f', 'segment']
        .concat(['-segment_times', cutTimes.join(','), '-reset_timestamps', '1', '-segment_format', 'mp4'])
        .concat([path.join(work, 'copy%04d.mp4')]),
      work,
      signal,
    );
    const encoded = (async () => {
      for (const [i, r] of runs.entries())
        if (r.changed) await encodeRun(opts.input, frames, gops, r, cutBefore, path.join(work, name(r, i)), signal);
    })();
    // Both settled before anything is read or the folder removed; the first failure is the one reported.
    const failed = (await Promise.allSettled([encoded, cut])).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const list = ['ffconcat version 1.0'];
    for (const [i, r] of runs.entries())
      list.push(`file '${name(r, i)}'`, `duration ${sec(seconds(gopStart(r.to) - gopStart(r.from)))}`);
    await writeFile(path.join(work, 'list.ffconcat'), list.join('\n') + '\n');
    const joined = path.join(work, 'joined.mp4');
    const join = ['-f', 'concat', '-safe', '0', '-i', 'list.ffconcat', '-i', path.resolve(opts.previous)];
    const copy = ['-map', '0:v:0', '-map', '1:a:0?', '-c', 'copy', '-movflags', '+faststart', joined];
    await ffmpeg([...join, ...copy], work, signal);
    await moveFile(joined, opts.outPath);
    const spans = runs
      .filter((r) => r.changed)
      .map((r) => ({ start: seconds(gopStart(r.from)), end: seconds(gopStart(r.to)) }));
    const reencodedSeconds = spans.reduce((sum, s) => sum + s.end - s.start, 0);
    return { mode: 'spans', reencodedSeconds, totalSeconds, spans };
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    if (e instanceof SpanMismatch) return fullRender(opts, e.message);
    throw e;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
