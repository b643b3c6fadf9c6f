/**
 * LibreTranslate (POST {url}/translate, JSON `{q: string[], source, target, format, api_key}` ->
 * `{translatedText: string[]}`). `format: "html"` keeps inline tags. Documented errors: 400, 403 (key), 429, 500.
 * Requests respect the server's --batch-limit and --char-limit (settings), which it otherwise refuses with 400;
 * without LIBRETRANSLATE_CHAR_LIMIT the engine asks the server its limit (GET /frontend/settings `charLimit`, -1:
 * none) before its first request, and a text longer than the limit goes in pieces cut at sentence ends, then words
 * (issue 39 item 10).
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

/**
 * Cuts `text` into pieces of at most `limit` characters (code points), at sentence ends where it can, else at
 * spaces, else anywhere; never inside an inline tag pair (`<g1>...</g1>`, glossary-terms.ts) while a cut outside
 * one fits. Pieces joined with a space give the text back (whitespace at the cuts becomes one space).
 */
export function splitLongText(text: string, limit: number): string[] {
  const chars = [...text];
  if (limit <= 0 || chars.length <= limit) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (chars.length - start > limit) {
    const window = chars.slice(start, start + limit + 1);
    // The last good cut in the window: after a sentence end, else at a space; outside any open tag.
    let sentence = -1;
    let space = -1;
    let open = 0;
    for (let i = 0; i < window.length - 1; i++) {
      if (window[i] === '<') open += window[i + 1] === '/' ? -1 : 1;
      if (open > 0 || window[i + 1] !== ' ') continue;
      if (/[.!?。！？؟]/.test(window[i])) sentence = i + 1;
      space = i + 1;
    }
    const cut = sentence > 0 ? sentence : space > 0 ? space : limit;
    pieces.push(
      chars
        .slice(start, start + cut)
        .join('')
        .trim(),
    );
    start += cut;
    while (chars[start] === ' ') start++;
  }
  if (start < chars.length) pieces.push(chars.slice(start).join('').trim());
  return pieces.filter((p) => p.length);
}

/** Creates the LibreTranslate engine. @throws from `translate`: EngineHttpError naming LibreTranslate. */
export function createLibreTranslateEngine(
  cfg: { url: string; apiKey?: string; limits?: LibreTranslateLimits },
  http: EngineHttpSettings,
): TranslationEngine {
  let serverCharLimit: Promise<number> | undefined;
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
      const limits = await limitsOf(opts.signal);
      // No glossary API: the terms travel as placeholders (glossary-terms.ts).
      return translateProtected(input, opts.glossary, async (texts) => {
        // A text over the character limit goes in pieces, joined again after translation.
        const pieces = texts.map((t) => splitLongText(t, limits.charLimit));
        const batches = libreTranslateBatches(pieces.flat(), limits);
        // Batches go in parallel up to the engine's gate (LIBRETRANSLATE_MAX_CONCURRENT), one at a time without one.
        const results = (await mapBounded(batches, http.gate?.limits.maxConcurrent ?? 1, (q) => one(q, opts))).flat();
        let next = 0;
        return pieces.map((p) => results.slice(next, (next += p.length)).join(' '));
      });
    },
  };

  /**
   * The limits requests are cut to: the configured ones, and when no character limit is configured the server's
   * own (GET /frontend/settings `charLimit`; -1 or no answer: none), asked once and remembered when it answers.
   */
  async function limitsOf(signal?: AbortSignal): Promise<LibreTranslateLimits> {
    const configured = cfg.limits ?? DEFAULT_LIBRETRANSLATE_LIMITS;
    if (configured.charLimit > 0) return configured;
    serverCharLimit ??= fetch(`${cfg.url}/frontend/settings`, {
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(5000)]) : AbortSignal.timeout(5000),
    })
      .then(async (res) => {
        const body = res.ok ? ((await res.json()) as { charLimit?: unknown }) : {};
        return typeof body.charLimit === 'number' && body.charLimit > 0 ? Math.floor(body.charLimit) : 0;
      })
      .catch(() => {
        serverCharLimit = undefined; // not answered: asked again at the next request
        return 0;
      });
    return { ...configured, charLimit: await serverCharLimit };
  }

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
