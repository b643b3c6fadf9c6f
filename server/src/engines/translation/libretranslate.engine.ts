/**
 * LibreTranslate (POST {url}/translate, JSON `{q: string[], source, target, format, api_key}` ->
 * `{translatedText: string[]}`). `format: "html"` keeps inline tags. Documented errors: 400, 403 (key), 429, 500.
 */
import type { TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';

const LANGS = new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'hi', 'id']);
const BATCH = 50;

/** Creates the LibreTranslate engine. @throws from `translate`: EngineHttpError naming LibreTranslate. */
export function createLibreTranslateEngine(
  cfg: { url: string; apiKey?: string },
  http: EngineHttpSettings,
): TranslationEngine {
  return {
    id: 'libretranslate',
    kind: 'network',
    keepsInlineTags: true,
    supports: (from, to) =>
      LANGS.has(normaliseLanguage(from)) &&
      LANGS.has(normaliseLanguage(to)) &&
      normaliseLanguage(from) !== normaliseLanguage(to),
    async available() {
      try {
        return (await fetch(`${cfg.url}/languages`, { signal: AbortSignal.timeout(5000) })).ok;
      } catch {
        return false;
      }
    },
    async translate(texts: string[], opts: TranslateOptions): Promise<string[]> {
      const out: string[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const q = texts.slice(i, i + BATCH);
        const res = await fetchWithRetry(
          `${cfg.url}/translate`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              q,
              source: normaliseLanguage(opts.from),
              target: normaliseLanguage(opts.to),
              format: q.some((s) => /<\/?g\d+>/.test(s)) ? 'html' : 'text',
              ...(cfg.apiKey ? { api_key: cfg.apiKey } : {}),
            }),
          },
          { engine: 'LibreTranslate', signal: opts.signal, ...http },
        );
        const body = (await res.json()) as { translatedText?: string[] | string };
        const t = Array.isArray(body.translatedText) ? body.translatedText : [body.translatedText ?? ''];
        if (t.length !== q.length)
          throw new Error(`LibreTranslate returned ${t.length} translations for ${q.length} texts`);
        out.push(...t);
      }
      return out;
    },
  };
}
