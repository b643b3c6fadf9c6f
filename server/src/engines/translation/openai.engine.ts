/**
 * Translation through any OpenAI-compatible chat completions server (POST {base}/v1/chat/completions;
 * OpenAI, vLLM, Ollama, LocalAI). Texts go in batches as a JSON object so the model sees each sentence with its
 * neighbours as context and answers with exactly one translation per text.
 */
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { EngineHttpError, fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { languageName, normaliseLanguage } from '../../../../contract/languages.ts';
import { expectedOf, type GlossaryRule } from '../../../../contract/glossary.ts';

/** Texts per request: enough neighbours for context, small enough for a short answer. */
const BATCH = 40;

/** The system prompt; the request's user message is `{"source_language","target_language","texts":[...]}`. */
export const TRANSLATION_SYSTEM_PROMPT =
  'You translate subtitles and documents. The user sends JSON {"source_language","target_language","texts":[...]}. ' +
  'Translate every text into the target language, using the neighbouring texts as context. Keep inline tags such as <g1>...</g1> around the matching words. ' +
  'Answer only with JSON {"translations":[...]} holding exactly one string per text, in order.';

/**
 * Added to the system prompt when the job has a glossary; the user message then holds `"glossary":[{"term",
 * "translation"}]` (a kept term has its own words as translation).
 */
export const GLOSSARY_PROMPT =
  ' The JSON may hold "glossary": [{"term","translation"}]. Wherever a text holds a glossary term (ignoring case), ' +
  'render it exactly as its translation (inflect nothing else around it to break it); a term whose translation ' +
  'equals the term is a name or brand: keep it unchanged.';

/**
 * Creates the engine for one endpoint. Serves every pair (the model's own limits apply).
 * @throws from `translate`: EngineHttpError (HTTP) or Error when the answer is not one translation per text.
 */
export function createOpenAiTranslationEngine(ep: OpenAiEndpoint, http: EngineHttpSettings): TranslationEngine {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (ep.apiKey) headers.authorization = `Bearer ${ep.apiKey}`;

  async function batch(
    texts: string[],
    from: string,
    to: string,
    signal?: AbortSignal,
    rules: readonly GlossaryRule[] = [],
  ): Promise<string[]> {
    // Only the terms this batch holds go into the prompt (a long glossary would crowd the texts out).
    const joined = texts.join('\n').toLowerCase();
    const glossary = rules
      .filter((r) => joined.includes(r.term.toLowerCase()))
      .map((r) => ({ term: r.term, translation: expectedOf(r) }));
    const user = {
      source_language: languageName(from) ?? from,
      target_language: languageName(to) ?? to,
      texts,
      ...(glossary.length ? { glossary } : {}),
    };
    const res = await fetchWithRetry(
      `${ep.baseUrl}/v1/chat/completions`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: ep.model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            {
              role: 'system',
              content: glossary.length ? TRANSLATION_SYSTEM_PROMPT + GLOSSARY_PROMPT : TRANSLATION_SYSTEM_PROMPT,
            },
            { role: 'user', content: JSON.stringify(user) },
          ],
        }),
      },
      { engine: 'openai translation', signal, ...http },
    );
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content ?? '';
    let translations: unknown;
    try {
      // Some servers wrap JSON in a code fence despite response_format.
      translations = (JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')) as { translations?: unknown })
        .translations;
    } catch {
      throw new EngineHttpError('openai translation: the model did not answer with JSON translations', 'openai', 200);
    }
    if (
      !Array.isArray(translations) ||
      translations.length !== texts.length ||
      translations.some((t) => typeof t !== 'string')
    )
      throw new EngineHttpError(
        `openai translation: the model returned ${Array.isArray(translations) ? translations.length : 0} translations for ${texts.length} texts`,
        'openai',
        200,
      );
    return translations as string[];
  }

  return {
    id: 'openai',
    kind: 'network',
    keepsInlineTags: true,
    supports: (from, to) => normaliseLanguage(from) !== normaliseLanguage(to),
    async available() {
      try {
        const res = await fetch(`${ep.baseUrl}/v1/models`, { headers, signal: AbortSignal.timeout(5000) });
        return res.ok;
      } catch {
        return false;
      }
    },
    async translate(texts: string[], opts: TranslateOptions): Promise<string[]> {
      const from = normaliseLanguage(opts.from);
      const to = normaliseLanguage(opts.to);
      const out: string[] = [];
      for (let i = 0; i < texts.length; i += BATCH)
        out.push(...(await batch(texts.slice(i, i + BATCH), from, to, opts.signal, opts.glossary)));
      return out;
    },
  };
}
