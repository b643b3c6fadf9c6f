/**
 * Translation through any OpenAI-compatible chat completions server (POST {base}/v1/chat/completions;
 * OpenAI, vLLM, Ollama, LocalAI). Texts go in batches as a JSON object so the model sees each sentence with its
 * neighbours as context and answers with exactly one translation per text.
 */
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { RephraseItem, TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { EngineHttpError, fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { languageName, normaliseLanguage } from '../../../../contract/languages.ts';

/** Texts per request: enough neighbours for context, small enough for a short answer. */
const BATCH = 40;

/** The system prompt; the request's user message is `{"source_language","target_language","texts":[...]}`. */
export const TRANSLATION_SYSTEM_PROMPT =
  'You translate subtitles and documents. The user sends JSON {"source_language","target_language","texts":[...]}. ' +
  'Translate every text into the target language, using the neighbouring texts as context. Keep inline tags such as <g1>...</g1> around the matching words. ' +
  'Answer only with JSON {"translations":[...]} holding exactly one string per text, in order.';

/**
 * The system prompt of a rephrasing request (issue 20 item 2: dub lines that must fit their time); the user
 * message is `{"target_language","items":[{"source","translation","max_characters","previous","next"}]}`.
 */
export const REPHRASE_SYSTEM_PROMPT =
  'You shorten translated dubbing lines so they can be spoken in the time the original took. The user sends JSON ' +
  '{"target_language","items":[{"source","translation","max_characters","previous","next"}]}. For every item write ' +
  'the translation again in the target language in at most max_characters characters (spaces included), keeping ' +
  'the meaning of the source; previous and next are the neighbouring lines, for context only. ' +
  'Answer only with JSON {"rephrasings":[...]} holding exactly one string per item, in order.';

/** Parses the model's JSON answer and takes `field`, one string per item; throws EngineHttpError otherwise. */
function stringsOf(content: string, field: string, count: number, what: string): string[] {
  let list: unknown;
  try {
    // Some servers wrap JSON in a code fence despite response_format.
    list = (JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')) as Record<string, unknown>)[field];
  } catch {
    throw new EngineHttpError(`openai translation: the model did not answer with JSON ${field}`, 'openai', 200);
  }
  if (!Array.isArray(list) || list.length !== count || list.some((t) => typeof t !== 'string'))
    throw new EngineHttpError(
      `openai translation: the model returned ${Array.isArray(list) ? list.length : 0} ${field} for ${count} ${what}`,
      'openai',
      200,
    );
  return list as string[];
}

/**
 * Creates the engine for one endpoint. Serves every pair (the model's own limits apply).
 * @throws from `translate`: EngineHttpError (HTTP) or Error when the answer is not one translation per text.
 */
export function createOpenAiTranslationEngine(ep: OpenAiEndpoint, http: EngineHttpSettings): TranslationEngine {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (ep.apiKey) headers.authorization = `Bearer ${ep.apiKey}`;

  /** One chat completion: the system prompt and the user's JSON; returns the answer's content. */
  async function complete(system: string, user: unknown, signal?: AbortSignal): Promise<string> {
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
            { role: 'system', content: system },
            { role: 'user', content: JSON.stringify(user) },
          ],
        }),
      },
      { engine: 'openai translation', signal, ...http },
    );
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    return body.choices?.[0]?.message?.content ?? '';
  }

  async function batch(texts: string[], from: string, to: string, signal?: AbortSignal): Promise<string[]> {
    const user = { source_language: languageName(from) ?? from, target_language: languageName(to) ?? to, texts };
    return stringsOf(await complete(TRANSLATION_SYSTEM_PROMPT, user, signal), 'translations', texts.length, 'texts');
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
        out.push(...(await batch(texts.slice(i, i + BATCH), from, to, opts.signal)));
      return out;
    },
    async rephrase(items: RephraseItem[], opts: TranslateOptions): Promise<string[]> {
      const to = normaliseLanguage(opts.to);
      const out: string[] = [];
      for (let i = 0; i < items.length; i += BATCH) {
        const part = items.slice(i, i + BATCH);
        const user = {
          target_language: languageName(to) ?? to,
          items: part.map((x) => ({
            source: x.source,
            translation: x.translation,
            max_characters: x.maxChars,
            previous: x.before ?? '',
            next: x.after ?? '',
          })),
        };
        out.push(
          ...stringsOf(await complete(REPHRASE_SYSTEM_PROMPT, user, opts.signal), 'rephrasings', part.length, 'items'),
        );
      }
      return out;
    },
  };
}
