/**
 * Entry of a document job's worker thread (document-thread.ts): runs translateDocument with engines that ask the
 * parent process for every batch. An engine that applies the glossary by placeholders has its texts protected and
 * restored here, on the thread, and is asked without the glossary.
 */
import { serveInThread, type ThreadParent } from '../threads/work-thread-serve.ts';
import { EngineHttpError } from '../engines/engine-failure.ts';
import { translateProtected } from '../engines/translation/glossary-terms.ts';
import type { TranslateOptions, TranslationEngine } from '../engines/translation.engine.ts';
import type { BatchAnswer, DocumentThreadInput, EngineTraits } from './document-thread.ts';
import { translateDocument, type TranslateDocumentResult } from './document-translator.ts';

/** An engine of the thread: its traits, and translations asked of the parent. */
function parentEngine(traits: EngineTraits, parent: ThreadParent): TranslationEngine {
  const ask = async (texts: string[], opts: TranslateOptions, glossary: TranslateOptions['glossary']) => {
    const answer = (await parent.call('translate', { from: opts.from, to: opts.to }, texts, glossary)) as BatchAnswer;
    // The failure's kind survives the thread boundary, so the job gets the same code (quota, refused...).
    if (!answer.ok) throw new EngineHttpError(answer.message, traits.id, 0, answer.kind);
    return answer.texts;
  };
  return {
    id: traits.id,
    kind: traits.kind,
    keepsInlineTags: traits.keepsInlineTags,
    glossaryByPlaceholders: traits.glossaryByPlaceholders,
    supports: () => true,
    available: async () => true,
    translate: (texts, opts) =>
      traits.glossaryByPlaceholders
        ? translateProtected(texts, opts.glossary, (t) => ask(t, opts, undefined))
        : ask(texts, opts, opts.glossary),
  };
}

serveInThread<DocumentThreadInput, TranslateDocumentResult>((input, signal, parent) =>
  translateDocument({
    ...input,
    signal,
    engineFor: (_from, to) => (input.engines[to] ? parentEngine(input.engines[to], parent) : null),
    onProgress: (percent) => void parent.call('progress', percent),
  }),
);
