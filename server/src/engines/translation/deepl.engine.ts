/**
 * DeepL API v2 (POST {api}/v2/translate, header `Authorization: DeepL-Auth-Key KEY`, JSON body).
 * Inline tags are kept with `tag_handling: "xml"`. Up to 50 texts per request (DeepL's documented limit).
 * Documented errors: 403 bad key, 413 request too large, 429 too many requests, 456 quota exceeded, 5xx.
 */
import type { TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';

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
    },
  };
}
