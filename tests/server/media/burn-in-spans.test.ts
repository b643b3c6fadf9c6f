import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUBTITLE_STYLE, renderSubtitledVideo, videoSize } from '../../../server/src/media/burn-in.ts';
import { changedSpans, rerenderSubtitledSpans } from '../../../server/src/media/burn-in-spans.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import type { Cue } from '../../../contract/cues.ts';

// 28.24 s of 640x360 video at 25 frames a second, with speech.
const VIDEO = new URL('../../../../shared/testdata/video/lj001-0001-0004.mp4', import.meta.url).pathname;
const style = DEFAULT_SUBTITLE_STYLE;
let dir: string;
let size: { width: number; height: number };
/** Full renders of BEFORE (the file an edit starts from) and of AFTER (what the span re-render must match). */
let previous: string;
let full: string;

const BEFORE: Cue[] = [
  { start: 0.5, end: 3.2, lines: ['Printing, in the only sense'] },
  { start: 5.0, end: 7.0, lines: ['with which we are at present concerned,'] },
  { start: 12.0, end: 15.0, lines: ['differs from most if not from all the arts'] },
  { start: 20.0, end: 24.0, lines: ['and crafts represented in the Exhibition'] },
];
// The second cue reworded and moved: its old and new times lie in the GOPs [4, 6) and [6, 8).
const AFTER: Cue[] = BEFORE.map((c, i) =>
  i === 1 ? { start: 5.5, end: 7.8, lines: ['with which we are concerned at present,'] } : c,
);

/** `file` in the test folder. */
const at = (file: string) => path.join(dir, file);

