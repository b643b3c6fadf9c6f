/**
 * `npm run bench:no-speech [-- --detector classic|silero|both]`: the no-speech check (voice-activity.ts
 * `checkSpeech`, run before the recogniser) with each speech detector, on inputs with and without speech. Issue 38:
 * the check uses the detector that decides right more often.
 * - With speech: every recording of ../shared/testdata/audio and ../shared/testdata/speakers as it is; the audio/
 *   clips again with steady pink noise under them and again 25 dB quieter; LJ001-0002 (1.9 s, four words) inside
 *   28 s of silence.
 * - Without speech (made with ffmpeg's lavfi sources, 30 s each): digital silence, white, pink and brown noise at
 *   several levels, a 50 Hz mains hum with harmonics, a beeping 1 kHz tone, pink noise in bursts (doors, handling).
 * All as the pipeline gives the check: 16 kHz mono 16-bit WAV. Prints every decision, the share right per class and
 * overall, and the seconds each detector took; then one JSON line. Three columns: the classic level check, Silero
 * alone (the whole file read), and what the check runs: the classic first, Silero on what it hears (read until
 * 0.3 s of speech are found). A measurement, not a test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sileroSpeechSeconds } from '../server/src/audio/speech-detection.ts';
import { checkSpeech, MIN_SPEECH_SECONDS } from '../server/src/media/voice-activity.ts';

const DATA = path.join(import.meta.dirname, '../../shared/testdata');
const i = process.argv.indexOf('--detector');
const which = i > 0 ? process.argv[i + 1] : 'both';
/** 'classic then silero' is what the check runs (voice-activity.ts checkSpeech with 'silero'). */
type Mode = 'classic' | 'silero' | 'classic then silero';
const DETECTORS: Mode[] = which === 'both' ? ['classic', 'silero', 'classic then silero'] : [which as Mode];

/** Active seconds of `file` by `mode`. @throws when Silero does not run. */
async function activeSeconds(file: string, mode: Mode): Promise<number> {
  if (mode === 'classic') return (await checkSpeech(file, undefined, 'classic')).activeSeconds;
  if (mode === 'silero') {
    const s = await sileroSpeechSeconds(file, Infinity);
    if (s === null) throw new Error('Silero did not run');
    return s;
  }
  return (await checkSpeech(file, undefined, 'silero')).activeSeconds;
}
const TO_16K = ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le'];

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** Lavfi sources without speech, 30 s each. */
const NON_SPEECH: Record<string, string> = {
  silence: 'anullsrc=r=16000:cl=mono',
  'white noise 0.02': 'anoisesrc=color=white:amplitude=0.02:r=16000',
  'white noise 0.2': 'anoisesrc=color=white:amplitude=0.2:r=16000',
  'pink noise 0.05': 'anoisesrc=color=pink:amplitude=0.05:r=16000',
  'pink noise 0.5': 'anoisesrc=color=pink:amplitude=0.5:r=16000',
  'brown noise 0.3': 'anoisesrc=color=brown:amplitude=0.3:r=16000',
  'mains hum 50 Hz': 'aevalsrc=0.1*sin(2*PI*50*t)+0.05*sin(2*PI*100*t)+0.03*sin(2*PI*150*t):s=16000',
  'beeping 1 kHz tone': 'aevalsrc=0.2*sin(2*PI*1000*t)*mod(floor(2*t)\\,2):s=16000',
  'pink noise bursts': 'aevalsrc=0.3*(random(0)*2-1)*lt(mod(t\\,2)\\,0.4):s=16000',
};

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-no-speech-'));
  try {
    const inputs: { name: string; file: string; speech: boolean }[] = [];
    const add = (name: string, speech: boolean, args: string[]) => {
      const file = path.join(dir, `${inputs.length}.wav`);
      ffmpeg([...args, ...TO_16K, file]);
      inputs.push({ name, file, speech });
    };
    const audio = (await readdir(path.join(DATA, 'audio'))).filter((f) => f.endsWith('.wav')).sort();
    const speakers = (await readdir(path.join(DATA, 'speakers'))).filter((f) => f.endsWith('.wav')).sort();
    for (const f of audio) add(f, true, ['-i', path.join(DATA, 'audio', f)]);
    for (const f of speakers) add(f, true, ['-i', path.join(DATA, 'speakers', f)]);
    for (const f of audio)
      add(`${f} + pink noise 0.05`, true, [
        ...['-i', path.join(DATA, 'audio', f), '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.05:seed=3'],
        ...['-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0'],
      ]);
    for (const f of audio) add(`${f} -25 dB`, true, ['-i', path.join(DATA, 'audio', f), '-af', 'volume=-25dB']);
    add('LJ001-0002.wav in 28 s of silence', true, [
      ...['-i', path.join(DATA, 'audio/LJ001-0002.wav'), '-af', 'adelay=13000,apad=whole_dur=30'],
    ]);
    for (const [name, src] of Object.entries(NON_SPEECH)) add(name, false, ['-f', 'lavfi', '-i', src, '-t', '30']);

    const result: Record<string, { speechRight: number; noSpeechRight: number; right: number; seconds: number }> = {};
    const rows = inputs.map((x) => [x.name, x.speech ? 'speech' : 'none']);
    for (const detector of DETECTORS) {
      let seconds = 0;
      const right = { speech: 0, none: 0 };
      for (const [k, x] of inputs.entries()) {
        const t0 = performance.now();
        const active = await activeSeconds(x.file, detector);
        seconds += (performance.now() - t0) / 1000;
        const says = active >= MIN_SPEECH_SECONDS;
        if (says === x.speech) right[x.speech ? 'speech' : 'none']++;
        rows[k].push(`${active.toFixed(2)} s ${says === x.speech ? 'right' : 'WRONG'}`);
      }
      const withSpeech = inputs.filter((x) => x.speech).length;
      const without = inputs.length - withSpeech;
      result[detector] = {
        speechRight: Number(((100 * right.speech) / withSpeech).toFixed(1)),
        noSpeechRight: Number(((100 * right.none) / without).toFixed(1)),
        right: Number(((100 * (right.speech + right.none)) / inputs.length).toFixed(1)),
        seconds: Number(seconds.toFixed(2)),
      };
    }
    const head = ['input', 'holds', ...DETECTORS.map((d) => `${d}: active, decision`)];
    const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
    for (const r of [head, ...rows]) console.log(r.map((c, k) => c.padEnd(widths[k])).join('  '));
    for (const d of DETECTORS) {
      const r = result[d];
      console.log(
        `${d}: right on ${r.speechRight}% of inputs with speech, ${r.noSpeechRight}% without, ${r.right}% overall; ` +
          `${r.seconds} s for ${inputs.length} inputs`,
      );
    }
    console.log(JSON.stringify({ noSpeech: result }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
