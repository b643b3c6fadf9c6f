/**
 * Long audio is cut at real pauses (pause-pieces.ts): on a 4-minute recording made of the shared speech with
 * half-second gaps, ffmpeg silencedetect finds the gaps, every cut lies inside one, and the pieces are about a
 * minute long; a piece cut out by ffmpeg has the asked length.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { cutPiece, cutsAtPauses, findPauses, PIECE_SECONDS } from '../../../server/src/engines/speech/pause-pieces.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { TESTDATA } from '../jobs/fixtures.ts';
import { writeSpeechLoop } from '../../../scripts/lib/speech-loop.ts';

describe('pieces cut at pauses', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-pieces-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('cuts a 4-minute recording inside its pauses into pieces of about a minute', async () => {
    const inputs = ['LJ001-0001', 'LJ001-0002', 'LJ001-0003', 'LJ001-0004', 'jfk'].map((p) =>
      path.join(TESTDATA, 'audio', `${p}.wav`),
    );
    const loop = path.join(dir, 'loop.wav');
    writeSpeechLoop(inputs, loop);
    const long = path.join(dir, 'long.wav');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-stream_loop',
      '6',
      '-i',
      loop,
      '-t',
      '240',
      '-c:a',
      'pcm_s16le',
      long,
    ]);

    const { pauses, duration } = await findPauses(long);
    expect(duration).toBeCloseTo(240, 0);
    expect(pauses.length).toBeGreaterThanOrEqual(20);
    const cuts = cutsAtPauses(pauses, duration);
    expect(cuts.length).toBeGreaterThanOrEqual(2);
    const bounds = [0, ...cuts, duration];
    for (let i = 1; i < bounds.length; i++) {
      const len = bounds[i] - bounds[i - 1];
      expect(len).toBeGreaterThan(PIECE_SECONDS / 2);
      expect(len).toBeLessThan(PIECE_SECONDS * 1.5 + 1);
    }
    for (const c of cuts)
      expect(
        pauses.some((p) => p.start <= c && c <= p.end),
        `cut at ${c}`,
      ).toBe(true);

    const piece = path.join(dir, 'piece.wav');
    await cutPiece(long, cuts[0] - 3, cuts[1], piece);
    const audio = await readWav(piece);
    expect(audio.rate).toBe(16000);
    expect(audio.samples.length / audio.rate).toBeCloseTo(cuts[1] - cuts[0] + 3, 1);
  }, 120_000);
});
