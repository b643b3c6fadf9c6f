/**
 * Translation engines for document jobs: the first configured engine that serves a pair (the same order as the
 * media registry's: network engines first when configured, then Apertium). Documents need no speech engine, so
 * they do not go through the registry's planJob.
 */
import type { EnginesConfig } from '../../config/engines.config.ts';
import { buildEngines, NoEngineError } from '../../engines/engine.registry.ts';
import type { TranslationEngine } from '../../engines/translation.engine.ts';
import { languageLabel, normaliseLanguage } from '../../engines/languages.ts';

const cache = new WeakMap<EnginesConfig, TranslationEngine[]>();

/**
 * The engine translating `from` -> `to` (codes such as 'en-gb' are read as their base language).
 * @throws NoEngineError with a user-readable message when no configured engine serves the pair.
 */
export function documentEngineFor(config: EnginesConfig, from: string, to: string): TranslationEngine {
  let engines = cache.get(config);
  if (!engines) cache.set(config, (engines = buildEngines(config).translation));
  const f = normaliseLanguage(from);
  const t = normaliseLanguage(to);
  const engine = engines.find((e) => e.supports(f, t));
  if (!engine) {
    throw new NoEngineError([
      `No translation engine translates ${languageLabel(f)} to ${languageLabel(t)} here (configured: ${engines.map((e) => e.id).join(', ') || 'none'}). ` +
        'DeepL (DEEPL_API_KEY), LibreTranslate (LIBRETRANSLATE_URL) or an OpenAI-compatible server (OPENAI_BASE_URL) would.',
    ]);
  }
  return engine;
}
