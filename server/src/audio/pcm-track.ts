/**
 * Long tracks on disk: a mono 16-bit PCM WAV file of a whole media's length, written through a file handle at
 * sample offsets, so no step holds the decoded track in memory (an hour at 22,050 Hz is 159 MB on disk, and only
 * the clip being written is in memory). Used for the voice track (clips laid at their placements) and the ducking
 * envelope (the gain the original's audio is multiplied by). Offsets and lengths in samples; rates in Hz; times in
 * seconds; gains linear.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { MonoAudio } from './wav.ts';

/** WAV header length of the files written here, bytes (RIFF + fmt + data chunk headers). */
export const WAV_HEADER_BYTES = 44;
/** Samples converted and written at once while streaming (one second at 44.1 kHz). */
const CHUNK = 44100;

/** The 44-byte header of a mono 16-bit PCM WAV of `samples` samples at `rate` Hz. */
export function wavHeader(rate: number, samples: number): Buffer {
  const data = samples * 2;
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data, 40);
  return h;
}

/** Float samples in [-1, 1] as 16-bit little-endian PCM (clipped). */
export function toPcm16(samples: Float32Array): Buffer {
  const b = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++)
    b.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i] * 32767))), i * 2);
  return b;
}

/** A silent track file open for writing clips at sample offsets. */
export interface PcmTrackWriter {
  rate: number;
  /** Length, samples. */
  length: number;
  /**
   * Writes `audio` (at the track's rate) starting at sample `at`, replacing what was there; what would run past
   * the track's end is cut. Writes at disjoint offsets may run at once.
   */
  writeAt(at: number, audio: MonoAudio): Promise<void>;
  /** Writes `count` samples of silence from sample `at` (cut at the track's end). */
  clear(at: number, count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Creates (replaces) `path` as a silent mono 16-bit WAV of `length` samples at `rate` Hz (the file is extended,
 * not written, so creating an hour costs nothing) and returns a writer; `reuse` opens an existing file of that
 * format and length instead, keeping its samples.
 * @throws the file system's error (ENOSPC, EACCES...).
 */
export async function openPcmTrack(path: string, rate: number, length: number, reuse = false): Promise<PcmTrackWriter> {
  const fh: FileHandle = await open(path, reuse ? 'r+' : 'w+');
  if (!reuse) {
    await fh.write(wavHeader(rate, length), 0, WAV_HEADER_BYTES, 0);
    await fh.truncate(WAV_HEADER_BYTES + length * 2);
  }
  const bounded = (at: number, count: number) => Math.max(0, Math.min(count, length - at));
  return {
    rate,
    length,
    async writeAt(at, audio) {
      if (audio.rate !== rate) throw new Error(`a ${audio.rate} Hz clip on a ${rate} Hz track`);
      const n = bounded(at, audio.samples.length);
      for (let k = 0; k < n; k += CHUNK) {
        const pcm = toPcm16(audio.samples.subarray(k, Math.min(n, k + CHUNK)));
        await fh.write(pcm, 0, pcm.length, WAV_HEADER_BYTES + (at + k) * 2);
      }
    },
    async clear(at, count) {
      const n = bounded(at, count);
      const zeros = Buffer.alloc(Math.min(n, CHUNK) * 2);
      for (let k = 0; k < n; k += CHUNK) {
        const bytes = Math.min(n - k, CHUNK) * 2;
        await fh.write(zeros, 0, bytes, WAV_HEADER_BYTES + (at + k) * 2);
      }
    },
    close: () => fh.close(),
  };
}

/** A time span, seconds. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The gain at sample `i` (at `rate` Hz) of an envelope that is 1 outside `spans` (sorted, non-overlapping) and
 * `gain` inside, ramping linearly over `rampSeconds` before each span's start and after its end (an attack and
 * release, so the original's level changes without a click). `from` is the index of the first span that can
 * still matter for `i` (the caller advances it as `i` grows).
 */
function envelopeAt(i: number, rate: number, spans: Span[], from: number, gain: number, ramp: number): number {
  const t = i / rate;
  let g = 1;
  for (let k = from; k < spans.length && spans[k].start - ramp <= t; k++) {
    const { start, end } = spans[k];
    const depth = t < start ? (start - t) / ramp : t > end ? (t - end) / ramp : 0;
    g = Math.min(g, gain + (1 - gain) * Math.min(1, depth));
  }
  return g;
}

/**
 * Writes the ducking envelope of `spans` as a mono 16-bit WAV at `rate` Hz lasting `duration` seconds: `gain`
 * inside every span, 1 elsewhere, with `rampSeconds` linear ramps outside each span. Streams one chunk at a time
 * (memory does not grow with the duration or the number of spans).
 */
export async function writeDuckingEnvelope(opts: {
  path: string;
  spans: Span[];
  gain: number;
  duration: number;
  rate: number;
  rampSeconds?: number;
}): Promise<void> {
  const { rate, gain } = opts;
  const ramp = opts.rampSeconds ?? 0.03;
  const spans = opts.spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const length = Math.ceil(opts.duration * rate);
  const track = await openPcmTrack(opts.path, rate, length);
  try {
    let from = 0;
    const chunk = new Float32Array(CHUNK);
    for (let at = 0; at < length; at += CHUNK) {
      const n = Math.min(CHUNK, length - at);
      for (let j = 0; j < n; j++) {
        const i = at + j;
        while (from < spans.length && spans[from].end + ramp < i / rate) from++;
        chunk[j] = envelopeAt(i, rate, spans, from, gain, ramp);
      }
      await track.writeAt(at, { rate, samples: chunk.subarray(0, n) });
    }
  } finally {
    await track.close();
  }
}
