/**
 * Minimal PCM WAV reading and writing for voice clips (16-bit PCM, any rate and channel count in; mono out),
 * with the sample work the voice-over needs: mix to mono, resample, trim silence, loudness-normalise.
 * Samples are Float32 in [-1, 1]; rates in Hz; durations in seconds.
 */
import { open, readFile, writeFile } from 'node:fs/promises';

/** Mono audio. */
export interface MonoAudio {
  rate: number;
  samples: Float32Array;
}

/** Reads a 16-bit (or 8-bit, 32-bit float) PCM WAV file as mono. @throws Error when the file is not PCM WAV. */
export async function readWav(path: string): Promise<MonoAudio> {
  const buf = await readFile(path);
  const layout = parseWavHeader(buf, buf.length, path);
  const bytes = layout.frames * (layout.bits / 8) * layout.channels;
  return { rate: layout.rate, samples: decode(buf.subarray(layout.dataOffset, layout.dataOffset + bytes), layout) };
}

function decode(data: Buffer, fmt: { format: number; channels: number; bits: number }): Float32Array {
  const bytes = fmt.bits / 8;
  const frames = Math.floor(data.length / (bytes * fmt.channels));
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let s = 0;
    for (let c = 0; c < fmt.channels; c++) {
      const p = (i * fmt.channels + c) * bytes;
      s +=
        fmt.format === 3 && bytes === 4
          ? data.readFloatLE(p)
          : bytes === 2
            ? data.readInt16LE(p) / 32768
            : bytes === 1
              ? (data[p] - 128) / 128
              : data.readInt32LE(p) / 2147483648;
    }
    out[i] = s / fmt.channels;
  }
  return out;
}

/** Writes mono 16-bit PCM WAV. */
export async function writeWav(path: string, audio: MonoAudio): Promise<void> {
  const n = audio.samples.length;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(audio.rate, 24);
  buf.writeUInt32LE(audio.rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++)
    buf.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(audio.samples[i] * 32767))), 44 + i * 2);
  await writeFile(path, buf);
}

/** Duration in seconds. */
export const durationOf = (a: MonoAudio) => a.samples.length / a.rate;

/** Linear-interpolation resampling to `rate` Hz (speech clips only: adequate below the voice band's top). */
export function resample(a: MonoAudio, rate: number): MonoAudio {
  if (a.rate === rate) return a;
  const n = Math.max(1, Math.round((a.samples.length * rate) / a.rate));
  const out = new Float32Array(n);
  const step = a.rate / rate;
  for (let i = 0; i < n; i++) {
    const x = i * step;
    const k = Math.floor(x);
    const f = x - k;
    out[i] = (a.samples[k] ?? 0) * (1 - f) + (a.samples[k + 1] ?? a.samples[k] ?? 0) * f;
  }
  return { rate, samples: out };
}

/** Cuts leading and trailing silence (below -45 dBFS), keeping `padSeconds` of it at each end. */
export function trimSilence(a: MonoAudio, padSeconds = 0.03): MonoAudio {
  const th = 10 ** (-45 / 20);
  let s = 0;
  let e = a.samples.length - 1;
  while (s < e && Math.abs(a.samples[s]) < th) s++;
  while (e > s && Math.abs(a.samples[e]) < th) e--;
  const pad = Math.round(padSeconds * a.rate);
  return { rate: a.rate, samples: a.samples.slice(Math.max(0, s - pad), Math.min(a.samples.length, e + 1 + pad)) };
}

/** RMS level in dBFS (-Infinity for silence). */
export function rmsDb(a: MonoAudio): number {
  let sum = 0;
  for (const x of a.samples) sum += x * x;
  return 10 * Math.log10(sum / Math.max(1, a.samples.length));
}

/**
 * Loudness-normalises a clip to `targetDb` RMS (engines differ from -24 to -13 dB; engines.md), with the gain
 * limited so peaks stay under -1 dBFS.
 */
export function normaliseLoudness(a: MonoAudio, targetDb = -20): MonoAudio {
  const level = rmsDb(a);
  if (!Number.isFinite(level)) return a;
  let peak = 0;
  for (const x of a.samples) peak = Math.max(peak, Math.abs(x));
  const gain = Math.min(10 ** ((targetDb - level) / 20), peak > 0 ? 10 ** (-1 / 20) / peak : 1);
  return { rate: a.rate, samples: a.samples.map((x) => x * gain) };
}

/** Where a WAV file's samples are and how they are stored: `fmt ` fields, data offset and length, bytes. */
export interface WavLayout {
  /** 1 integer PCM, 3 float. */
  format: number;
  channels: number;
  /** Hz. */
  rate: number;
  bits: number;
  /** Byte offset of the first sample in the file. */
  dataOffset: number;
  /** Sample frames (one sample per channel) in the file. */
  frames: number;
}

/**
 * The layout of a WAV file from `head`, its first bytes (the whole file or at least its header), and `size`, the
 * file's length in bytes (a `data` size of 0 or 0xFFFFFFFF, as streaming writers put, means the rest of the file).
 * @throws Error naming `path` when it is not a RIFF WAVE with a `fmt ` chunk before its `data` chunk.
 */
export function parseWavHeader(head: Buffer, size: number, path: string): WavLayout {
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error(`${path} is not a WAV file`);
  let off = 12;
  let fmt: Omit<WavLayout, 'dataOffset' | 'frames'> | undefined;
  while (off + 8 <= head.length) {
    const id = head.toString('ascii', off, off + 4);
    let bytes = head.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === 'fmt ')
      fmt = {
        format: head.readUInt16LE(body),
        channels: head.readUInt16LE(body + 2),
        rate: head.readUInt32LE(body + 4),
        bits: head.readUInt16LE(body + 14),
      };
    if (id === 'data') {
      if (!fmt) throw new Error(`${path}: data before fmt`);
      if (bytes === 0 || body + bytes > size) bytes = size - body;
      return { ...fmt, dataOffset: body, frames: Math.floor(bytes / ((fmt.bits / 8) * fmt.channels)) };
    }
    off = body + bytes + (bytes % 2);
  }
  throw new Error(`${path}: no audio data`);
}

/**
 * Reads the layout of a WAV file from its first 64 KB and its size, without reading the samples.
 * @throws Error when the file is not a PCM WAV with a `fmt ` chunk before its `data` chunk.
 */
export async function readWavLayout(path: string): Promise<WavLayout> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const head = Buffer.alloc(Math.min(size, 65536));
    await fh.read(head, 0, head.length, 0);
    return parseWavHeader(head, size, path);
  } finally {
    await fh.close();
  }
}

/**
 * Seconds of audio in a whole WAV file's bytes (frames / rate), for metering what a network engine is sent
 * (engines/engine-usage.ts); 0 when the bytes are not a PCM WAV.
 */
export function wavSeconds(wav: Buffer): number {
  try {
    const layout = parseWavHeader(wav, wav.length, 'audio');
    return layout.frames / layout.rate;
  } catch {
    return 0;
  }
}
