/**
 * The classic diarization of one WAV file as thread work (classic.worker.ts). Its speech regions come from a voice
 * activity detector, never from the transcript's words: the recogniser's word times run across pauses and across
 * changes of speaker (on ../shared/testdata/speakers/sample.wav the embedded recogniser's words join into one
 * region from 6.7 s to 21.5 s holding five turns of two people, and every piece then mixed both voices: one
 * speaker found, issue 38). The detector is Silero VAD (silero-vad.ts, the default: on the AMI excerpts 33.5 s
 * missed and 1.8 s false alarm against the classic detector's 36.1 s and 5.2 s, `npm run bench:speakers`), with
 * the pipeline's 16 kHz WAV then read in blocks (features.ts; issue 25); the classic periodicity detector
 * (speech-detector.ts) when asked for or when Silero cannot run, the recording read whole and resampled to 16 kHz.
 * Kept off the event loop of the API process (work-thread.ts), because it is pure computation for minutes on long
 * media.
 */
import { sileroSpeech } from '../../../audio/silero-vad.ts';
import { readWav, readWavLayout, resample } from '../../../audio/wav.ts';
import { diarizeClassic, diarizeClassicWav, type SpeechRegion } from './classic.ts';
import type { SpeakerTurn } from './der.ts';

/** The speech detectors of the classic engine: Silero VAD (the default) or the classic periodicity detector. */
export type SpeechDetector = 'silero' | 'classic';

/**
 * One diarization: the WAV's path, the user's speaker count (undefined: Auto), the speech detector (default
 * 'silero'), or the speech regions (seconds) when a caller already knows them.
 */
export interface ClassicWorkInput {
  wavPath: string;
  numSpeakers?: number;
  detector?: SpeechDetector;
  regions?: SpeechRegion[];
}

/**
 * The speaker turns of the WAV at `input.wavPath` (diarizeClassic).
 * @throws Error when the file is not PCM WAV; the signal's reason when aborted.
 */
export async function classicWork(input: ClassicWorkInput, signal: AbortSignal): Promise<SpeakerTurn[]> {
  signal.throwIfAborted();
  const layout = await readWavLayout(input.wavPath);
  const blocks = layout.rate === 16000 && layout.channels === 1 && layout.bits === 16 && layout.format === 1;
  let regions = input.regions;
  if (!regions?.length && blocks && (input.detector ?? 'silero') === 'silero') regions = await silero(input, signal);
  if (regions && blocks)
    return regions.length ? diarizeClassicWav(input.wavPath, { numSpeakers: input.numSpeakers, regions, signal }) : [];
  const audio = resample(await readWav(input.wavPath), 16000);
  signal.throwIfAborted();
  return diarizeClassic(audio, { numSpeakers: input.numSpeakers, regions });
}

/** Silero's regions, or undefined (the classic detector then) when the model cannot run here. */
async function silero(input: ClassicWorkInput, signal: AbortSignal): Promise<SpeechRegion[] | undefined> {
  try {
    return await sileroSpeech(input.wavPath, signal);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    // No model runtime on this platform (onnxruntime-node ships no binary for it): the turns still come.
    void err;
    return undefined;
  }
}
