/**
 * Several recognisers serving one source language, tried in order (engine-fallback.ts, issue 39 item 2): when the
 * first refuses in a way a retry cannot fix (a revoked key 401, 403, an upload over its limit 413, its quota or
 * spend cap) the audio goes to the next configured recogniser of the language (pocketsphinx for English), so the
 * job completes. A failure a retry may fix (5xx, timeouts) is not passed on: the job's own retry asks the better
 * recogniser again.
 */
import { fallbackChain, type EngineFallback } from '../engine-fallback.ts';
import { isPermanentEngineFailure } from '../engine-failure.ts';
import type { SpeechEngine, TranscribeOptions } from '../speech.engine.ts';

/**
 * One recogniser over `engines` (at least one, all serving the language asked for). `id` names the engine that
 * answered the last call (the first before any call); every fallback is pushed to `fallbacks` (the plan's list).
 * @throws from `transcribe`: the first engine's error when it cannot fall back or every engine failed; the
 *         signal's reason when aborted.
 */
export function withSpeechFallback(engines: readonly SpeechEngine[], fallbacks?: EngineFallback[]): SpeechEngine {
  if (engines.length === 1) return engines[0];
  const chain = fallbackChain(engines, { stage: 'speech', fallsBackOn: isPermanentEngineFailure, fallbacks });
  const first = engines[0];
  return {
    get id() {
      return chain.used.id;
    },
    get kind() {
      return chain.used.kind;
    },
    languages: first.languages,
    detectsLanguage: first.detectsLanguage,
    available: async () => (await Promise.all(engines.map((e) => e.available().catch(() => false)))).some(Boolean),
    transcribe(wavPath: string, opts: TranscribeOptions) {
      // The next recogniser starts the audio again: the progress shown never goes back.
      let shown = 0;
      const onProgress = (f: number) => opts.onProgress?.((shown = Math.max(shown, f)));
      return chain.run((engine) => engine.transcribe(wavPath, { ...opts, onProgress }), opts.signal);
    },
  };
}
