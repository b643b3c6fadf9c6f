/**
 * A held-out set for the speaker engine (issue 19), built from shared recordings that the bench's files do not hold:
 * `npm run bench:speakers -- --held-out`. Four voices: JFK (audio/jfk.wav, male, en, noisy 1961 broadcast), Linda
 * Johnson (audio/LJ001-0001..0004.wav, female, en, studio), the Spanish speaker of audio/leopard_test_es.wav, and
 * the second person of speakers/sample.wav alone (21.9-27.8 s, where sample.rttm has only speaker91). Seven files:
 * one voice alone (LJ001-0001..0004, where a speaker found is a false one), and 2, 3 and 4 speakers: turns of 3-10
 * s, and "backchannel" files where one person holds the floor and the others say one 0.7-1.4 s excerpt each (as in a
 * meeting: a word or two). Each excerpt is loudness-normalised (by its source's level) to -20 dBFS, turns are 0.5 s
 * apart (0.3 s around an interjection), and white noise at -50 dBFS runs under the whole file so that there is a
 * noise floor. The reference turns of an excerpt are its source's speech regions (the engine's speech detector on
 * the source alone, pauses under 0.5 s joined) clipped to the excerpt: the set measures who speaks, not the
 * detector. Clips from different recordings differ in channel as well as voice, so the set is easier than one room's
 * meeting: a check that a change does not break the engine elsewhere, not a substitute for the AMI figures. Times in
 * seconds; audio 16 kHz mono.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { detectSpeech } from '../../server/src/engines/speakers/classic/speech-detector.ts';
import type { SpeakerTurn } from '../../server/src/engines/speakers/classic/der.ts';
import { readWav, resample, rmsDb, writeWav, type MonoAudio } from '../../server/src/audio/wav.ts';

const RATE = 16000;
/** Level of every excerpt and of the noise under the file, dBFS. */
const SPEECH_DB = -20;
const NOISE_DB = -50;
/** Pauses under this inside one excerpt's speech are one reference turn, seconds. */
const JOIN = 0.5;

/** One voice: its recordings (16 kHz) and their speech regions. */
interface Voice {
  speaker: string;
  clips: { audio: MonoAudio; regions: { start: number; end: number }[]; gain: number }[];
}

/** One excerpt of a file: voice, clip index, start and length in that clip (seconds). */
type Part = [voice: string, clip: number, from: number, length: number];

/** The six files: who says what, in order. J JFK, L Linda Johnson, E the Spanish speaker, S sample's speaker91. */
const FILES: Record<string, Part[]> = {
  'ho1-lj': [
    ['L', 0, 0, 9.7],
    ['L', 1, 0, 1.9],
    ['L', 2, 0, 9.7],
    ['L', 3, 0, 5.1],
  ],
  'ho2-turns': [
    ['L', 0, 0, 5],
    ['J', 0, 0, 4],
    ['L', 2, 0, 5],
    ['J', 0, 4, 4],
    ['L', 1, 0, 1.9],
    ['J', 0, 8, 3],
  ],
  'ho2-backchannel': [
    ['L', 0, 0, 9.7],
    ['J', 0, 1, 0.8],
    ['L', 2, 0, 9.7],
    ['J', 0, 5, 1.2],
    ['L', 3, 0, 5.1],
  ],
  'ho3-turns': [
    ['E', 0, 0, 4.3],
    ['J', 0, 0, 4],
    ['L', 0, 0, 5],
    ['E', 0, 4.3, 4.4],
    ['J', 0, 4, 4],
    ['L', 2, 0, 5],
  ],
  'ho3-backchannel': [
    ['J', 0, 0, 11],
    ['L', 1, 0.3, 1],
    ['E', 0, 0, 8.7],
    ['L', 3, 1, 0.7],
    ['E', 0, 0, 4],
  ],
  'ho4-turns': [
    ['J', 0, 0, 4],
    ['L', 0, 0, 4],
    ['E', 0, 0, 4],
    ['S', 0, 0, 3],
    ['J', 0, 4, 4],
    ['L', 2, 0, 4],
    ['E', 0, 4, 4],
    ['S', 0, 3, 2.8],
  ],
  'ho4-backchannel': [
    ['L', 0, 0, 9.7],
    ['J', 0, 2, 1.2],
    ['L', 2, 0, 9.7],
    ['E', 0, 1, 0.9],
    ['L', 3, 0, 5.1],
    ['S', 0, 1, 1.4],
    ['L', 1, 0, 1.9],
  ],
};

