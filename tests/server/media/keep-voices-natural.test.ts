import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { memoryArtifacts } from '../../../server/src/media/artifacts.ts';
import { dubLanguage } from '../../../server/src/media/stages/dub-language.ts';
import { dubLanguageNatural } from '../../../server/src/media/stages/natural-dub.ts';
import { clipLengths } from '../../../server/src/media/voice-over.ts';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import type { VoiceChoice } from '../../../server/src/engines/engine-choice.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { CLIP_GAP } from '../../../server/src/media/voice-fit.ts';

/**
 * Issue 20 item 3, "Keep voices natural": on a clip whose Spanish runs long, the dubbed MP4 is longer than the input
 * by the slowed span, the voice stays <= 1.15x, the MP4's VTT follows the new timeline, and the MP3 keeps the input's
 * length. Without the option nothing changes. Lengths and cue times are read back with ffprobe.
 */
const SECONDS = 14;
/** The picture turns from red to blue here (input seconds), after the slowed span. */
const SWITCH = 9;
const LONG = 'Muchas gracias a todos por venir hoy a esta reunión tan importante para nosotros.';
const SHORT = 'Hola.';

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'keep-natural-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const ff = (args: string[]) => runProcess('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args]);
async function probe(file: string, entries: string, stream?: string): Promise<string> {
  const select = stream ? ['-select_streams', stream] : [];
  const r = await runProcess('ffprobe', ['-v', 'error', ...select, '-show_entries', entries, '-of', 'csv=p=0', file]);
  return r.stdout.trim();
}
const durationOf = async (file: string) => Number(await probe(file, 'format=duration'));
/** The start times of a subtitle file's cues as ffprobe reads them (packet times), seconds. */
const cueStarts = async (file: string) => (await probe(file, 'packet=pts_time')).split('\n').map(Number);
/** The red and blue of the picture at `t` seconds (a 1x1 RGB sample of the first frame from there). */
async function colourAt(file: string, t: number): Promise<'red' | 'blue'> {
  const out = path.join(dir, `px-${t}.rgb`);
  await ff([
    '-ss',
    t.toFixed(3),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'scale=1:1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    out,
  ]);
  const [r, , b] = await readFile(out);
  return r > b ? 'red' : 'blue';
}

