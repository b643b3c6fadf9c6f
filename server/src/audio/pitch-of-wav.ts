/**
 * The median pitch of each speaker of a 16 kHz mono WAV file (the speakers stage's figure from which the dub picks
 * voices: stages/speakers.ts), read BLOCK_SECONDS at a time (features.ts `wavBlocks`) instead of whole (issue 25:
 * reading the recording whole and low-passing it once per speaker took 12 bytes per sample at once, ~120 MB per
 * 10 minutes). The same figures as `medianPitch` on the whole recording: each block is low-passed with the samples
 * just before it, so its 8 kHz signal equals the whole one's. Memory: one block, and 4 bytes per voiced 10 ms frame
 * of each speaker (the median needs them all). Frequencies in Hz, times in seconds.
 */
import { FRAME_STEP } from './mfcc.ts';
import { BLOCK_SECONDS, pitchInto, voicedMedian, wavBlocks } from './speaker-features.ts';

/** Samples read before each block: the two three-tap passes of the low pass reach 2 samples back (even, for 8 kHz). */
const LEAD = 4;

/**
 * Each group's median pitch (Hz; 0 when nothing in it is voiced) over its `regions` (seconds), keyed as `groups`.
 * @throws Error when the file is not 16 kHz mono 16-bit PCM WAV (read it whole and use `medianPitch` then); the
 *         signal's reason when aborted.
 */
export async function medianPitchesOfWav(
  wavPath: string,
  groups: Record<string, readonly { start: number; end: number }[]>,
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const voiced = new Map(Object.keys(groups).map((id) => [id, new Growing()]));
  const pitch = new Float32Array(Math.round(BLOCK_SECONDS / FRAME_STEP));
  const frames = (samples: number) => Math.floor(samples / 16000 / FRAME_STEP); // pitchFrames's count
  for await (const b of wavBlocks(wavPath, { signal, lead: LEAD, frames })) {
    for (const [id, regions] of Object.entries(groups)) {
      const near = regions.filter((r) => r.end >= b.from * FRAME_STEP && r.start < b.to * FRAME_STEP);
      if (!near.length) continue;
      pitch.fill(0);
      pitchInto(pitch, b.low, b.from, b.to, near, b.from);
      const values = voiced.get(id)!;
      for (let k = 0; k < b.to - b.from; k++) if (pitch[k] > 0) values.push(pitch[k]);
    }
  }
  return Object.fromEntries([...voiced].map(([id, v]) => [id, voicedMedian(v.values())]));
}

/** A Float32Array that grows by doubling (4 bytes a value, off the JavaScript heap). */
class Growing {
  private data = new Float32Array(1024);
  private length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }
  values(): Float32Array {
    return this.data.subarray(0, this.length);
  }
}
