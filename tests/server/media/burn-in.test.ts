import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUBTITLE_STYLE, renderSubtitledVideo, toAss, videoSize } from '../../../server/src/media/burn-in.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import type { Cue } from '../../../contract/cues.ts';

const VIDEO = new URL('../../../../shared/testdata/video/jfk.mp4', import.meta.url).pathname;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-burn-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One grey frame (width x height bytes) of `file` at `t` seconds. */
async function frame(file: string, t: number, size: { width: number; height: number }): Promise<Buffer> {
  const out = path.join(dir, `frame-${Math.random().toString(36).slice(2)}.gray`);
  await runProcess('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(t),
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-s',
    `${size.width}x${size.height}`,
    out,
  ]);
  const b = await readFile(out);
  await rm(out);
  return b;
}

/** Rows (0 = top) holding pixels that differ by more than 48 grey levels, first and last; count of such pixels. */
function changedRows(a: Buffer, b: Buffer, width: number) {
  let first = -1;
  let last = -1;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i] - b[i]) <= 48) continue;
    const row = Math.floor(i / width);
    if (first < 0) first = row;
    last = row;
    count++;
  }
  return { first, last, count };
}

/** The first frame of `ass` rendered by libass over a plain grey 640x360 picture (grey bytes, one per pixel). */
async function renderAss(ass: string): Promise<Buffer> {
  const name = `script-${Math.random().toString(36).slice(2)}`;
  await writeFile(path.join(dir, `${name}.ass`), ass);
  const args = ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=640x360:d=1', '-vf', `ass=${name}.ass`];
  await runProcess('ffmpeg', [...args, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', `${name}.gray`], {
    cwd: dir,
  });
  return readFile(path.join(dir, `${name}.gray`));
}

const EN: Cue[] = [{ start: 0.3, end: 3.5, lines: ['And so, my fellow Americans,'] }];
const ES: Cue[] = [{ start: 0.3, end: 3.5, lines: ['Y así, mis compatriotas estadounidenses,'] }];
const AR: Cue[] = [{ start: 0.3, end: 3.5, lines: ['\u200fوهكذا، يا رفاقي الأمريكيين،\u200f'] }];

describe('burned-in subtitles', () => {
  it('writes an ASS script with the style: colour, box, top position, bilingual source line', () => {
    const ass = toAss(
      ES,
      { ...DEFAULT_SUBTITLE_STYLE, colour: '#FFCC00', background: 'box', position: 'top', bilingual: true },
      { width: 640, height: 360 },
      EN,
    );
    expect(ass).toContain('PlayResY: 360');
    expect(ass).toMatch(/Style: Target,Noto Sans,16,&H0000CCFF,.*,3,\d+,0,8,/);
    expect(ass).toContain('Dialogue: 0,0:00:00.30,0:00:03.50,Target,,0,0,0,,Y así, mis compatriotas estadounidenses,');
    expect(ass).toContain(',Source,,0,0,0,,And so, my fellow Americans,');
  });

  it('draws a right-to-left line as a right-to-left paragraph: the full stop at its left end', async () => {
    const video = { width: 640, height: 360 };
    const style = { ...DEFAULT_SUBTITLE_STYLE, font_size: 96 };
    const script = toAss([{ start: 0, end: 1, lines: ['مرحبا بالعالم.'] }], style, video);
    // The same picture drawn left to right with the full stop typed first: its visual order, the order a reader
    // of Arabic expects. Before the fix, libass drew the full stop at the right end (the sentence's start).
    const dialogue = script.split('\n').find((l) => l.startsWith('Dialogue:')) ?? '';
    const visual = script.replace(dialogue, dialogue.replace(/,,[^,]*$/, ',,.مرحبا بالعالم'));
    const drawn = await renderAss(script);
    const expected = await renderAss(visual);
    expect(changedRows(await renderAss(script.replace(dialogue, '')), drawn, video.width).count).toBeGreaterThan(200);
    // Identical but for a few anti-aliased pixels (2 here; about 2,200 differ when the full stop is on the right).
    expect(changedRows(expected, drawn, video.width).count).toBeLessThan(50);
    // A left-to-right line is not wrapped.
    expect(toAss(EN, DEFAULT_SUBTITLE_STYLE, video)).toContain(',,And so, my fellow Americans,');
  });

  it.each([
    ['es bilingual', ES, EN, true],
    ['ar', AR, undefined, false],
  ])('%s: frames at the cue midpoint change in the subtitle area only', async (name, cues, source, bilingual) => {
    const size = await videoSize(VIDEO);
    const out = path.join(dir, `jfk_${name.replace(' ', '_')}_subtitled.mp4`);
    await renderSubtitledVideo({
      input: VIDEO,
      cues,
      sourceCues: source,
      style: { ...DEFAULT_SUBTITLE_STYLE, bilingual },
      video: size,
      dir,
      outPath: out,
    });
    expect((await stat(out)).size).toBeGreaterThan(10_000);
    const mid = (cues[0].start + cues[0].end) / 2;
    const diff = changedRows(await frame(VIDEO, mid, size), await frame(out, mid, size), size.width);
    expect(diff.count).toBeGreaterThan(200);
    // Bottom position: the text lies in the lower part of the picture; bilingual adds a line above.
    expect(diff.first).toBeGreaterThan(size.height * (bilingual ? 0.5 : 0.65));
    expect(diff.last).toBeLessThan(size.height);
    // After the cue, the picture is the original's again.
    const after = changedRows(await frame(VIDEO, 5, size), await frame(out, 5, size), size.width);
    expect(after.count).toBeLessThan(50);
  });
});
