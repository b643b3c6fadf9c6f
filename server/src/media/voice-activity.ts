/**
 * A fast voice-activity check on the extracted speech WAV (16 kHz mono 16-bit PCM), run before the recogniser
 * (issue 22, item 6: a silent 3-hour file was recognised for 9.5 minutes before failing with NO_SPEECH).
 *
 * One streaming pass over the samples, never the whole file in memory: the level (RMS, dBFS) of every 30 ms
 * frame goes into a 1 dB histogram; the file's noise floor is the 10th percentile of those levels, and a frame is
 * active when it is at least ACTIVE_ABOVE_FLOOR_DB above that floor and above ABSOLUTE_FLOOR_DBFS. Speech rises
 * and falls over its floor many times a second, by 10 dB and more; digital silence, hiss, a steady hum or pink
 * room noise stay within a few dB of themselves from frame to frame (measured: 0 active seconds in 10 minutes of
 * pink noise at -52 dBFS, 6-20 active seconds in 11-30 s of the test recordings' speech). Music passes the check (the recogniser decides about it), so the check only refuses
 * what cannot hold speech. Measured here: 0.06-0.18 s for 10 minutes of audio (19 MB of samples read once).
 */
import { createReadStream } from 'node:fs';
import { sileroSpeechSeconds, type SpeechDetector } from '../audio/speech-detection.ts';

/** Frame length, seconds (the usual speech analysis frame: 20-30 ms). */
const FRAME_SECONDS = 0.03;
/** A frame quieter than this is never active, dBFS: below what any recording of a voice reaches. */
const ABSOLUTE_FLOOR_DBFS = -55;
/** A frame is active when its level is this much above the file's noise floor, dB. */
const ACTIVE_ABOVE_FLOOR_DB = 10;
/** Audio with less active time than this, seconds, holds no speech the recogniser could find (one short word). */
export const MIN_SPEECH_SECONDS = 0.3;

/** What the check measured: active seconds, the whole duration and the noise floor (dBFS), for the job's detail. */
export interface VoiceActivity {
  activeSeconds: number;
  durationSeconds: number;
  noiseFloorDbfs: number;
}

/**
 * The detector of the no-speech check: Silero VAD after the classic check, chosen by `npm run bench:no-speech` (38
 * inputs: the 16 shared recordings, 13 variants of them with pink noise, 25 dB quieter or inside silence, 9 made
 * without speech): classic right on 100% of inputs with speech, 77.8% without (a beeping tone and bursts of noise
 * pass as speech), 94.7% overall, 0.21 s; Silero alone 100%, 100%, 100%, 7.85 s; the classic then Silero 100%,
 * 100%, 100%, 4.81 s. Silero alone reads the whole file (a busy machine took 19-56 s on a 10-minute silent file,
 * more than recognising it), and the classic check never refused speech there: so it runs first and refuses at once
 * what it finds silent; what it hears goes to Silero, read only until MIN_SPEECH_SECONDS of speech are found.
 */
export const NO_SPEECH_DETECTOR: SpeechDetector = 'silero';

/** The speech time of the check and the detector that decided it. */
export interface SpeechCheck {
  detector: SpeechDetector;
  activeSeconds: number;
  durationSeconds: number;
  noiseFloorDbfs: number;
}

/**
 * The no-speech check's measure of `wavPath` (the extract stage's 16 kHz mono WAV). The classic level check
 * (measureVoiceActivity) first; with 'silero', audio it hears as active is measured again by Silero VAD (the seconds
 * of its speech regions, at least MIN_SPEECH_SECONDS once that many are found: the rest is not read), the classic
 * answer kept when Silero cannot run. Speech is there when `activeSeconds` >= MIN_SPEECH_SECONDS.
 * @throws the signal's reason when aborted; the read error when the file cannot be read.
 */
