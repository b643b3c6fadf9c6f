/**
 * DeepL API v2 text translation through the official `deepl-node` SDK (POST {api}/v2/translate). Inline tags are
 * kept with `tag_handling: "xml"`. Requests respect DeepL's documented limits: at most 50 texts and a request body
 * of at most 128 KiB (API reference, "Translate text": "up to 50 texts ... total request body size must not
 * exceed 128 KiB"); a single text over that is sent alone and refused with 413 (input too large).
 * Documented errors: 403 bad key, 413 request too large, 429 too many requests, 456 quota exceeded, 5xx. The SDK's
 * own retries are off: sdk-call.ts retries with our settings (DeepL sends no Retry-After: exponential back-off).
 * A job's glossary goes through DeepL's glossary API (https://developers.deepl.com/docs/api-reference/glossaries,
 * the SDK's createGlossary / deleteGlossary): POST /v2/glossaries with the entries as TSV (a kept term maps to
 * itself), every /v2/translate of the call then names the glossary (which needs the source language), and the
 * glossary is deleted afterwards.
 */
import { GlossaryEntries, Translator, type SourceLanguageCode, type TargetLanguageCode } from 'deepl-node';
import type { TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { callWithRetry, readDeepLFailure } from '../sdk-call.ts';
import { mapBounded } from '../engine-gate.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { expectedOf, type GlossaryRule } from '../../../../contract/glossary.ts';

const SOURCE = new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'id']);
/** DeepL target codes for our base codes (plain EN and PT are deprecated as targets). */
const TARGET: Record<string, TargetLanguageCode> = {
  en: 'en-GB',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt-PT',
  ja: 'ja',
  ko: 'ko',
  zh: 'zh-HANS',
  ar: 'ar',
  id: 'id',
};
/** Texts per request (DeepL's limit). */
export const DEEPL_MAX_TEXTS = 50;
/** Request body limit, bytes (128 KiB), less room for the other form fields. */
export const DEEPL_MAX_BODY_BYTES = 128 * 1024 - 1024;

/** Bytes one text adds to the form-encoded body the SDK sends (`&text=` and the form-encoded text). */
const formBytes = (text: string) => 1 + new URLSearchParams({ text }).toString().length;

/**
 * The texts in requests DeepL accepts: consecutive runs of at most DEEPL_MAX_TEXTS texts and DEEPL_MAX_BODY_BYTES
 * form-encoded bytes, and at most `maxChars` characters (code points; DEEPL_BATCH_MAX_CHARS, 0: no such bound).
 * A text over a limit alone makes its own request (DeepL refuses one over the body limit with 413).
 * Returns [start, end) index pairs.
 */
export function deeplBatches(texts: string[], maxChars = 0): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  let bytes = 0;
  let chars = 0;
  texts.forEach((t, i) => {
    const b = formBytes(t);
    const c = [...t].length;
    const full =
      i - start >= DEEPL_MAX_TEXTS || bytes + b > DEEPL_MAX_BODY_BYTES || (maxChars > 0 && chars + c > maxChars);
    if (i > start && full) {
      out.push([start, i]);
      start = i;
      bytes = 0;
      chars = 0;
    }
    bytes += b;
    chars += c;
  });
  if (texts.length) out.push([start, texts.length]);
  return out;
}

/**
 * The TSV entries of a glossary (DeepL: unique source entries, no tabs or line breaks, no leading or trailing
 * spaces); the first rule of a term wins (rules come longest first, ties as the user ordered them).
 */
export function deepLGlossaryEntries(rules: readonly GlossaryRule[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const r of rules) {
    const source = r.term.replace(/\s+/g, ' ').trim();
    const target = expectedOf(r).replace(/\s+/g, ' ').trim();
    if (!source || !target || seen.has(source)) continue;
    seen.add(source);
    lines.push(`${source}\t${target}`);
  }
  return lines.join('\n');
}

/**
 * Creates the DeepL engine. `cfg.maxChars`: characters per request at most (DEEPL_BATCH_MAX_CHARS; absent or 0:
 * DeepL's own limits only). Requests of one call run in parallel up to the engine's gate (DEEPL_MAX_CONCURRENT;
 * one at a time without a gate); the translations come back in the texts' order.
 * @throws from `translate`: EngineHttpError naming DeepL and the API's message.
 */
export function createDeepLEngine(
  cfg: { apiUrl: string; apiKey: string; maxChars?: number },
  http: EngineHttpSettings,
): TranslationEngine {
  const translator = new Translator(cfg.apiKey, {
    serverUrl: cfg.apiUrl,
    maxRetries: 0,
    minTimeout: http.timeoutSeconds * 1000,
  });
  return {
    id: 'deepl',
    kind: 'network',
    keepsInlineTags: true,
    supports: (from, to) =>
      SOURCE.has(normaliseLanguage(from)) &&
      !!TARGET[normaliseLanguage(to)] &&
      normaliseLanguage(from) !== normaliseLanguage(to),
    async available() {
      try {
        await Promise.race([
          translator.getUsage(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000).unref()),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    async translate(all: string[], opts: TranslateOptions): Promise<string[]> {
      // deepl-node refuses an empty text ("texts parameter must be a non-empty string or array of non-empty
      // strings"): empty texts stay empty and are not sent.
      const sent = all.flatMap((t, i) => (t ? [i] : []));
      const texts = sent.map((i) => all[i]);
      const from = normaliseLanguage(opts.from) as SourceLanguageCode;
      const to = TARGET[normaliseLanguage(opts.to)];
      const entries = deepLGlossaryEntries(opts.glossary ?? []);
      const retry = { engine: 'DeepL', signal: opts.signal, ...http };
      const glossary =
        entries && texts.length
          ? await callWithRetry(
              () =>
                translator.createGlossary(
                  `tarjama ${normaliseLanguage(opts.from)}-${normaliseLanguage(opts.to)}`,
                  normaliseLanguage(opts.from) as SourceLanguageCode,
                  normaliseLanguage(opts.to) as SourceLanguageCode,
                  new GlossaryEntries({ tsv: entries }),
                ),
              readDeepLFailure,
              retry,
            )
          : null;
      try {
        const batches = deeplBatches(texts, cfg.maxChars ?? 0);
        const results = await mapBounded(batches, http.gate?.limits.maxConcurrent ?? 1, async ([start, end]) => {
          const text = texts.slice(start, end);
          // deepl-node takes no AbortSignal: a cancelled call stops waiting at once, the request ends at its timeout.
          const got = await callWithRetry(
            () =>
              translator.translateText(text, from, to, {
                tagHandling: 'xml',
                ...(glossary ? { glossary } : {}),
              }),
            readDeepLFailure,
            // DeepL bills the characters of the source texts.
            { ...retry, units: text.reduce((n, t) => n + t.length, 0) },
          );
          if (got.length !== text.length)
            throw new Error(`DeepL returned ${got.length} translations for ${text.length} texts`);
          return got.map((r) => r.text);
        });
        const out = all.map(() => '');
        results.flat().forEach((t, k) => (out[sent[k]] = t));
        return out;
      } finally {
        // A glossary is per job and pair: removed once the call is done (a failed delete only leaves it listed).
        if (glossary) await translator.deleteGlossary(glossary).catch(() => undefined);
      }
    },
  };
}
