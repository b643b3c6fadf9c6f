/**
 * The local speaker engine, the embedded default: classic signal processing, no model files and no network
 * (media/speakers/classic.ts: speech regions, MFCC Gaussians and pitch, spectral clustering, smoothing).
 * Speech regions are the transcript's words (joined across short pauses) when there are any, else the voice
 * activity detector's. With words, the pipeline's 16 kHz WAV is read a block at a time.
 */
import { diarizeClassic, diarizeClassicWav } from '../../media/speakers/classic.ts';
import { readWav, readWavLayout, resample } from '../../media/wav.ts';
import type { DiarizeOptions, SpeakersEngine, SpeakerTurn } from '../speakers.engine.ts';

/** Creates the classic engine. @throws from `diarize`: Error when the file is not PCM WAV. */
export function createClassicSpeakersEngine(): SpeakersEngine {
  return {
    id: 'classic',
    kind: 'local',
    available: async () => true,
    async diarize(wavPath: string, opts: DiarizeOptions): Promise<SpeakerTurn[]> {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const regions = (opts.words ?? []).map((w) => ({ start: w.start, end: w.end }));
      // The pipeline's 16 kHz WAV with words is read a block at a time (memory linear in nothing but the
      // features, issue 25); another rate, or no words (the detector's regions need the whole signal), is read whole.
      if (regions.length && (await readWavLayout(wavPath)).rate === 16000)
        return diarizeClassicWav(wavPath, { numSpeakers: opts.numSpeakers, regions, signal: opts.signal });
      const audio = resample(await readWav(wavPath), 16000);
      return diarizeClassic(audio, { numSpeakers: opts.numSpeakers, regions });
    },
  };
}
