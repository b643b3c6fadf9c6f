/**
 * The classic diarization of one WAV file as thread work (classic.worker.ts): read, resample to 16 kHz, diarize.
 * Kept off the event loop of the API process (work-thread.ts), because it is pure computation for minutes on long
 * media.
 */
import { readWav, resample } from '../wav.ts';
import { diarizeClassic, type SpeechRegion } from './classic.ts';
import type { SpeakerTurn } from './der.ts';

/** One diarization: the WAV's path, the user's speaker count (undefined: Auto) and the speech regions (seconds). */
export interface ClassicWorkInput {
  wavPath: string;
  numSpeakers?: number;
  regions: SpeechRegion[];
}

/**
 * The speaker turns of the WAV at `input.wavPath` (diarizeClassic).
 * @throws Error when the file is not PCM WAV; the signal's reason when aborted before the work starts.
 */
export async function classicWork(input: ClassicWorkInput, signal: AbortSignal): Promise<SpeakerTurn[]> {
  signal.throwIfAborted();
  const audio = resample(await readWav(input.wavPath), 16000);
  signal.throwIfAborted();
  return diarizeClassic(audio, { numSpeakers: input.numSpeakers, regions: input.regions });
}
