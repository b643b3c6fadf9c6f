/**
 * The speech recognition stage's interface: a 16 kHz mono WAV in, words with times out.
 * Times are seconds from the start of the audio; `[start, end)`.
 */

/** One recognised word. `confidence` is 0..1 when the engine gives one. */
export interface RecognisedWord {
  text: string;
  start: number;
  end: number;
  confidence?: number;
}

/** An utterance: a piece of speech as the recogniser cut it (at a pause or a sentence end), with its words. */
export interface RecognisedUtterance {
  start: number;
  end: number;
  text: string;
  words: RecognisedWord[];
}

/** What a speech engine returns. `language` is the base code it transcribed in; `detected` when it found it itself. */
export interface Transcript {
  language: string;
  detected: boolean;
  words: RecognisedWord[];
  utterances: RecognisedUtterance[];
  durationSeconds?: number;
}

/** Options of one transcription. `language` is a base code or 'auto' (only when `detectsLanguage`). */
export interface TranscribeOptions {
  language: string;
  signal?: AbortSignal;
  /**
   * Called as the recogniser works through the audio, with the share of the audio's seconds recognised so far
   * (0..1, never decreasing): decoded seconds on the embedded recogniser, answered pieces plus an estimate for the
   * requests in flight on the network ones (speech/request-progress.ts).
   */
  onProgress?: (fraction: number) => void;
}

/** A speech recognition engine. */
export interface SpeechEngine {
  /** Stable id, e.g. 'pocketsphinx', 'openai'. */
  readonly id: string;
  readonly kind: 'local' | 'network';
  /** Base language codes it transcribes; '*' means any. */
  readonly languages: readonly string[] | '*';
  /** True when the engine can tell which language is spoken (source language 'auto'). */
  readonly detectsLanguage: boolean;
  /** True when the engine's binary, model or server is usable now. */
  available(): Promise<boolean>;
  /**
   * Transcribes a WAV file (16 kHz mono PCM).
   * @throws Error naming the engine when it fails; the signal's reason when aborted.
   */
  transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript>;
}

/** True when `engine` transcribes `language` (a base code). */
export function speechSupports(engine: SpeechEngine, language: string): boolean {
  return engine.languages === '*' || engine.languages.includes(language);
}
