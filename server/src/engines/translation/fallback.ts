/**
 * Several engines serving one language pair, tried in order: when one fails (its quota is used up, it refuses,
 * it is down after its own retries) the same texts go to the next configured engine serving the pair, so a job
 * completes whenever any of them can translate it. Source of the order: engine-choice.ts (network engines first).
 */
import type { RephraseItem, TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { engineFailureKind, isPermanentEngineFailure } from '../engine-failure.ts';

/** Logs a fallback: which engine failed (its own words) and which one is tried next. */
export type FallbackLog = (failed: string, next: string, error: Error) => void;

/**
 * One engine over `engines` (at least one, all serving the pair asked for). `id` names the engine that answered
 * the last call (the first engine before any call), so the job records the engine that really translated.
 * `rephrase` is the first engine's that has one (absent when none can rephrase).
 * @throws from `translate`: the first engine's error when every engine failed; the signal's reason when aborted.
 */
export function withFallback(engines: readonly TranslationEngine[], onFallback?: FallbackLog): TranslationEngine {
  if (engines.length === 1) return engines[0];
  let used = engines[0];
  // Engines whose failure a retry cannot fix (quota, refused) are skipped for the later batches.
  const dead = new Set<TranslationEngine>();
  // The first engine that can rephrase (a language model) does it for the pair, whichever translated.
  const rephraser = engines.find((e) => e.rephrase);
  return {
    ...(rephraser?.rephrase
      ? { rephrase: (items: RephraseItem[], opts: TranslateOptions) => rephraser.rephrase!(items, opts) }
      : {}),
    get id() {
      return used.id;
    },
    kind: engines[0].kind,
    keepsInlineTags: engines[0].keepsInlineTags,
    supports: (from, to) => engines.some((e) => e.supports(from, to)),
    available: async () => (await Promise.all(engines.map((e) => e.available().catch(() => false)))).some(Boolean),
    async translate(texts: string[], opts: TranslateOptions): Promise<string[]> {
      let first: unknown;
      const live = engines.filter((e) => !dead.has(e));
      for (const [i, engine] of (live.length ? live : engines).entries()) {
        try {
          const out = await engine.translate(texts, opts);
          used = engine;
          return out;
        } catch (e) {
          if (opts.signal?.aborted) throw opts.signal.reason;
          first ??= e;
          if (isPermanentEngineFailure(e) && engineFailureKind(e) !== 'input_too_large') dead.add(engine);
          const next = (live.length ? live : engines)[i + 1];
          if (next) onFallback?.(engine.id, next.id, e as Error);
        }
      }
      throw first;
    },
  };
}
