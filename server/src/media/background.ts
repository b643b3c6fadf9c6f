/**
 * "Remove the original speech, keep the rest" (issue 21 item 4): the background of the input, the original sound
 * with its isolated voice removed, for the voice-over to mix the dub over instead of the ducked original. The input's
 * first audio stream is decoded to 44.1 kHz stereo and mono WAV files, the separation engine isolates the voice of
 * the mono one (separation.engine.ts), the voice is aligned to the original and subtracted (voice-subtract.ts), and
 * the background is kept as a FLAC artifact (`stems/background.flac`, with the voice as `stems/voice.flac`): every
 * language, a retry and a re-dub read it instead of calling the engine again. Memory does not grow with the length
 * (files, blocks); the ffmpeg commands are one size.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { SeparationEngine } from '../engines/separation.engine.ts';
import { runProcess } from '../engines/run-process.ts';
import type { ArtifactStore } from './artifacts.ts';
import { MediaError } from './media-error.ts';
import { alignVoice, subtractVoice } from './voice-subtract.ts';

/** The stored background (the original minus its voice, FLAC stereo 44.1 kHz) and the isolated voice (FLAC mono). */
export const backgroundArtifact = 'stems/background.flac';
export const voiceStemArtifact = 'stems/voice.flac';

/**
 * Ducking of the background under the dub: -6 dB (the ducked original is -18 dB). Not none: the separation leaves
 * a little of the original voice (coding noise of the service's MP3), and a dub over a full-level music bed is
 * harder to follow; not more, or the music the user asked to keep would dip under every line.
 */
export const BACKGROUND_DUCK_GAIN = 10 ** (-6 / 20);
/** The stems' sample rate, Hz (the mix's). */
const STEM_RATE = 44100;

const ffmpeg = (args: string[], signal?: AbortSignal) =>
  runProcess('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args], { signal });

/**
 * The background of `input` as a local FLAC file in `workDir`: the stored artifact when there is one, else made
 * with `engine` (`run` wraps the engine call: the stage's error mapping) and stored. `onProgress` gets 0..1.
 * @returns the FLAC file's path (stereo, 44.1 kHz, the input's length).
 * @throws MediaError SEPARATION_NOT_AVAILABLE (nothing stored and no engine), FFMPEG_FAILED; the engine's error
 *         through `run`; the signal's reason when aborted.
 */
export async function backgroundOf(opts: {
  input: string;
  engine: SeparationEngine | null | undefined;
  artifacts: ArtifactStore;
  workDir: string;
  run?: <T>(fn: () => Promise<T>) => Promise<T>;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}): Promise<string> {
  const { workDir, signal, artifacts } = opts;
  const out = path.join(workDir, 'background.flac');
  if (await artifacts.fetchFile(backgroundArtifact, out)) return out;
  if (!opts.engine) throw new MediaError('SEPARATION_NOT_AVAILABLE', 'No voice separation engine is configured.');
  const engine = opts.engine;
  const [stereo, mono, voice, raw] = ['original.wav', 'mono.wav', 'voice.wav', 'background.raw'].map((f) =>
    path.join(workDir, f),
  );
  try {
    try {
      const pcm = ['-map', '0:a:0', '-vn', '-ar', String(STEM_RATE), '-c:a', 'pcm_s16le'];
      await ffmpeg(['-i', opts.input, ...pcm, '-ac', '2', stereo, ...pcm, '-ac', '1', mono], signal);
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      throw new MediaError('FFMPEG_FAILED', 'Reading the sound for voice separation failed.', (e as Error).message);
    }
    const run = opts.run ?? (<T>(fn: () => Promise<T>) => fn());
    await run(() => engine.isolateVoice(mono, voice, { signal, onProgress: (f) => opts.onProgress?.(0.8 * f) }));
    const alignment = await alignVoice(stereo, voice, signal);
    const { rate, channels } = await subtractVoice(stereo, voice, alignment, raw, signal);
    try {
      await ffmpeg(
        ['-f', 's16le', '-ar', String(rate), '-ac', String(channels), '-i', raw, '-c:a', 'flac', out],
        signal,
      );
      const voiceFlac = path.join(workDir, 'voice.flac');
      await ffmpeg(['-i', voice, '-c:a', 'flac', voiceFlac], signal);
      await artifacts.saveFile(voiceStemArtifact, voiceFlac);
      await rm(voiceFlac, { force: true });
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      throw new MediaError('FFMPEG_FAILED', 'Encoding the background failed.', (e as Error).message);
    }
    await artifacts.saveFile(backgroundArtifact, out);
    opts.onProgress?.(1);
    return out;
  } finally {
    await Promise.all([stereo, mono, voice, raw].map((f) => rm(f, { force: true })));
  }
}
