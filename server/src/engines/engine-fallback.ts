/**
 * The one fallback of the engines (issue 39 item 2): several configured engines serving one request, tried in
 * order (engine-choice.ts: network engines first); when one fails in a way the stage falls back on, the same call
 * goes to the next, so a job completes whenever any of them can do it. Translation falls back on every failure
 * (translation/fallback.ts), speech recognition on failures a retry cannot fix (speech/fallback.ts). Each fallback
 * is counted on tarjama_engine_fallbacks_total and kept in the plan's list, from which the job's notes are written.
 */
import { engineFailureKind, isPermanentEngineFailure, type EngineFailureKind } from './engine-failure.ts';
import { engineFallbacks } from './engine-metrics.ts';

/** Stages whose engines fall back. */
export type FallbackStage = 'speech' | 'translation';

/** One fallback that happened: `failed` engine's call went to `next`, because of a failure of `kind`. */
export interface EngineFallback {
  stage: FallbackStage;
  failed: string;
  next: string;
  kind: EngineFailureKind;
}

/** Logs a fallback: which engine failed (its own words) and which one is tried next. */
export type FallbackLog = (failed: string, next: string, error: Error) => void;

/** How a chain of engines falls back. */
export interface FallbackOptions {
  stage: FallbackStage;
  /** True for a failure the next engine is tried on (default: every failure). */
  fallsBackOn?: (e: unknown) => boolean;
  /** Receives every fallback (the plan's list: the job's notes). */
  fallbacks?: EngineFallback[];
  onFallback?: FallbackLog;
}

/** Engines tried in order, remembering the one that answered last. */
export interface FallbackChain<E extends { readonly id: string }> {
  /** The engine that answered the last call (the first engine before any call). */
  readonly used: E;
  /**
   * Calls `call` on each engine in turn until one answers.
   * @throws the first engine's error when every engine failed (or the failure does not fall back); the signal's
   *         reason when aborted.
   */
  run<T>(call: (engine: E) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** A chain over `engines` (at least one). Engines whose failure a retry cannot fix are skipped on later calls. */
export function fallbackChain<E extends { readonly id: string }>(
  engines: readonly E[],
  opts: FallbackOptions,
): FallbackChain<E> {
  let used = engines[0];
  // A quota used up or a refused key will not pass on the next batch either (a too large input might).
  const dead = new Set<E>();
  return {
    get used() {
      return used;
    },
    async run(call, signal) {
      let first: unknown;
      const live = engines.filter((e) => !dead.has(e));
      const order = live.length ? live : engines;
      for (const [i, engine] of order.entries()) {
        try {
          const out = await call(engine);
          used = engine;
          return out;
        } catch (e) {
          if (signal?.aborted) throw signal.reason;
          first ??= e;
          if (isPermanentEngineFailure(e) && engineFailureKind(e) !== 'input_too_large') dead.add(engine);
          const next = order[i + 1];
          if (!next || !(opts.fallsBackOn ?? (() => true))(e)) break;
          const kind = engineFailureKind(e);
          engineFallbacks.inc({ stage: opts.stage, from: engine.id, to: next.id, kind });
          opts.fallbacks?.push({ stage: opts.stage, failed: engine.id, next: next.id, kind });
          opts.onFallback?.(engine.id, next.id, e as Error);
        }
      }
      throw first;
    },
  };
}
