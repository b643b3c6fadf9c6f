/**
 * Translation through any OpenAI-compatible chat completions server (OpenAI, vLLM, Ollama, LocalAI) with the
 * official `openai` SDK. Texts go in batches as a JSON object so the model sees each sentence with its neighbours as
 * context and answers with exactly one translation per text.
 *
 * A model slips now and then: 39 translations for 40 texts, prose around the JSON, an answer cut at the token limit
 * (finish_reason "length"). Such a batch is asked again split in halves (each request carries the CONTEXT texts on
 * either side as context only), down to single texts; a single text is asked up to SINGLE_TRIES times. The call fails only when
 * one text still gets no translation, and the error names it. The answer's shape is asked for with structured
 * output (`response_format` json_schema, OpenAI "Structured Outputs"); a server that refuses json_schema (HTTP 400
 * naming response_format) is asked with `json_object` from then on.
 */
import { answerOf, EngineAnswerError, stringListAnswer } from '../engine-answers.ts';
import type OpenAI from 'openai';
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { RephraseItem, TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { EngineHttpError } from '../engine-failure.ts';
import { openAiAvailable, openAiClient } from '../openai-client.ts';
import { callWithRetry, readOpenAiFailure } from '../sdk-call.ts';
import { mapBounded } from '../engine-gate.ts';
import { CHAT_MAX_TEXTS, chatBatches } from './batches.ts';
import { languageName, normaliseLanguage } from '../../../../contract/languages.ts';
import { expectedOf, type GlossaryRule } from '../../../../contract/glossary.ts';

/** Items per rephrasing request. */
const BATCH = CHAT_MAX_TEXTS;
/** OPENAI_TRANSLATION_BATCH_MAX_TOKENS's default: estimated tokens of texts per request (batches.ts). */
export const DEFAULT_CHAT_BATCH_MAX_TOKENS = 4000;
/** Neighbouring texts sent as context (not translated) on each side of a re-asked part of a batch. */
const CONTEXT = 3;
/** Tries of a single text whose answers keep slipping. */
const SINGLE_TRIES = 2;

/**
 * The system prompt; the request's user message is
 * `{"source_language","target_language","texts":[...]}` plus, for a re-asked part, `context_before`/`context_after`,
 * and `glossary` (the job's terms found in the texts, issue 20 item 4).
 */
export const TRANSLATION_SYSTEM_PROMPT =
  'You translate subtitles and documents. The user sends JSON {"source_language","target_language","texts":[...]}, ' +
  'sometimes with "context_before" and "context_after": the texts around them, which are not translated. ' +
  'Translate every text into the target language, using the neighbouring texts as context. Keep inline tags such as <g1>...</g1> around the matching words. ' +
  'When a "glossary" list of {"term","translation"} is given, render every term as its translation exactly (a translation equal to the term: keep it as it is). ' +
  'Answer only with JSON {"translations":[...]} holding exactly one string per text, in order.';

/** The JSON schema of the answer (structured output). */
const ANSWER_SCHEMA = {
  name: 'translations',
  strict: true,
  schema: {
    type: 'object',
    properties: { translations: { type: 'array', items: { type: 'string' } } },
    required: ['translations'],
    additionalProperties: false,
  },
};

/** A model answer that is not one translation per text (re-asked, never retried as such). */
class SlipError extends Error {
  /** True when the answer was cut at the model's output limit (finish_reason "length"). */
  cut = false;
}

/**
 * The translations in a model's answer: the JSON object itself, in a code fence, or inside prose.
 * @throws SlipError when there is no `{"translations": [strings]}` of `count` items.
 */
export function readTranslations(content: string, count: number, finishReason?: string | null): string[] {
  if (finishReason === 'length') {
    const e = new SlipError("the answer was cut at the model's output token limit");
    e.cut = true;
    throw e;
  }
  const candidates = [content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')];
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(content.slice(first, last + 1));
  for (const c of candidates) {
    let translations: unknown;
    try {
      translations = (JSON.parse(c) as { translations?: unknown } | null)?.translations;
    } catch {
      continue;
    }
    if (!Array.isArray(translations) || translations.some((t) => typeof t !== 'string'))
      throw new SlipError('the answer holds no list of translations');
    if (translations.length !== count)
      throw new SlipError(`the model returned ${translations.length} translations for ${count} texts`);
    return translations as string[];
  }
  throw new SlipError('the model did not answer with JSON translations');
}

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

/**
 * Parses the model's JSON answer against `{ [field]: [count strings] }` (engine-answers.ts) and takes the list.
 * @throws EngineAnswerError when the answer is no JSON or does not match.
 */
function stringsOf(content: string, field: string, count: number, what: string): string[] {
  let json: unknown;
  try {
    // Some servers wrap JSON in a code fence despite response_format.
    json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new EngineAnswerError('openai', what, 'not JSON');
  }
  return answerOf(stringListAnswer(field, count), json, 'openai', what)[field];
}

/** Asks of one rephrasing chunk: a malformed answer is asked again once, then fails (issue 39 item 7). */
const ANSWER_TRIES = 2;

/**
 * Added to the system prompt when the job has a glossary; the user message then holds `"glossary":[{"term",
 * "translation"}]` (a kept term has its own words as translation).
 */
export const GLOSSARY_PROMPT =
  ' The JSON may hold "glossary": [{"term","translation"}]. Wherever a text holds a glossary term (ignoring case), ' +
  'render it exactly as its translation (inflect nothing else around it to break it); a term whose translation ' +
  'equals the term is a name or brand: keep it unchanged.';

/**
 * Creates the engine for one endpoint. Serves every pair (the model's own limits apply). `opts.batchMaxTokens`:
 * estimated tokens of texts per request (default DEFAULT_CHAT_BATCH_MAX_TOKENS).
 * @throws from `translate`: EngineHttpError (HTTP, after retries), or an EngineHttpError naming the text that got no
 *         translation after the re-asks: kind 'input_too_large' when its answer was cut at the model's output limit
 *         each time (a retry cannot help), 'unavailable' otherwise.
 */
export function createOpenAiTranslationEngine(
  ep: OpenAiEndpoint,
  http: EngineHttpSettings,
  opts: { batchMaxTokens?: number } = {},
): TranslationEngine {
  const batchMaxTokens = opts.batchMaxTokens ?? DEFAULT_CHAT_BATCH_MAX_TOKENS;
  const client: OpenAI = openAiClient(ep, http);
  let structured = true;

  /**
   * One request for `texts`; `before`/`after` are context; the glossary terms found in the texts go with them.
   * @throws SlipError, EngineHttpError
   */
  async function ask(
    texts: string[],
    before: string[],
    after: string[],
    from: string,
    to: string,
    signal?: AbortSignal,
    rules: readonly GlossaryRule[] = [],
  ): Promise<string[]> {
    // Only the terms this request holds go into the prompt (a long glossary would crowd the texts out).
    const joined = texts.join('\n').toLowerCase();
    const glossary = rules
      .filter((r) => joined.includes(r.term.toLowerCase()))
      .map((r) => ({ term: r.term, translation: expectedOf(r) }));
    const user = {
      source_language: languageName(from) ?? from,
      target_language: languageName(to) ?? to,
      ...(before.length ? { context_before: before } : {}),
      texts,
      ...(after.length ? { context_after: after } : {}),
      ...(glossary.length ? { glossary } : {}),
    };
    const request = (format: 'json_schema' | 'json_object') => (s: AbortSignal) =>
      client.chat.completions.create(
        {
          model: ep.model,
          temperature: 0,
          response_format:
            format === 'json_schema' ? { type: 'json_schema', json_schema: ANSWER_SCHEMA } : { type: 'json_object' },
          messages: [
            {
              role: 'system',
              content: glossary.length ? TRANSLATION_SYSTEM_PROMPT + GLOSSARY_PROMPT : TRANSLATION_SYSTEM_PROMPT,
            },
            { role: 'user', content: JSON.stringify(user) },
          ],
        },
        { signal: s },
      );
    // Metered by the characters of the texts to translate (context and prompt are the price's estimate).
    const units = texts.reduce((n, t) => n + t.length, 0);
    const opts = { engine: 'openai translation', signal, ...http, units };
    let res;
    try {
      res = await callWithRetry(request(structured ? 'json_schema' : 'json_object'), readOpenAiFailure, opts);
    } catch (e) {
      if (!(structured && e instanceof EngineHttpError && e.status === 400 && /response_format/i.test(e.message)))
        throw e;
      structured = false;
      res = await callWithRetry(request('json_object'), readOpenAiFailure, opts);
    }
    const choice = res.choices?.[0];
    return readTranslations(choice?.message?.content ?? '', texts.length, choice?.finish_reason);
  }

  /** One chat completion (JSON object answer): the system prompt and the user's JSON; returns the answer's content. */
  async function complete(system: string, user: unknown, signal?: AbortSignal): Promise<string> {
    const res = await callWithRetry(
      (s) =>
        client.chat.completions.create(
          {
            model: ep.model,
            temperature: 0,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: JSON.stringify(user) },
            ],
          },
          { signal: s },
        ),
      readOpenAiFailure,
      { engine: 'openai translation', signal, ...http, units: JSON.stringify(user).length },
    );
    return res.choices?.[0]?.message?.content ?? '';
  }

  /** Translates texts[lo, hi) of `all`, re-asking halves after a slip. @throws EngineHttpError */
  async function part(
    all: string[],
    lo: number,
    hi: number,
    from: string,
    to: string,
    signal?: AbortSignal,
    rules: readonly GlossaryRule[] = [],
  ): Promise<string[]> {
    const texts = all.slice(lo, hi);
    const tries = hi - lo === 1 ? SINGLE_TRIES : 1;
    let slip: SlipError | undefined;
    for (let t = 0; t < tries; t++) {
      try {
        return await ask(
          texts,
          all.slice(Math.max(0, lo - CONTEXT), lo),
          all.slice(hi, hi + CONTEXT),
          from,
          to,
          signal,
          rules,
        );
      } catch (e) {
        if (!(e instanceof SlipError)) throw e;
        slip = e;
      }
    }
    if (hi - lo === 1) {
      const line = all[lo].length > 80 ? `${all[lo].slice(0, 77)}...` : all[lo];
      throw new EngineHttpError(
        `openai translation: text ${lo + 1} ("${line}") got no translation after ${SINGLE_TRIES} tries: ${slip!.message}`,
        'openai translation',
        200,
        // A text whose translation alone is longer than the model may answer: no retry can help.
        slip!.cut ? 'input_too_large' : 'unavailable',
      );
    }
    const mid = lo + Math.ceil((hi - lo) / 2);
    return [
      ...(await part(all, lo, mid, from, to, signal, rules)),
      ...(await part(all, mid, hi, from, to, signal, rules)),
    ];
  }

  return {
    id: 'openai',
    kind: 'network',
    keepsInlineTags: true,
    supports: (from, to) => normaliseLanguage(from) !== normaliseLanguage(to),
    available: () => openAiAvailable(client),
    async translate(texts: string[], opts: TranslateOptions): Promise<string[]> {
      const from = normaliseLanguage(opts.from);
      const to = normaliseLanguage(opts.to);
      const batches = chatBatches(texts, batchMaxTokens);
      const results = await mapBounded(batches, http.gate?.limits.maxConcurrent ?? 1, ([lo, hi]) =>
        part(texts, lo, hi, from, to, opts.signal, opts.glossary),
      );
      return results.flat();
    },
    async rephrase(items: RephraseItem[], opts: TranslateOptions): Promise<string[]> {
      const to = normaliseLanguage(opts.to);
      const out: string[] = [];
      for (let i = 0; i < items.length; i += BATCH) {
        const chunk = items.slice(i, i + BATCH);
        const user = {
          target_language: languageName(to) ?? to,
          items: chunk.map((x) => ({
            source: x.source,
            translation: x.translation,
            max_characters: x.maxChars,
            previous: x.before ?? '',
            next: x.after ?? '',
          })),
        };
        for (let attempt = 1; ; attempt++) {
          const content = await complete(REPHRASE_SYSTEM_PROMPT, user, opts.signal);
          try {
            out.push(...stringsOf(content, 'rephrasings', chunk.length, 'rephrasing request'));
            break;
          } catch (e) {
            if (!(e instanceof EngineAnswerError) || attempt >= ANSWER_TRIES) throw e;
          }
        }
      }
      return out;
    },
  };
}