export async function checkSpeech(
  wavPath: string,
  signal?: AbortSignal,
  detector: SpeechDetector = NO_SPEECH_DETECTOR,
): Promise<SpeechCheck> {
  const classic = await measureVoiceActivity(wavPath, signal);
  if (detector === 'classic' || classic.activeSeconds < MIN_SPEECH_SECONDS) return { detector: 'classic', ...classic };
  const seconds = await sileroSpeechSeconds(wavPath, MIN_SPEECH_SECONDS, signal);
  if (seconds === null) return { detector: 'classic', ...classic };
  return { ...classic, detector: 'silero', activeSeconds: seconds };
}

/** Where the samples start in a WAV file (after the `data` chunk's id and size) and the rate of its `fmt `, Hz. */
function wavLayout(head: Buffer): { offset: number; rate: number } {
  let off = 12;
  let rate = 16_000;
  while (off + 8 <= head.length) {
    const id = head.toString('ascii', off, off + 4);
    if (id === 'fmt ') rate = head.readUInt32LE(off + 12);
    if (id === 'data') return { offset: off + 8, rate };
    off += 8 + head.readUInt32LE(off + 4);
  }
  return { offset: 44, rate };
}

/**
 * Measures the active (possibly spoken) time of `wavPath`, a 16-bit mono PCM WAV (the extract stage's 16 kHz).
 * @throws the signal's reason when aborted; the read error when the file cannot be read.
 */
export async function measureVoiceActivity(wavPath: string, signal?: AbortSignal): Promise<VoiceActivity> {
  try {
    return await measure(wavPath, signal);
  } catch (err) {
    // The stream's own AbortError says only "The operation was aborted": the caller's reason says why.
    if (signal?.aborted) throw signal.reason;
    throw err;
  }
}

async function measure(wavPath: string, signal?: AbortSignal): Promise<VoiceActivity> {
  let rate = 16_000;
  let frame = Math.round(FRAME_SECONDS * rate);
  const histogram = new Uint32Array(101); // index = -dBFS, 0..100
  let frames = 0;
  let sum = 0;
  let inFrame = 0;
  let skip = -1;
  let carry: Buffer | null = null;
  const stream = createReadStream(wavPath, { highWaterMark: 1 << 20, signal });
  for await (const raw of stream as AsyncIterable<Buffer>) {
    let chunk: Buffer = carry ? Buffer.concat([carry, raw]) : raw;
    carry = null;
    if (skip < 0) {
      const layout = wavLayout(chunk.subarray(0, Math.min(chunk.length, 4096)));
      skip = layout.offset;
      rate = layout.rate;
      frame = Math.round(FRAME_SECONDS * rate);
      chunk = chunk.subarray(skip);
    }
    const whole = chunk.length - (chunk.length % 2);
    if (whole < chunk.length) carry = chunk.subarray(whole);
    for (let p = 0; p < whole; p += 2) {
      const v = chunk.readInt16LE(p) / 32768;
      sum += v * v;
      if (++inFrame === frame) {
        const db = 10 * Math.log10(sum / frame + 1e-12);
        histogram[Math.min(100, Math.max(0, Math.round(-db)))]++;
        frames++;
        sum = 0;
        inFrame = 0;
      }
    }
  }
  if (frames === 0) return { activeSeconds: 0, durationSeconds: inFrame / rate, noiseFloorDbfs: -100 };
  // The 10th percentile of the levels: from the quietest bin (index 100) upwards.
  let seen = 0;
  let floor = -100;
  for (let i = 100; i >= 0; i--) {
    seen += histogram[i];
    if (seen >= frames * 0.1) {
      floor = -i;
      break;
    }
  }
  const threshold = Math.max(ABSOLUTE_FLOOR_DBFS, floor + ACTIVE_ABOVE_FLOOR_DB);
  let active = 0;
  for (let i = 0; i <= 100 && -i >= threshold; i++) active += histogram[i];
  return {
    activeSeconds: active * FRAME_SECONDS,
    durationSeconds: (frames * frame + inFrame) / rate,
    noiseFloorDbfs: floor,
  };
}
