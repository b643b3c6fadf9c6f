/**
 * DeepL API v2 (POST {api}/v2/translate, header `Authorization: DeepL-Auth-Key KEY`, JSON body).
 * Inline tags are kept with `tag_handling: "xml"`. Up to 50 texts per request (DeepL's documented limit).
 * Documented errors: 403 bad key, 413 request too large, 429 too many requests, 456 quota exceeded, 5xx.
 * A job's glossary goes through DeepL's glossary API (https://developers.deepl.com/docs/api-reference/glossaries):
 * POST /v2/glossaries `{name, source_lang, target_lang, entries, entries_format: "tsv"}` (entries one
 * `source<TAB>target` a line; a kept term maps to itself) -> `{glossary_id}`, every /v2/translate of the batch then
 * names `glossary_id` (which needs `source_lang`), and DELETE /v2/glossaries/{id} afterwards.
 */
import type { TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { expectedOf, type GlossaryRule } from '../../../../contract/glossary.ts';

const SOURCE = new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'id']);
/** DeepL target codes for our base codes (plain EN and PT are deprecated as targets). */
const TARGET: Record<string, string> = {
  en: 'EN-GB',
  es: 'ES',
  fr: 'FR',
  de: 'DE',
  it: 'IT',
  pt: 'PT-PT',
  ja: 'JA',
  ko: 'KO',
  zh: 'ZH-HANS',
  ar: 'AR',
  id: 'ID',
};
const MAX_TEXTS = 50;

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

/** Creates the DeepL engine. @throws from `translate`: EngineHttpError naming DeepL and the API's message. */
export function createDeepLEngine(
  cfg: { apiUrl: string; apiKey: string },
  http: EngineHttpSettings,
): TranslationEngine {
  const headers = { authorization: `DeepL-Auth-Key ${cfg.apiKey}`, 'content-type': 'application/json' };
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
        return (await fetch(`${cfg.apiUrl}/v2/usage`, { headers, signal: AbortSignal.timeout(5000) })).ok;
      } catch {
        return false;
      }
    },
    async translate(texts: string[], opts: TranslateOptions): Promise<string[]> {
      const entries = deepLGlossaryEntries(opts.glossary ?? []);
      const glossaryId = entries && texts.length ? await createGlossary(entries, opts) : null;
      try {
        return await translateWith(texts, opts, glossaryId);
      } finally {
        // A glossary is per job and pair: removed once the batch is done (a failed delete only leaves it listed).
        if (glossaryId)
          await fetch(`${cfg.apiUrl}/v2/glossaries/${encodeURIComponent(glossaryId)}`, {
            method: 'DELETE',
            headers,
            signal: AbortSignal.timeout(10_000),
          }).catch(() => undefined);
      }
    },
  };

  /** Creates the batch's glossary. @throws EngineHttpError naming DeepL */
  async function createGlossary(entries: string, opts: TranslateOptions): Promise<string> {
    const res = await fetchWithRetry(
      `${cfg.apiUrl}/v2/glossaries`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: `tarjama ${normaliseLanguage(opts.from)}-${normaliseLanguage(opts.to)}`,
          source_lang: normaliseLanguage(opts.from),
          target_lang: normaliseLanguage(opts.to),
          entries,
          entries_format: 'tsv',
        }),
      },
      { engine: 'DeepL', signal: opts.signal, ...http },
    );
    const body = (await res.json()) as { glossary_id?: string };
    if (!body.glossary_id) throw new Error('DeepL created a glossary without a glossary_id');
    return body.glossary_id;
  }

  /** Translates in requests of MAX_TEXTS, with the glossary when there is one. */
  async function translateWith(texts: string[], opts: TranslateOptions, glossaryId: string | null): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < texts.length; i += MAX_TEXTS) {
      const text = texts.slice(i, i + MAX_TEXTS);
      const res = await fetchWithRetry(
        `${cfg.apiUrl}/v2/translate`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            text,
            source_lang: normaliseLanguage(opts.from).toUpperCase(),
            target_lang: TARGET[normaliseLanguage(opts.to)],
            tag_handling: 'xml',
            ...(glossaryId ? { glossary_id: glossaryId } : {}),
          }),
        },
        { engine: 'DeepL', signal: opts.signal, ...http },
      );
      const body = (await res.json()) as { translations?: { text: string }[] };
      if (body.translations?.length !== text.length)
        throw new Error(`DeepL returned ${body.translations?.length ?? 0} translations for ${text.length} texts`);
      out.push(...body.translations.map((t) => t.text));
    }
    return out;
  }
}
