/**
 * `npm run bench:burn-in`: what re-rendering a burned-in subtitles video costs after a one-cue edit (issue 36
 * item 2, "cost grows with the change"; server/src/media/burn-in-spans.ts) against a full re-render.
 * A ~10-minute video is built in a temp folder by looping ../shared/testdata/video/lj001-0001-0004.mp4
 * (`-stream_loop`, encoded once), subtitled with a cue every 4 s and burned in full; then one cue in the middle
 * is reworded and moved by 0.3 s and the video re-rendered by spans (the median of 3 runs). Also the size of the
 * full burn against the same encode with x264's own keyframes (the cost of the fixed 2-s GOPs).
 * Prints one JSON line: {media_seconds, full_render_seconds, one_cue_rerender_seconds, share, ...}.
 * Goal: share <= 0.10. A measurement, not a test: it never fails on a miss.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SUBTITLE_STYLE, renderSubtitledVideo, videoSize } from '../server/src/media/burn-in.ts';
import { rerenderSubtitledSpans, type SpanRerender } from '../server/src/media/burn-in-spans.ts';
import { runProcess } from '../server/src/engines/run-process.ts';
import type { Cue } from '../contract/cues.ts';

const SOURCE = path.resolve(
  process.argv[2] ?? path.join(import.meta.dirname, '../../shared/testdata/video/lj001-0001-0004.mp4'),
);
const MEDIA_SECONDS = 600;

/** Seconds `fn` takes, with its result. */
async function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const t0 = performance.now();
  const result = await fn();
  return { seconds: (performance.now() - t0) / 1000, result };
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-bench-burn-in-'));
  try {
    const input = path.join(dir, 'long.mp4');
    await runProcess('ffmpeg', [
      ...['-v', 'error', '-y', '-stream_loop', '-1', '-i', SOURCE, '-t', String(MEDIA_SECONDS)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', input],
    ]);
    const video = await videoSize(input);
    const style = DEFAULT_SUBTITLE_STYLE;
    const cues: Cue[] = Array.from({ length: MEDIA_SECONDS / 4 - 1 }, (_, i) => ({
      start: i * 4 + 0.5,
      end: i * 4 + 3.5,
      lines: [`Cue ${i + 1}: printing, in the only sense`, 'with which we are at present concerned'],
    }));
    const middle = Math.floor(cues.length / 2);
    const edited = cues.map((c, i) =>
      i === middle ? { start: c.start + 0.3, end: c.end + 0.3, lines: ['An edited cue, reworded', 'and moved'] } : c,
    );

    await mkdir(path.join(dir, 'full'));
    const previous = path.join(dir, 'previous.mp4');
    const full = await timed(() =>
      renderSubtitledVideo({ input, cues, style, video, dir: path.join(dir, 'full'), outPath: previous }),
    );

    const runs: { seconds: number; result: SpanRerender }[] = [];
    for (let i = 0; i < 3; i++) {
      const work = path.join(dir, `spans-${i}`);
      await mkdir(work);
      const outPath = path.join(dir, `edited-${i}.mp4`);
      const opts = { input, previous, cues: edited, previousCues: cues, style, video, dir: work, outPath };
      runs.push(await timed(() => rerenderSubtitledSpans(opts)));
    }
    runs.sort((a, b) => a.seconds - b.seconds);
    const span = runs[1];

    // The same burn with x264's own keyframes (every 250 frames and on scene cuts), as before the fixed layout.
    const ownKeyframes = path.join(dir, 'own-keyframes.mp4');
    await runProcess(
      'ffmpeg',
      [
        ...['-v', 'error', '-y', '-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-vf', 'ass=subtitles.ass'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', ownKeyframes],
      ],
      { cwd: path.join(dir, 'full') },
    );
    const [fixedSize, ownSize] = await Promise.all([stat(previous), stat(ownKeyframes)]);

    const figures = {
      media_seconds: Number(span.result.totalSeconds.toFixed(2)),
      full_render_seconds: Number(full.seconds.toFixed(2)),
      one_cue_rerender_seconds: Number(span.seconds.toFixed(2)),
      share: Number((span.seconds / full.seconds).toFixed(4)),
      rerender_runs_seconds: runs.map((r) => Number(r.seconds.toFixed(2))),
      mode: span.result.mode,
      reencoded_seconds: Number(span.result.reencodedSeconds.toFixed(2)),
      reencoded_spans: span.result.spans,
      size_bytes: fixedSize.size,
      size_bytes_own_keyframes: ownSize.size,
      size_increase: Number((fixedSize.size / ownSize.size - 1).toFixed(4)),
    };
    console.log(JSON.stringify(figures));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
