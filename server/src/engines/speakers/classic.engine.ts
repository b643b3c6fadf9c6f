/**
 * The local speaker engine, the embedded default: classic signal processing for who speaks (MFCC Gaussians,
 * spectral clustering, smoothing; classic/classic.ts) over the speech regions of a voice activity detector,
 * Silero VAD by default (classic/classic-work.ts says why the transcript's words are not used). No network.
 * The computation runs on a worker thread (threads/work-thread.ts), never on the event loop of the process that
 * answers HTTP requests (issue 24 item 5).
 */
import type { ClassicWorkInput, SpeechDetector } from './classic/classic-work.ts';
import { runInThread } from '../../threads/work-thread.ts';
import type { DiarizeOptions, SpeakersEngine, SpeakerTurn } from '../speakers.engine.ts';

const ENTRY = new URL('./classic/classic.worker.ts', import.meta.url);

/**
 * Creates the classic engine; `detector` the speech detector ('silero' by default; 'classic' for the periodicity
 * detector, which the bench prints beside it). @throws from `diarize`: Error when the file is not PCM WAV; the
 * signal's reason.
 */
export function createClassicSpeakersEngine(detector: SpeechDetector = 'silero'): SpeakersEngine {
  return {
    id: 'classic',
    kind: 'local',
    available: async () => true,
    async diarize(wavPath: string, opts: DiarizeOptions): Promise<SpeakerTurn[]> {
      const input: ClassicWorkInput = { wavPath, numSpeakers: opts.numSpeakers, detector };
      return runInThread<ClassicWorkInput, SpeakerTurn[]>(ENTRY, input, opts.signal);
    },
  };
}
