/**
 * LibreTranslate (POST {url}/translate, JSON `{q: string[], source, target, format, api_key}` ->
 * `{translatedText: string[]}`). `format: "html"` keeps inline tags. Documented errors: 400, 403 (key), 429, 500.
 * Requests respect the server's --batch-limit and --char-limit (settings), which it otherwise refuses with 400.
 */
import type { TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { mapBounded } from '../engine-gate.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { translateProtected } from './glossary-terms.ts';

const LANGS = new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'hi', 'id']);

/**
 * The server's limits (its --batch-limit and --char-limit options; LIBRETRANSLATE_BATCH_LIMIT and
 * LIBRETRANSLATE_CHAR_LIMIT): texts per request, and characters per request (0: none).
 */
export interface LibreTranslateLimits {
  batchLimit: number;
  charLimit: number;
}

/** Defaults: 50 texts a request, no character limit (LibreTranslate's own defaults are unlimited). */
export const DEFAULT_LIBRETRANSLATE_LIMITS: LibreTranslateLimits = { batchLimit: 50, charLimit: 0 };

/**
 * Cuts `texts` into consecutive batches of at most `batchLimit` texts and `charLimit` characters (code points,
 * as the server counts them); a single text over the character limit goes alone (the server then refuses it).
 */
export function libreTranslateBatches(texts: string[], limits: LibreTranslateLimits): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let chars = 0;
  for (const t of texts) {
    const n = [...t].length;
    const full = cur.length >= limits.batchLimit || (limits.charLimit > 0 && chars + n > limits.charLimit);
    if (cur.length && full) {
      out.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(t);
    chars += n;
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Creates the LibreTranslate engine. @throws from `translate`: EngineHttpError naming LibreTranslate. */
export function createLibreTranslateEngine(
  cfg: { url: string; apiKey?: string; limits?: LibreTranslateLimits },
  http: EngineHttpSettings,
): TranslationEngine {
  return {
    id: 'libretranslate',
    kind: 'network',
    keepsInlineTags: true,
    glossaryByPlaceholders: true,
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
    async translate(input: string[], opts: TranslateOptions): Promise<string[]> {
      // No glossary API: the terms travel as placeholders (glossary-terms.ts).
      return translateProtected(input, opts.glossary, async (texts) => {
        const batches = libreTranslateBatches(texts, cfg.limits ?? DEFAULT_LIBRETRANSLATE_LIMITS);
        // Batches go in parallel up to the engine's gate (LIBRETRANSLATE_MAX_CONCURRENT), one at a time without one.
        const results = await mapBounded(batches, http.gate?.limits.maxConcurrent ?? 1, (q) => one(q, opts));
        return results.flat();
      });
    },
  };

  /** One request of at most the server's limits. */
  async function one(q: string[], opts: TranslateOptions): Promise<string[]> {
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
      { engine: 'LibreTranslate', signal: opts.signal, ...http, units: q.reduce((n, t) => n + t.length, 0) },
    );
    const body = (await res.json()) as { translatedText?: string[] | string };
    const t = Array.isArray(body.translatedText) ? body.translatedText : [body.translatedText ?? ''];
    if (t.length !== q.length)
      throw new Error(`LibreTranslate returned ${t.length} translations for ${q.length} texts`);
    return t;
  }
}
