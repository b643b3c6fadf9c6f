/**
 * A document job's translation on a worker thread (issue 35 item 2): reading the file, protecting the glossary's
 * terms, checking the translation against the glossary and writing the outputs are CPU work that held the event
 * loop of the API process in the embedded default (a 300-sentence .docx with 2,000 terms: /healthz waited 65 s).
 * The thread (document.worker.ts) runs translateDocument; the engines stay here, where their clients, child
 * processes, caches and spend gates live: the thread asks this process for each batch (ThreadParent 'translate').
 * An engine that applies the glossary by placeholders (Apertium, LibreTranslate) gets its texts already protected
 * by the thread and restored there.
 */
import type { GlossaryRule } from '../../../contract/glossary.ts';
import { engineFailureKind, type EngineFailureKind } from '../engines/engine-failure.ts';
import type { TranslationEngine } from '../engines/translation.engine.ts';
import { runInThread } from '../threads/work-thread.ts';
import { DocumentError, type DocumentErrorCode } from './document.errors.ts';
import { documentEngines, type TranslateDocumentRequest, type TranslateDocumentResult } from './document-translator.ts';

/** What the thread needs of an engine: its traits; its work is asked of the parent. */
export interface EngineTraits {
  id: string;
  kind: TranslationEngine['kind'];
  keepsInlineTags: boolean;
  glossaryByPlaceholders: boolean;
}

/** The thread's input: the request without its functions and signal, and the traits of each target's engine. */
export interface DocumentThreadInput extends Omit<TranslateDocumentRequest, 'engineFor' | 'signal' | 'onProgress'> {
  /** Per normalised target language. */
  engines: Record<string, EngineTraits>;
}

/** The parent's answer to a batch: the translations, or the failure's kind and the engine's own message. */
export type BatchAnswer = { ok: true; texts: string[] } | { ok: false; kind: EngineFailureKind; message: string };

/**
 * translateDocument(req) on a worker thread: the same validation first (here, before any thread starts), the same
 * outputs, result and errors.
 * @throws DocumentError (refused file, UNSUPPORTED_LANGUAGE, ENGINE_* codes, CANCELLED), NoEngineError (from
 *         `engineFor`, before any work); the signal's reason when aborted
 */
export function translateDocumentInThread(req: TranslateDocumentRequest): Promise<TranslateDocumentResult> {
  const { targets, engines } = documentEngines(req);
  const byTarget = new Map(targets.map((lang, i) => [lang, engines[i]]));
  const input: DocumentThreadInput = {
    inputPath: req.inputPath,
    filename: req.filename,
    from: req.from,
    to: req.to,
    outDir: req.outDir,
    glossary: req.glossary,
    batching: req.batching,
    engines: Object.fromEntries(
      targets.map((lang, i) => [
        lang,
        {
          id: engines[i].id,
          kind: engines[i].kind,
          keepsInlineTags: engines[i].keepsInlineTags,
          glossaryByPlaceholders: engines[i].glossaryByPlaceholders === true,
        },
      ]),
    ),
  };
  const translate = async (
    pair: { from: string; to: string },
    texts: string[],
    glossary?: GlossaryRule[],
  ): Promise<BatchAnswer> => {
    const engine = byTarget.get(pair.to);
    if (!engine) return { ok: false, kind: 'unavailable', message: `No engine was chosen for ${pair.to}.` };
    try {
      return { ok: true, texts: await engine.translate(texts, { ...pair, glossary, signal: req.signal }) };
    } catch (e) {
      return { ok: false, kind: engineFailureKind(e), message: e instanceof Error ? e.message : String(e) };
    }
  };
  return runInThread(new URL('./document.worker.ts', import.meta.url), input, req.signal, {
    parent: { translate, progress: (percent: number) => req.onProgress?.(percent) },
    codedError: (code, message, detail) => new DocumentError(code as DocumentErrorCode, message, detail),
  });
}
