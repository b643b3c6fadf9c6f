/**
 * The two-person test video of the speakers tests (issue 19), made with ffmpeg from ../shared/testdata: LJ001-0001
 * (a woman, 9.7 s), JFK (a man, 11 s) and LJ001-0004 (the woman, 5.1 s), 0.6 s apart, on a still navy frame
 * (320x240, 5 fps, H.264 + AAC). Shared by the server tests and the browser tests.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { TESTDATA } from './testdata.ts';

/**
 * Writes the video to `out` (a new temporary folder's `two-people.mp4` when absent) and returns its path.
 * @throws Error when ffmpeg fails.
 */
export async function makeTwoPeopleVideo(out?: string): Promise<string> {
  const target = out ?? path.join(await mkdtemp(path.join(os.tmpdir(), 'two-people-')), 'two-people.mp4');
  const parts = ['audio/LJ001-0001.wav', 'audio/jfk.wav', 'audio/LJ001-0004.wav'].map((p) => `${TESTDATA}/${p}`);
  const chain = parts.map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=0.6[a${i}]`);
  await runProcess('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...parts.flatMap((p) => ['-i', p]),
    '-f',
    'lavfi',
    '-i',
    'color=c=navy:s=320x240:r=5',
    '-filter_complex',
    `${chain.join(';')};[a0][a1][a2]concat=n=3:v=0:a=1[out]`,
    '-map',
    '3:v',
    '-map',
    '[out]',
    '-shortest',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    target,
  ]);
  return target;
}
