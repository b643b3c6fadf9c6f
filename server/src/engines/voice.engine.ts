/**
 * The voice synthesis stage's interface: text in one language -> a WAV file.
 * Voice-over modes (spec): 'manual' (Standard, a few voices per language) and 'dubbing' (Premium, the best voices
 * available: the neural engine when configured).
 */

/** A voice an engine offers. `quality` ranks engines for dubbing: neural > natural > robotic. */
export interface Voice {
  /** Engine-specific voice id (espeak 'es+m3', flite 'rms', OpenAI 'alloy'); the API's id is `<engine>:<id>`. */
  id: string;
  /** Display name ('Alloy', 'Female 2'): proper names, or words the web app can label. */
  name: string;
  /** Base language code. */
  language: string;
  gender: 'male' | 'female' | 'neutral';
  quality: 'neural' | 'natural' | 'robotic';
}

/** Options of one synthesis. `speed` is a rate factor (1 = the engine's normal speed). */
export interface SynthesizeOptions {
  language: string;
  voice: string;
  outPath: string;
  speed?: number;
  signal?: AbortSignal;
}

/** A text-to-speech engine. */
export interface VoiceEngine {
  /** Stable id, e.g. 'espeak-ng', 'flite', 'openai'. */
  readonly id: string;
  readonly kind: 'local' | 'network';
  /** The voices for `language` (base code), best first; empty when the language is not served. */
  voices(language: string): Voice[];
  available(): Promise<boolean>;
  /**
   * Writes `text` spoken with `voice` as a WAV file to `outPath`.
   * @throws Error naming the engine when it fails; the signal's reason when aborted.
   */
  synthesize(text: string, opts: SynthesizeOptions): Promise<void>;
  /**
   * Instant voice cloning (issue 21 item 4), on engines that can: creates a voice from the speech sample at
   * `samplePath` (a WAV, 30-90 s of one speaker) named `name`.
   * @returns the new voice's id, usable as `SynthesizeOptions.voice`.
   * @throws Error naming the engine when it fails; the signal's reason when aborted.
   */
  cloneVoice?(samplePath: string, name: string, signal?: AbortSignal): Promise<string>;
  /**
   * Deletes a voice made by `cloneVoice`.
   * @throws Error naming the engine when it fails.
   */
  deleteVoice?(voiceId: string): Promise<void>;
}
