/**
 * Several engines serving one language pair, tried in order (engine-fallback.ts): when one fails (its quota is
 * used up, it refuses, it is down after its own retries) the same texts go to the next configured engine serving
 * the pair, so a job completes whenever any of them can translate it. Source of the order: engine-choice.ts
 * (network engines first).
 */
import type { RephraseItem, TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { fallbackChain, type EngineFallback, type FallbackLog } from '../engine-fallback.ts';

export type { FallbackLog } from '../engine-fallback.ts';

/**
 * One engine over `engines` (at least one, all serving the pair asked for). `id` names the engine that answered
 * the last call (the first engine before any call), so the job records the engine that really translated.
 * `rephrase` is the first engine's that has one (absent when none can rephrase). Every fallback is pushed to
 * `fallbacks` (the plan's list).
 * @throws from `translate`: the first engine's error when every engine failed; the signal's reason when aborted.
 */
export function withFallback(
  engines: readonly TranslationEngine[],
  onFallback?: FallbackLog,
  fallbacks?: EngineFallback[],
): TranslationEngine {
  if (engines.length === 1) return engines[0];
  const chain = fallbackChain(engines, { stage: 'translation', onFallback, fallbacks });
  // The first engine that can rephrase (a language model) does it for the pair, whichever translated.
  const rephraser = engines.find((e) => e.rephrase);
  return {
    ...(rephraser?.rephrase
      ? { rephrase: (items: RephraseItem[], opts: TranslateOptions) => rephraser.rephrase!(items, opts) }
      : {}),
    get id() {
      return chain.used.id;
    },
    kind: engines[0].kind,
    keepsInlineTags: engines[0].keepsInlineTags,
    supports: (from, to) => engines.some((e) => e.supports(from, to)),
    available: async () => (await Promise.all(engines.map((e) => e.available().catch(() => false)))).some(Boolean),
    translate: (texts: string[], opts: TranslateOptions) =>
      chain.run((engine) => engine.translate(texts, opts), opts.signal),
  };
}
