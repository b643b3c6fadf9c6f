/**
 * The voice separation stage's interface (issue 21 item 4, "Remove the original speech, keep the rest"): a WAV in,
 * the voice alone out (speech isolated from music, effects and noise). The voice-over then subtracts it from the
 * original (media/background.ts) and mixes the dub over what is left. Times are seconds; the output has the input's
 * sample rate and length, so sample `i` of the voice is sample `i` of the input up to the engine's own small delay
 * and gain (an encoded answer is not sample-exact: background.ts aligns it before subtracting).
 */

/** Options of one separation. */
export interface IsolateOptions {
  signal?: AbortSignal;
  /** Reports the fraction (0..1) of the input done. */
  onProgress?: (fraction: number) => void;
}

/** A voice separation engine. */
export interface SeparationEngine {
  /** Stable id, e.g. 'elevenlabs'. */
  readonly id: string;
  readonly kind: 'local' | 'network';
  /** True when the engine's server is usable now. */
  available(): Promise<boolean>;
  /**
   * Writes the voice of `wavPath` (a mono 16-bit PCM WAV, any rate) to `outPath` as a mono 16-bit PCM WAV of the
   * same rate and length (samples), silence where nobody speaks.
   * @throws Error naming the engine when it fails (EngineHttpError for a network engine); the signal's reason when
   *         aborted.
   */
  isolateVoice(wavPath: string, outPath: string, opts?: IsolateOptions): Promise<void>;
}