/** A render of `cues` in its own folder (as the stage gives each language one): the file's path. */
async function fullRender(name: string, cues: Cue[]): Promise<string> {
  await mkdir(at(name), { recursive: true });
  const outPath = at(`${name}.mp4`);
  await renderSubtitledVideo({ input: VIDEO, cues, style, video: size, dir: at(name), outPath });
  return outPath;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-burn-spans-test-'));
  size = await videoSize(VIDEO);
  [previous, full] = await Promise.all([fullRender('previous', BEFORE), fullRender('full', AFTER)]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** MD5 of the decoded picture shown at `t` seconds (the first frame at or after it). */
async function frameMd5(file: string, t: number): Promise<string> {
  const args = ['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-f', 'md5', '-'];
  return (await runProcess('ffmpeg', args)).stdout.trim();
}

/** Every decoded picture of `file`: its time (s) and MD5 (ffmpeg's framemd5 muxer). */
async function frameMd5s(file: string): Promise<{ t: number; md5: string }[]> {
  const r = await runProcess('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'framemd5', '-']);
  const timeBase = /#tb 0: (\d+)\/(\d+)/.exec(r.stdout);
  const [num, den] = timeBase ? [Number(timeBase[1]), Number(timeBase[2])] : [NaN, NaN];
  return r.stdout
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').map((f) => f.trim()))
    .map((f) => ({ t: (Number(f[2]) * num) / den, md5: f[5] }));
}

/** PSNR (dB, luma and chroma averaged; Infinity when identical) between the pictures of `a` and `b` at `t`. */
async function psnr(a: string, b: string, t: number): Promise<number> {
  const args = ['-v', 'info', '-ss', String(t), '-i', a, '-ss', String(t), '-i', b, '-frames:v', '1'];
  const r = await runProcess('ffmpeg', [...args, '-lavfi', 'psnr', '-f', 'null', '-']);
  const m = /PSNR .*average:(inf|[\d.]+)/.exec(r.stderr);
  if (!m) throw new Error(`no PSNR in: ${r.stderr.slice(-500)}`);
  return m[1] === 'inf' ? Infinity : Number(m[1]);
}

/** Frame count (decoded), video and audio durations (s) of `file`. */
async function probe(file: string) {
  const r = await runProcess('ffprobe', [
    ...['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,nb_read_frames,duration'],
    ...['-of', 'json', file],
  ]);
  const streams = (JSON.parse(r.stdout) as { streams: Record<string, string>[] }).streams;
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  return { frames: Number(video?.nb_read_frames), video: Number(video?.duration), audio: Number(audio?.duration) };
}

/** What ffmpeg prints when it decodes all of `file` (errors only): nothing for a sound file. */
async function decodeErrors(file: string): Promise<string> {
  const r = await runProcess('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { allowFailure: true });
  return (r.stdout + r.stderr).trim();
}

describe('burned-in subtitles, re-rendered by spans', () => {
  it('finds the spans an edit changes: a cue retimed and reworded counts with its old and new times', () => {
    expect(
      changedSpans('[Script Info]\nDialogue: 0,0:00:01.00,0:00:02.00,Target,,0,0,0,,a\n', '[Script Info]\n'),
    ).toEqual([{ start: 1, end: 2 }]);
    const line = (s: string, e: string, text: string) => `Dialogue: 0,${s},${e},Target,,0,0,0,,${text}`;
    const before = ['[Script Info]', line('0:00:01.00', '0:00:02.00', 'a'), line('0:00:30.00', '0:00:31.50', 'b')];
    const after = ['[Script Info]', line('0:00:01.00', '0:00:02.00', 'a'), line('0:00:31.00', '0:00:33.00', 'c')];
    expect(changedSpans(before.join('\n'), after.join('\n'))).toEqual([{ start: 30, end: 33 }]);
    expect(changedSpans(before.join('\n'), before.join('\n'))).toEqual([]);
    // Another style (a header line) changes every picture.
    expect(changedSpans(before.join('\n'), ['[Script Info]', 'PlayResY: 720', ...before.slice(1)].join('\n'))).toEqual([
      { start: 0, end: Infinity },
    ]);
  });

  it('re-encodes only the changed GOPs: the same video as a full re-render, the rest bit-identical', async () => {
    await mkdir(at('spans'));
    const outPath = at('spans.mp4');
    const result = await rerenderSubtitledSpans({
      input: VIDEO,
      previous,
      cues: AFTER,
      previousCues: BEFORE,
      style,
      video: size,
      dir: at('spans'),
      outPath,
    });
    expect(result.mode).toBe('spans');
    expect(result.spans).toEqual([{ start: 4, end: 8 }]);
    expect(result.reencodedSeconds).toBeCloseTo(4, 6);
    expect(result.totalSeconds).toBeCloseTo(28.24, 2);

    const [spans, fullProbe, prevProbe] = await Promise.all([probe(outPath), probe(full), probe(previous)]);
    expect(spans.frames).toBe(fullProbe.frames);
    expect(spans.video).toBeCloseTo(fullProbe.video, 3);
    expect(spans.audio).toBeCloseTo(prevProbe.audio, 3);
    expect(await decodeErrors(outPath)).toBe('');

    // At the edited cue (old and new text both shown at 6.5 s): the full re-render's picture, not the old one.
    expect(await psnr(outPath, full, 6.5)).toBeGreaterThanOrEqual(35);
    expect(await frameMd5(outPath, 6.5)).not.toBe(await frameMd5(previous, 6.5));
    expect(await frameMd5(previous, 6.5)).not.toBe(await frameMd5(full, 6.5));
    // Away from it, the previous file's pictures, bit for bit (decoded), on both sides of the re-encoded span.
    for (const t of [1.0, 3.9, 8.1, 13.0, 22.0, 28.0])
      expect(await frameMd5(outPath, t)).toBe(await frameMd5(previous, t));
    const [mine, before] = await Promise.all([frameMd5s(outPath), frameMd5s(previous)]);
    expect(mine.length).toBe(before.length);
    const outside = (f: { t: number }) => f.t < 4 || f.t >= 8;
    expect(mine.filter(outside)).toEqual(before.filter(outside));
    expect(mine.filter(outside).length).toBe(Math.round((28.24 - 4) * 25));
  });

  it('re-encodes the first and the last GOPs, in place of the previous file', async () => {
    // The first cue reworded, a cue added at the end: GOPs [0, 4) s and [26, 28.24) s.
    const edited: Cue[] = [
      { ...BEFORE[0], lines: ['Printing, in the one sense'] },
      ...BEFORE.slice(1),
      { start: 27.0, end: 28.2, lines: ['The end.'] },
    ];
    const fullEdited = await fullRender('full-ends', edited);
    const inPlace = at('in-place.mp4');
    await copyFile(previous, inPlace);
    await mkdir(at('ends'));
    const result = await rerenderSubtitledSpans({
      ...{ input: VIDEO, previous: inPlace, cues: edited, previousCues: BEFORE, style, video: size },
      ...{ dir: at('ends'), outPath: inPlace },
    });
    expect(result.mode).toBe('spans');
    expect(result.spans).toEqual([
      { start: 0, end: 4 },
      { start: 26, end: 28.24 },
    ]);
    const [mine, theirs] = await Promise.all([probe(inPlace), probe(fullEdited)]);
    expect(mine.frames).toBe(theirs.frames);
    expect(mine.video).toBeCloseTo(theirs.video, 3);
    expect(await decodeErrors(inPlace)).toBe('');
    for (const t of [1.5, 27.5]) expect(await psnr(inPlace, fullEdited, t)).toBeGreaterThanOrEqual(35);
    expect(await frameMd5(inPlace, 27.5)).not.toBe(await frameMd5(previous, 27.5));
    for (const t of [4.1, 13.0, 25.9]) expect(await frameMd5(inPlace, t)).toBe(await frameMd5(previous, t));
  });

  it('copies the previous file when nothing changed', async () => {
    await mkdir(at('same'), { recursive: true });
    const outPath = at('same.mp4');
    const base = { input: VIDEO, previous, style, video: size, dir: at('same'), outPath };
    const result = await rerenderSubtitledSpans({ ...base, cues: BEFORE, previousCues: structuredClone(BEFORE) });
    expect(result).toMatchObject({ mode: 'copy', reencodedSeconds: 0, spans: [] });
    expect((await readFile(outPath)).equals(await readFile(previous))).toBe(true);
  });

  it('renders in full when the previous file comes from before the fixed keyframe layout', async () => {
    // An older job's render: x264's own keyframes (every 250 frames and on scene cuts).
    const older = at('older.mp4');
    await runProcess('ffmpeg', [
      ...['-v', 'error', '-y', '-i', VIDEO, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', older],
    ]);
    await mkdir(at('older'), { recursive: true });
    const outPath = at('from-older.mp4');
    const result = await rerenderSubtitledSpans({
      input: VIDEO,
      previous: older,
      cues: AFTER,
      previousCues: BEFORE,
      style,
      video: size,
      dir: at('older'),
      outPath,
    });
    expect(result).toMatchObject({ mode: 'full', fallback: 'no fixed keyframe layout' });
    expect(result.reencodedSeconds).toBeCloseTo(28.24, 2);
    expect(await frameMd5(outPath, 6.5)).toBe(await frameMd5(full, 6.5));
  });

  it('renders in full when the previous file has the keyframe layout but other encoder settings', async () => {
    // Same keyframes, another preset: its SPS differs (reference frames), so pieces would not join.
    const other = at('other-preset.mp4');
    await runProcess('ffmpeg', [
      ...[
        '-v',
        'error',
        '-y',
        '-i',
        VIDEO,
        '-c:v',
        'libx264',
        '-preset',
        'medium',
        '-crf',
        '20',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-x264-params', 'scenecut=0', '-force_key_frames', 'expr:gte(t,n_forced*2)', '-c:a', 'aac', other],
    ]);
    await mkdir(at('other'), { recursive: true });
    const outPath = at('from-other.mp4');
    const result = await rerenderSubtitledSpans({
      ...{ input: VIDEO, previous: other, cues: AFTER, previousCues: BEFORE, style, video: size },
      ...{ dir: at('other'), outPath },
    });
    expect(result).toMatchObject({ mode: 'full', fallback: 'other H.264 parameter sets' });
    expect(await frameMd5(outPath, 6.5)).toBe(await frameMd5(full, 6.5));
    expect(await decodeErrors(outPath)).toBe('');
  });
});
