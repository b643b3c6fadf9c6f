/**
 * Engines leave nothing outside their output: espeak-ng opens PulseAudio (through libpcaudio) even when it only
 * writes a WAV, and libpulse would create `$TMPDIR/pulse-*` and `~/.config/pulse`. The synthesis here runs with a
 * fresh TMPDIR and HOME, as on a machine where no pulse folder ever existed, and both must stay empty.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';

const saved = { TMPDIR: process.env.TMPDIR, HOME: process.env.HOME };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'child-env-'));
  await Promise.all(['tmp', 'home', 'out'].map((d) => mkdir(path.join(dir, d))));
  process.env.TMPDIR = path.join(dir, 'tmp');
  process.env.HOME = path.join(dir, 'home');
});

afterEach(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await rm(dir, { recursive: true, force: true });
});

describe('engine child processes', () => {
  it('espeak-ng writes its WAV and nothing else: no pulse folder in TMPDIR, no ~/.config/pulse', async () => {
    const outPath = path.join(dir, 'out', 'hola.wav');
    await createEspeakEngine().synthesize('Hola, ¿qué tal?', { language: 'es', voice: 'es+m3', outPath });
    expect((await stat(outPath)).size).toBeGreaterThan(1000);
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
    expect(await readdir(path.join(dir, 'home'))).toEqual([]);
    expect(await readdir(path.join(dir, 'out'))).toEqual(['hola.wav']);
  });

  it('run with the sound server switched off, and extra variables passed through', async () => {
    const r = await runProcess('sh', ['-c', 'echo "$PULSE_SERVER|$EXTRA|$HOME"'], { env: { EXTRA: 'x' } });
    expect(r.stdout.trim()).toBe(`unix:/nonexistent/tarjama-no-sound-server|x|${path.join(dir, 'home')}`);
  });
});