/** One held-out file: its audio and reference turns. */
export interface HeldOutFile {
  id: string;
  audio: MonoAudio;
  reference: SpeakerTurn[];
}

async function voice(speaker: string, files: string[], window?: { start: number; end: number }): Promise<Voice> {
  const clips = [];
  for (const f of files) {
    let audio = resample(await readWav(f), RATE);
    if (window)
      audio = {
        rate: RATE,
        samples: audio.samples.slice(Math.round(window.start * RATE), Math.round(window.end * RATE)),
      };
    const gain = 10 ** ((SPEECH_DB - rmsDb(audio)) / 20);
    clips.push({ audio, regions: detectSpeech(audio).regions, gain });
  }
  return { speaker, clips };
}

/** A deterministic white noise (xorshift32 and Box-Muller) of `n` samples at `db` dBFS. */
function noise(n: number, db: number): Float32Array {
  let s = 0x9e3779b9;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 4294967296;
  };
  const sd = 10 ** (db / 20);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = sd * Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
  return out;
}

/**
 * Builds the held-out files from `testdata` (../shared/testdata) and, when `dir` is given, writes each as
 * `<id>.wav` and `<id>.rttm` there (for listening and for other tools).
 */
export async function buildHeldOut(testdata: string, dir?: string): Promise<HeldOutFile[]> {
  const audio = (n: string) => path.join(testdata, 'audio', n);
  const voices = new Map<string, Voice>([
    ['J', await voice('JFK', [audio('jfk.wav')])],
    [
      'L',
      await voice(
        'LJ',
        [1, 2, 3, 4].map((k) => audio(`LJ001-000${k}.wav`)),
      ),
    ],
    ['E', await voice('ES', [audio('leopard_test_es.wav')])],
    ['S', await voice('S91', [path.join(testdata, 'speakers', 'sample.wav')], { start: 21.9, end: 27.8 })],
  ]);
  const out: HeldOutFile[] = [];
  for (const [id, parts] of Object.entries(FILES)) {
    const pieces: { samples: Float32Array; at: number }[] = [];
    const reference: SpeakerTurn[] = [];
    let t = 0.5;
    parts.forEach(([v, clip, from, length], k) => {
      const short = length < 1.5 || (parts[k - 1]?.[3] ?? 9) < 1.5;
      if (k) t += short ? 0.3 : 0.5;
      const c = voices.get(v)!.clips[clip];
      const a = Math.round(from * RATE);
      const b = Math.min(c.audio.samples.length, Math.round((from + length) * RATE));
      const fade = Math.round(0.01 * RATE);
      const samples = c.audio.samples.slice(a, b).map((x, i, all) => {
        const edge = Math.min(1, i / fade, (all.length - 1 - i) / fade);
        return x * c.gain * edge;
      });
      pieces.push({ samples, at: Math.round(t * RATE) });
      const end = (b - a) / RATE;
      for (const r of c.regions) {
        const s = Math.max(0, r.start - from);
        const e = Math.min(end, r.end - from);
        if (e <= s) continue;
        const last = reference.at(-1);
        if (last && last.speaker === voices.get(v)!.speaker && t + s - last.end < JOIN) last.end = t + e;
        else reference.push({ start: t + s, end: t + e, speaker: voices.get(v)!.speaker });
      }
      t += end;
    });
    const mix = noise(Math.round((t + 0.5) * RATE), NOISE_DB);
    for (const p of pieces) for (let i = 0; i < p.samples.length; i++) mix[p.at + i] += p.samples[i];
    const file = { id, audio: { rate: RATE, samples: mix }, reference };
    out.push(file);
    if (dir) {
      await mkdir(dir, { recursive: true });
      await writeWav(path.join(dir, `${id}.wav`), file.audio);
      const rttm = reference.map(
        (r) => `SPEAKER ${id} 1 ${r.start.toFixed(3)} ${(r.end - r.start).toFixed(3)} <NA> <NA> ${r.speaker} <NA> <NA>`,
      );
      await writeFile(path.join(dir, `${id}.rttm`), `${rttm.join('\n')}\n`);
    }
  }
  return out;
}
