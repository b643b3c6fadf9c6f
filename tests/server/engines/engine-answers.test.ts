/**
 * Engine answers are validated against their schema (issue 39 item 7), against the local server answering as the
 * OpenAI API does with a model that slips: a rephrasing request answered `{"translations": []}` instead of
 * `{"rephrasings": [...]}` is asked again once and then succeeds; answered so twice it fails with an
 * EngineAnswerError, which the voice-over's budget fit reports instead of keeping the lines as "rushed".
 */
import { describe, expect, it } from 'vitest';
import { createOpenAiTranslationEngine } from '../../../server/src/engines/translation/openai.engine.ts';
import { EngineAnswerError } from '../../../server/src/engines/engine-answers.ts';
import { fitTranslationsToBudgets } from '../../../server/src/media/translation-fit.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';

const http = { timeoutSeconds: 30, retries: 0, maxRetryAfterSeconds: 0 };
const item = {
  source: 'And so, my fellow Americans, ask not what your country can do for you.',
  translation: 'Y así, mis compatriotas estadounidenses, no pregunten qué puede hacer su país por ustedes.',
  maxChars: 40,
};
const chats = (f: { requests: { path: string }[] }) => f.requests.filter((r) => r.path === '/v1/chat/completions');

describe('a malformed chat answer to the rephrasing request', () => {
  it('is asked again once, and the second (well-formed) answer is used', async () => {
    const fake = await startFakeOpenAi({ rephraseSlips: 1 });
    try {
      const engine = createOpenAiTranslationEngine({ baseUrl: fake.url, model: 'gpt-4o-mini' }, http);
      const [out] = await engine.rephrase!([item], { from: 'en', to: 'es' });
      expect(out.length).toBeGreaterThan(0);
      expect(out.length).toBeLessThanOrEqual(40);
      expect(chats(fake)).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it('answered malformed twice fails with EngineAnswerError, and the budget fit does not read it as rushed', async () => {
    const fake = await startFakeOpenAi({ rephraseSlips: 2 });
    try {
      const engine = createOpenAiTranslationEngine({ baseUrl: fake.url, model: 'gpt-4o-mini' }, http);
      const err = await engine.rephrase!([item], { from: 'en', to: 'es' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineAnswerError);
      expect((err as Error).message).toMatch(/rephrasings/);
      expect(chats(fake)).toHaveLength(2);
      // The pipeline's fit passes such an error on (translate stage: ENGINE_FAILED) instead of keeping the text.
      const fake2 = await startFakeOpenAi({ rephraseSlips: 2 });
      try {
        const engine2 = createOpenAiTranslationEngine({ baseUrl: fake2.url, model: 'gpt-4o-mini' }, http);
        const fit = fitTranslationsToBudgets({
          engine: engine2,
          from: 'en',
          to: 'es',
          sources: [item.source],
          texts: [item.translation],
          budgets: [item.maxChars],
          onError: (e) => {
            if (e instanceof EngineAnswerError) throw e;
          },
        });
        await expect(fit).rejects.toBeInstanceOf(EngineAnswerError);
      } finally {
        await fake2.close();
      }
    } finally {
      await fake.close();
    }
  });
});
