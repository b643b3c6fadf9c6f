import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { placeClips, MAX_FITTED_SPEED, CLIP_GAP, unfittedClips } from '../../../server/src/media/voice-fit.ts';
import { buildVoiceTrack, mixVoiceOver } from '../../../server/src/media/voice-over.ts';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import { readWav, writeWav, type MonoAudio } from '../../../server/src/audio/wav.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { TESTDATA } from '../helpers/testdata.ts';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'voice-over-test-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

/** RMS level in dB of `a` between t0 and t1 seconds. */
function levelDb(a: MonoAudio, t0: number, t1: number): number {
  let s = 0;
  const i0 = Math.round(t0 * a.rate);
  const i1 = Math.round(t1 * a.rate);
  for (let i = i0; i < i1; i++) s += a.samples[i] ** 2;
  return 10 * Math.log10(s / (i1 - i0) + 1e-12);
}

describe('time fitting (placeClips)', () => {
  it('keeps natural speed when the clip fits, speeds up at most 1.25x, then uses the silence after, then before', () => {
    const slots = [
      { start: 1, end: 3 },
      { start: 4, end: 5 },
      { start: 8, end: 9 },
      { start: 12, end: 13 },
    ];
    const p = placeClips(slots, [1.5, 1.2, 2.0, 3.5], 20);
    expect(p[0]).toMatchObject({ start: 1, end: 2.5, speed: 1, fitted: true });
    expect(p[1].speed).toBeCloseTo(1.2);
    expect(p[1]).toMatchObject({ start: 4, end: 5, fitted: true });
    // 2.0 s in a 1 s slot: 1.25x gives 1.6 s, running into the silence after the slot.
    expect(p[2]).toMatchObject({ start: 8, speed: MAX_FITTED_SPEED, fitted: true });
    expect(p[2].end).toBeCloseTo(9.6);
    // Last slot: 3.5 s / 1.25 = 2.8 s; after it there is room to the end of the media.
    expect(p[3].end).toBeCloseTo(14.8);
    // A clip with no silence after it starts earlier, into the pause before.
    const q = placeClips(
      [
        { start: 2, end: 3 },
        { start: 3.2, end: 4 },
      ],
      [0.5, 2.0],
      4.5,
    );
    expect(q[1].end).toBeLessThanOrEqual(4.5);
    expect(q[1].start).toBeLessThan(3.2);
    expect(q[1].fitted).toBe(true);
  });

  it('counts what the user must be told: clips rushed beyond 1.25x and voice past the end of the media', () => {
    const slots = [
      { start: 0, end: 1 },
      { start: 1.1, end: 2 },
      { start: 2.1, end: 3 },
    ];
    // Everything fits: nothing to report.
    expect(unfittedClips(placeClips(slots, [0.8, 0.8, 0.8], 3.5), 3.5)).toBeUndefined();
    // Three 3-second clips in 1-second slots of a 3.5-second video: all sped up to 2x, and the last runs past the end.
    const p = placeClips(slots, [3, 3, 3], 3.5);
    const u = unfittedClips(p, 3.5);
    expect(u?.rushed).toBe(3);
    expect(u?.cutSeconds).toBeCloseTo(Math.ceil((p[2].end - 3.5) * 10) / 10);
    expect(u!.cutSeconds).toBeGreaterThan(0);
  });

  it('never overlaps clips, never slows down, and only marks a clip fitted when speed <= 1.25x', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.double({ min: 0, max: 3, noNaN: true }),
            len: fc.double({ min: 0.2, max: 6, noNaN: true }),
            clip: fc.double({ min: 0.1, max: 8, noNaN: true }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (items) => {
          let t = 0;
          const slots = items.map(({ gap, len }) => {
            const s = { start: t + gap, end: t + gap + len };
            t = s.end;
            return s;
          });
          const p = placeClips(
            slots,
            items.map((i) => i.clip),
            t + 1,
          );
          p.forEach((c, i) => {
            expect(c.speed).toBeGreaterThanOrEqual(1 - 1e-9);
            expect(c.end - c.start).toBeCloseTo(items[i].clip / c.speed, 6);
            if (c.fitted) expect(c.speed).toBeLessThanOrEqual(MAX_FITTED_SPEED + 1e-9);
            if (i > 0) expect(c.start).toBeGreaterThanOrEqual(p[i - 1].end + CLIP_GAP - 1e-6);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('voice track and ducked mix on real clips', () => {
  it('places real espeak-ng clips in their slots at the planned length, silence elsewhere', async () => {
    const segments = [
      { text: 'Y así, mis compatriotas americanos,', start: 0.3, end: 2.2 },
      { text: 'no preguntéis qué puede hacer vuestro país por vosotros.', start: 3.3, end: 5.0 },
    ];
    const track = await buildVoiceTrack({
      segments,
      engine: createEspeakEngine(),
      voice: 'es+m3',
      language: 'es',
      duration: 8,
      workDir: dir,
      outPath: path.join(dir, 'voice.wav'),
    });
    const audio = await readWav(track.path);
    expect(audio.samples.length / audio.rate).toBeCloseTo(8, 2);
    const [a, b] = track.placements;
    expect(a.start).toBeCloseTo(0.3, 3);
    expect(b.start).toBeGreaterThanOrEqual(a.end);
    // Voice inside each placement, silence before the first and after the last.
    expect(levelDb(audio, a.start, a.end)).toBeGreaterThan(-30);
    expect(levelDb(audio, b.start, b.end)).toBeGreaterThan(-30);
    expect(levelDb(audio, 0, 0.25)).toBeLessThan(-60);
    expect(levelDb(audio, b.end + 0.05, 8)).toBeLessThan(-60);
    // The long second sentence needed speed-up (espeak speaks it in ~3.5 s) but no more than 1.25x.
    expect(b.speed).toBeGreaterThan(1);
    expect(b.speed).toBeLessThanOrEqual(1.25);
  });

  it('lowers the original by 18 dB under the voice and leaves it untouched elsewhere; output lasts as long as the input', async () => {
    const original = path.join(dir, 'orig.wav');
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      `${TESTDATA}/audio/jfk.wav`,
      '-ac',
      '2',
      '-ar',
      '44100',
      original,
    ]);
    const silentVoice = path.join(dir, 'voice.wav');
    await writeWav(silentVoice, { rate: 22050, samples: new Float32Array(22050 * 11) });
    const mp3 = path.join(dir, 'mix.mp3');
    await mixVoiceOver({
      input: original,
      voiceTrack: silentVoice,
      placements: [{ start: 3, end: 8, speed: 1, fitted: true }],
      duration: 11,
      mp3Path: mp3,
    });
    const decoded = path.join(dir, 'mix.wav');
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      mp3,
      '-ac',
      '1',
      '-ar',
      '44100',
      decoded,
    ]);
    const out = await readWav(decoded);
    const src = await readWav(original);
    // MP3 adds an encoder delay of ~26 ms; compare windows away from the switch points.
    expect(levelDb(out, 0.3, 2.8) - levelDb(src, 0.3, 2.8)).toBeCloseTo(0, 0);
    expect(levelDb(out, 3.2, 7.8) - levelDb(src, 3.2, 7.8)).toBeCloseTo(-18, 0);
    expect(levelDb(out, 8.2, 10.8) - levelDb(src, 8.2, 10.8)).toBeCloseTo(0, 0);
    expect(out.samples.length / out.rate).toBeGreaterThan(10.95);
    expect(out.samples.length / out.rate).toBeLessThan(11.1);
  });
});