describe('keep voices natural (issue 20 item 3)', () => {
  it('slows the picture over a long line: MP4 longer by the span, voice <= 1.15x, VTT on the new timeline', async () => {
    const input = path.join(dir, 'in.mp4');
    await ff([
      '-f', 'lavfi', '-i', `color=c=red:s=64x64:r=25:d=${SWITCH}`,
      '-f', 'lavfi', '-i', `color=c=blue:s=64x64:r=25:d=${SECONDS - SWITCH}`,
      '-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=44100:duration=${SECONDS},volume=0.2`,
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', input,
    ]); // prettier-ignore
    const engine = createEspeakEngine();
    const voice = engine.voices('es').find((v) => v.id === 'es+m3')!;
    const choice: VoiceChoice = { engine, voice, id: `${engine.id}:${voice.id}`, chosen: true, offered: [voice] };
    const artifacts = memoryArtifacts();
    // The clips' natural lengths, so the slots can be drawn around them (the dubs below reuse the stored clips).
    const measured = await clipLengths({
      segments: [LONG, SHORT].map((text) => ({ text, start: 0, end: 1 })),
      engine,
      voice: voice.id,
      language: 'es',
      workDir: dir,
      clips: artifacts,
    });
    const [long, short] = measured.lengths;
    // The long line's slot needs 1.3x with next to no pause before or after it: only slowing the picture keeps it
    // natural.
    const slot0 = { start: 0.05, end: 0.05 + long / 1.3 };
    const next = slot0.end + 0.1;
    const segments = [
      { text: LONG, ...slot0 },
      { text: SHORT, start: next, end: next + short + 0.5 },
    ];
    expect(segments[1].end).toBeLessThan(SWITCH - 0.5);
    const cues = segments.map((s) => ({ start: s.start, end: s.end, lines: [s.text] }));
    // The span slowed: from the long line's start to the next line, by what brings its voice to 1.15x.
    const factor = long / (1.15 * (next - CLIP_GAP - slot0.start));
    expect(factor).toBeGreaterThan(1.05);
    expect(factor).toBeLessThan(1.25);
    const added = (factor - 1) * (next - slot0.start);
    const common = {
      s: { req: { inputPath: input, baseName: 'x', outDir: dir, targetLanguages: ['es'], services: [] }, artifacts },
      language: 'es',
      segments,
      choice,
      duration: SECONDS,
    };
    const file = (name: string) => path.join(dir, name);
    const on = await dubLanguageNatural({
      ...common,
      workDir: file('on'),
      mp3Path: file('on.mp3'),
      mp4Path: file('on.mp4'),
      cues,
      srtPath: file('on.srt'),
      vttPath: file('on.vtt'),
    });
    expect(Math.abs(on.addedSeconds - added)).toBeLessThan(0.11);
    // The MP4 is longer than the input by the slowed span; its picture and sound both; the MP3 keeps the length.
    expect(Math.abs((await durationOf(file('on.mp4'))) - (SECONDS + added))).toBeLessThan(0.15);
    for (const stream of ['v:0', 'a:0'])
      expect(Math.abs(Number(await probe(file('on.mp4'), 'stream=duration', stream)) - (SECONDS + added))).toBeLessThan(
        0.15,
      );
    expect(Math.abs((await durationOf(file('on.mp3'))) - SECONDS)).toBeLessThan(0.1);
    // The picture itself is slowed: the red-to-blue change comes later by the added seconds.
    expect(await colourAt(file('on.mp4'), SWITCH + added - 0.3)).toBe('red');
    expect(await colourAt(file('on.mp4'), SWITCH + added + 0.3)).toBe('blue');
    // The voice never beyond 1.15x.
    for (const seg of on.sync.segments) {
      expect(seg.speed).toBeLessThanOrEqual(1.151);
      expect(['natural', 'ok']).toContain(seg.status);
    }
    // The VTT of the dubbed video: the first cue starts as before (the span begins with it), the one after the span
    // later by the span's added seconds. The SRT agrees.
    for (const sub of ['on.vtt', 'on.srt']) {
      const starts = await cueStarts(file(sub));
      expect(starts[0]).toBeCloseTo(slot0.start, 2);
      expect(Math.abs(starts[1] - (next + added))).toBeLessThan(0.01);
    }
    const onVtt = await cueStarts(file('on.vtt'));
    console.log(
      `input ${SECONDS} s; on.mp4 ${(await durationOf(file('on.mp4'))).toFixed(3)} s (added ${on.addedSeconds.toFixed(3)} s), ` +
        `on.mp3 ${(await durationOf(file('on.mp3'))).toFixed(3)} s; voice speeds ${on.sync.segments.map((g) => g.speed).join(', ')}; ` +
        `VTT cue starts ${onVtt.map((t) => t.toFixed(3)).join(', ')} (second line at ${next.toFixed(3)} s in the input)`,
    );

    // A re-dub after the long line was shortened: the MP3 re-dubbed by the change (one clip synthesised), the MP4
    // rendered again on a timeline that no longer needs slowing, its VTT back on the input's times.
    const edited = [{ ...segments[0], text: 'Gracias.' }, segments[1]];
    const again = await dubLanguageNatural({
      ...common,
      segments: edited,
      workDir: file('again'),
      mp3Path: file('again.mp3'),
      mp4Path: file('again.mp4'),
      cues,
      srtPath: file('again.srt'),
      vttPath: file('again.vtt'),
    });
    expect(again.addedSeconds).toBe(0);
    expect(again.synthesized).toBe(1);
    expect(Math.abs((await durationOf(file('again.mp4'))) - SECONDS)).toBeLessThan(0.1);
    expect(Math.abs((await durationOf(file('again.mp3'))) - SECONDS)).toBeLessThan(0.1);
    expect(Math.abs((await cueStarts(file('again.vtt')))[1] - next)).toBeLessThan(0.01);

    // Without the option: the usual fitting, an MP4 of the input's length with the long line sped past 1.15x.
    const off = await dubLanguage({
      ...common,
      workDir: file('off'),
      mp3Path: file('off.mp3'),
      mp4Path: file('off.mp4'),
    });
    expect(Math.abs((await durationOf(file('off.mp4'))) - SECONDS)).toBeLessThan(0.1);
    expect(await colourAt(file('off.mp4'), SWITCH + 0.3)).toBe('blue');
    expect(off.sync.segments[0].speed).toBeGreaterThan(1.2);
    console.log(
      `without the option: off.mp4 ${(await durationOf(file('off.mp4'))).toFixed(3)} s, first line at ${off.sync.segments[0].speed}x`,
    );
  }, 240_000);
});
