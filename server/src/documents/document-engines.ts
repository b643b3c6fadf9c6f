/**
 * The engine choice for documents: the first configured translation engine that serves the pair, network
 * neural engines before the local Apertium (the order `buildEngines` gives; engines.md).
 */
import type { EnginesConfig } from '../config/engines.config.ts';
import { buildEngines } from '../engines/engine.registry.ts';
import { languageLabel } from '../engines/languages.ts';
import type { TranslationEngine } from '../engines/translation.engine.ts';

/**
 * Returns `engineFor(from, to)` for TranslateDocumentRequest over the configured engines.
 * `engineFor` throws an Error naming the configured engines when none translates the pair.
 */
export function documentEngineChooser(
  config: EnginesConfig,
  engines: TranslationEngine[] = buildEngines(config).translation,
): (from: string, to: string) => TranslationEngine {
  return (from, to) => {
    const engine = engines.find((e) => e.supports(from, to));
    if (engine) return engine;
    const names = engines.map((e) => e.id).join(', ') || 'none';
    throw new Error(
      `No translation engine translates ${languageLabel(from)} to ${languageLabel(to)} here (configured: ${names}). ` +
        'Apertium, the local engine, translates only between English, Spanish, French, Portuguese and Italian; ' +
        'other languages need DeepL (DEEPL_API_KEY), LibreTranslate (LIBRETRANSLATE_URL) or an OpenAI-compatible server (OPENAI_BASE_URL).',
    );
  };
}
