/**
 * Frame-level editing of encoded audio, so a re-dub re-encodes only the stretch it changed (issue 22 item 16):
 * the frames of an MP3 (MPEG-1 Layer III, 1,152 samples a frame, ISO/IEC 11172-3 section 2.4.2.3) or an ADTS AAC
 * stream (1,024 samples a frame, ISO/IEC 13818-7 section 6.2 / 14496-3 section 1.A.2) are found from their
 * headers, and a run of them is replaced by the frames of a second encode of the same signal that starts on the
 * same frame grid. Both encodes must use the same encoder and settings (so the same delay), the MP3 without the
 * bit reservoir (each frame's data is in the frame: main_data_begin 0), and the replacing run must start and end
 * where the two encodes' signals are equal, so the decoder's overlap-add across the seam joins equal halves.
 */
import { readFile, writeFile } from 'node:fs/promises';

/** Samples one frame decodes to, per codec. */
export const FRAME_SAMPLES = { mp3: 1152, aac: 1024 } as const;
export type FrameCodec = keyof typeof FRAME_SAMPLES;

/** Where a stream's audio frames are, bytes: `head` bytes of tags before them, then one [offset, length] each. */
export interface FrameIndex {
  head: number;
  frames: Array<[number, number]>;
  /** Byte offset after the last frame (a trailing tag, if any, starts here). */
  end: number;
}

const MP3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_RATES = [44100, 48000, 32000];

/**
 * The frames of an MPEG-1 Layer III stream: an ID3v2 tag and a Xing/Info (LAME) tag frame at the start are
 * counted in `head`, not as frames.
 * @throws Error when the stream is not MPEG-1 Layer III.
 */
export function mp3FrameIndex(buf: Buffer): FrameIndex {
  let off = 0;
  if (buf.toString('latin1', 0, 3) === 'ID3') {
    const size = ((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f);
    off = 10 + size + (buf[5] & 0x10 ? 10 : 0);
  }
  const frames: Array<[number, number]> = [];
  let head = off;
  while (off + 4 <= buf.length && buf[off] === 0xff && (buf[off + 1] & 0xe0) === 0xe0) {
    const version = (buf[off + 1] >> 3) & 3;
    const layer = (buf[off + 1] >> 1) & 3;
    const kbps = MP3_KBPS[buf[off + 2] >> 4];
    const rate = MP3_RATES[(buf[off + 2] >> 2) & 3];
    if (version !== 3 || layer !== 1 || !kbps || !rate) throw new Error('not an MPEG-1 Layer III stream');
    const length = Math.floor((144000 * kbps) / rate) + ((buf[off + 2] >> 1) & 1);
    const mono = buf[off + 3] >> 6 === 3;
    const tag = buf.toString('latin1', off + (mono ? 21 : 36), off + (mono ? 25 : 40));
    if (!frames.length && (tag === 'Xing' || tag === 'Info')) head = off + length;
    else frames.push([off, length]);
    off += length;
  }
  if (!frames.length) throw new Error('no MPEG audio frames');
  return { head, frames, end: off };
}

/** The frames of an ADTS AAC stream (one raw data block each, as ffmpeg writes them). @throws Error otherwise. */
export function adtsFrameIndex(buf: Buffer): FrameIndex {
  const frames: Array<[number, number]> = [];
  let off = 0;
  while (off + 7 <= buf.length && buf[off] === 0xff && (buf[off + 1] & 0xf6) === 0xf0) {
    const length = ((buf[off + 3] & 3) << 11) | (buf[off + 4] << 3) | (buf[off + 5] >> 5);
    if (length < 7 || (buf[off + 6] & 3) !== 0) throw new Error('unsupported ADTS frame');
    frames.push([off, length]);
    off += length;
  }
  if (!frames.length) throw new Error('no ADTS frames');
  return { head: 0, frames, end: off };
}

const indexOf = (codec: FrameCodec, buf: Buffer) => (codec === 'mp3' ? mp3FrameIndex(buf) : adtsFrameIndex(buf));

/**
 * Writes `outPath`: the stream `fullPath` with its frames `from`..`to` (exclusive; `to` past the last frame means
 * to the end) replaced by the frames of `windowPath`, whose frame 0 is frame `windowFirst` of the full stream's
 * grid. Replacing up to the end takes every remaining window frame (the two encodes may flush differently).
 * The full stream's head (its tags) and anything after its frames are kept.
 * @throws Error when a file is not a stream of `codec` or the window does not cover `from`..`to`.
 */
export async function spliceFrames(opts: {
  codec: FrameCodec;
  fullPath: string;
  windowPath: string;
  windowFirst: number;
  from: number;
  to: number;
  outPath: string;
}): Promise<void> {
  const full = await readFile(opts.fullPath);
  const win = await readFile(opts.windowPath);
  const f = indexOf(opts.codec, full);
  const w = indexOf(opts.codec, win);
  const toEnd = opts.to >= f.frames.length;
  const a = opts.from - opts.windowFirst;
  const b = toEnd ? w.frames.length : opts.to - opts.windowFirst;
  if (a < 0 || b > w.frames.length || a > b) throw new Error('the window does not cover the frames replaced');
  const byteAt = (idx: FrameIndex, k: number) => (k < idx.frames.length ? idx.frames[k][0] : idx.end);
  await writeFile(
    opts.outPath,
    Buffer.concat([
      full.subarray(0, byteAt(f, opts.from)),
      win.subarray(byteAt(w, a), byteAt(w, b)),
      full.subarray(toEnd ? f.end : byteAt(f, opts.to)),
    ]),
  );
}
