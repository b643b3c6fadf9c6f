/**
 * The speaker diarization stage's interface (issue 19): a 16 kHz mono WAV in, speaker turns out ("who spoke
 * when"). Times are seconds from the start of the audio; a turn is `[start, end)`. Speaker names are the engine's
 * own (`S1`, `speaker_0`, `A` …): only their identity counts, the stage renames them in order of appearance.
 */
import type { RecognisedWord } from './speech.engine.ts';

/** One speaker turn: `speaker` talks from `start` to `end` (seconds). */
export interface SpeakerTurn {
  start: number;
  end: number;
  speaker: string;
}

/** Options of one diarization. */
export interface DiarizeOptions {
  /** How many people speak (1 … 8), or undefined to let the engine find out (Auto). */
  numSpeakers?: number;
  /** The transcript's words when there is one (the local engine finds its own speech regions: classic-work.ts). */
  words?: readonly RecognisedWord[];
  /** The source language (base code), for engines that transcribe while they diarize. */
  language?: string;
  signal?: AbortSignal;
}

/** A speaker diarization engine. */
export interface SpeakersEngine {
  /** Stable id, e.g. 'classic', 'openai', 'elevenlabs'. */
  readonly id: string;
  readonly kind: 'local' | 'network';
  /** True when the engine's server is usable now. */
  available(): Promise<boolean>;
  /**
   * The speaker turns of a WAV file (16 kHz mono PCM), in time order; none when nobody speaks.
   * @throws Error naming the engine when it fails; the signal's reason when aborted.
   */
  diarize(wavPath: string, opts: DiarizeOptions): Promise<SpeakerTurn[]>;
}
