/**
 * Issue 25, the speakers stage on long media: the speaker pitch read a block at a time gives the same figures as
 * the recording read whole (the dub picks each speaker's voice from them), across block joins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { parseRttm } from '../../../server/src/engines/speakers/classic/der.ts';
import { BLOCK_SECONDS } from '../../../server/src/audio/speaker-features.ts';
import { speakerPitches, speakerPitchesOfWav } from '../../../server/src/media/stages/speakers.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { TESTDATA } from '../helpers/testdata.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'speakers-memory-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the speakers stage reads the recording a block at a time (issue 25)', () => {
  it('gives each speaker the median pitch of the recording read whole, across block joins', async () => {
    // The pyannote sample (30 s, two speakers) twice after 21 s of silence: its turn at 8.3-10.0 s then crosses
    // the first block join (30 s).
    const wav = path.join(dir, 'sample-late-2x.wav');
    await runProcess('ffmpeg', [
      '-v',
      'error',
      '-stream_loop',
      '1',
      '-i',
      `${TESTDATA}/speakers/sample.wav`,
      '-af',
      'adelay=21000',
      wav,
    ]);
    const once = parseRttm(await readFile(`${TESTDATA}/speakers/sample.rttm`, 'utf8')).get('sample')!;
    const turns = [21, 51].flatMap((o) => once.map((t) => ({ ...t, start: t.start + o, end: t.end + o })));
    expect(turns.some((t) => t.start < BLOCK_SECONDS && t.end > BLOCK_SECONDS)).toBe(true);
    const whole = speakerPitches(await readWav(wav), turns);
    const blocks = await speakerPitchesOfWav(wav, turns);
    expect(Object.keys(whole)).toHaveLength(2);
    expect(Object.values(whole).every((hz) => hz > 60)).toBe(true);
    expect(blocks).toEqual(whole);
  });

  it('reads any other WAV whole and gives the same figures', async () => {
    const wav = path.join(dir, 'sample-44k-stereo.wav');
    await runProcess('ffmpeg', [
      '-v',
      'error',
      '-i',
      `${TESTDATA}/speakers/sample.wav`,
      '-ar',
      '44100',
      '-ac',
      '2',
      wav,
    ]);
    const turns = parseRttm(await readFile(`${TESTDATA}/speakers/sample.rttm`, 'utf8')).get('sample')!;
    expect(await speakerPitchesOfWav(wav, turns)).toEqual(speakerPitches(await readWav(wav), turns));
  });
});
