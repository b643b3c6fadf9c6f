/**
 * The local speaker engine, the embedded default: classic signal processing, no model files and no network
 * (media/speakers/classic.ts: speech regions, MFCC Gaussians and pitch, spectral clustering, smoothing).
 * Speech regions are the transcript's words (joined across short pauses) when there are any, else the voice
 * activity detector's. The computation runs on a worker thread (media/work-thread.ts), never on the event loop of
 * the process that answers HTTP requests (issue 24 item 5).
 */
import type { ClassicWorkInput } from '../../media/speakers/classic-work.ts';
import { runInThread } from '../../media/work-thread.ts';
import type { DiarizeOptions, SpeakersEngine, SpeakerTurn } from '../speakers.engine.ts';

const ENTRY = new URL('../../media/speakers/classic.worker.ts', import.meta.url);

/** Creates the classic engine. @throws from `diarize`: Error when the file is not PCM WAV; the signal's reason. */
export function createClassicSpeakersEngine(): SpeakersEngine {
  return {
    id: 'classic',
    kind: 'local',
    available: async () => true,
    async diarize(wavPath: string, opts: DiarizeOptions): Promise<SpeakerTurn[]> {
      const input: ClassicWorkInput = {
        wavPath,
        numSpeakers: opts.numSpeakers,
        regions: (opts.words ?? []).map((w) => ({ start: w.start, end: w.end })),
      };
      return runInThread<ClassicWorkInput, SpeakerTurn[]>(ENTRY, input, opts.signal);
    },
  };
}
