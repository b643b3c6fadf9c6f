/**
 * The classic diarization of one WAV file as thread work (classic.worker.ts): the pipeline's 16 kHz WAV read in
 * blocks (features.ts), any other read whole and resampled to 16 kHz; then diarized.
 * Kept off the event loop of the API process (work-thread.ts), because it is pure computation for minutes on long
 * media.
 */
import { readWav, readWavLayout, resample } from '../wav.ts';
import { diarizeClassic, diarizeClassicWav, type SpeechRegion } from './classic.ts';
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
  // The pipeline's 16 kHz mono WAV with words is read a block at a time (issue 25: memory holds the features, not
  // the decoded recording); another format, or no words (the detector's regions need the whole signal), whole.
  const layout = await readWavLayout(input.wavPath);
  if (
    input.regions.length &&
    layout.rate === 16000 &&
    layout.channels === 1 &&
    layout.bits === 16 &&
    layout.format === 1
  )
    return diarizeClassicWav(input.wavPath, { numSpeakers: input.numSpeakers, regions: input.regions, signal });
  const audio = resample(await readWav(input.wavPath), 16000);
  signal.throwIfAborted();
  return diarizeClassic(audio, { numSpeakers: input.numSpeakers, regions: input.regions });
}
