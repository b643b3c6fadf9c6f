/**
 * The document translator the job worker and the CLI call: .docx, .xlsx, .srt and .vtt in, the same file in
 * each target language out, formatting kept (see inline-tags.ts for how runs survive translation).
 * Output names follow spec section 9: `{name without extension}__{lang}.{ext}`.
 */
import { safeFileName } from '../../../contract/text-hygiene.ts';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TranslationEngine } from '../engines/translation.engine.ts';
import { normaliseLanguage } from '../../../contract/languages.ts';
import { DocumentError } from './document.errors.ts';
import { CONTENT_TYPES, type DocumentFormat } from './document-format.ts';
import { countDocument, openDocument } from './document-opener.ts';
import { translateUnits, type UnitBatching } from './unit-translator.ts';
import { glossaryRules, type GlossarySnapshot } from '../../../contract/glossary.ts';
import { missingTerms } from '../../../contract/glossary-matcher.ts';

export type { DocumentFormat } from './document-format.ts';
export { DocumentError, type DocumentErrorCode } from './document.errors.ts';

/**
 * Validates the file (by content, not name) and counts the words that would be translated (for pricing:
 * spec section 9, 0.5 credits per 100 words).
 * @returns format, words, parts holding text, paragraphs (units: paragraphs, shared strings, cue texts) with text
 * @throws DocumentError for every refused file
 */
export async function inspectDocument(
  inputPath: string,
  filename: string,
): Promise<{ format: DocumentFormat; words: number; parts: number; paragraphs: number }> {
  const doc = await openDocument(inputPath, filename);
  return { format: doc.format, parts: doc.parts, ...countDocument(doc) };
}

/** One translation job: input, languages ('en-gb' is read as 'en'), output folder and engine choice. */
export interface TranslateDocumentRequest {
  inputPath: string;
  /** Original name, for the output names (the format comes from the content). */
  filename: string;
  from: string;
  to: string[];
  /** Writes `${outDir}/${nameWithoutExt}__${lang}.${ext}`. */
  outDir: string;
  /**
   * The engine of each pair: `registry.choose(...)`'s `translationFor` (null only for the same language, which is
   * refused before). Throws NoEngineError when no engine serves the pair.
   */
  engineFor: (from: string, to: string) => TranslationEngine | null;
  /** The job's glossary snapshot: its rules for each pair go to the engine, then the paragraph check. */
  glossary?: GlossarySnapshot;
  signal?: AbortSignal;
  /** Percent 0..100. */
  onProgress?: (percent: number) => void;
  /** How a network engine's calls are cut and run in parallel (TRANSLATION_BATCH_*; unit-translator.ts). */
  batching?: UnitBatching;
}

/** What was written, with the counts of the source document and the wall time in seconds. */
export interface TranslateDocumentResult {
  outputs: Array<{ language: string; path: string; filename: string; contentType: string }>;
  parts: number;
  paragraphs: number;
  words: number;
  seconds: number;
  /** Engine ids used, comma-separated when languages used different engines. */
  engine: string;
  /** Paragraphs whose inline tags the engine lost, so their text was shared among runs by length. */
  tagFallbacks: number;
  /**
   * Per target language (base code), paragraphs (text units) whose source holds a glossary term and whose
   * translation lacks its required rendering (contract missingTerms); languages without any left out.
   */
  glossaryMisses: Record<string, number>;
}

/**
 * The normalised source and target languages of `req` and the engine of each target, in order: what
 * translateDocument checks before any work (documents/document-thread.ts checks it in the parent, before the thread).
 * @throws DocumentError UNSUPPORTED_LANGUAGE, NoEngineError (from `engineFor`)
 */
export function documentEngines(req: Pick<TranslateDocumentRequest, 'from' | 'to' | 'engineFor'>): {
  from: string;
  targets: string[];
  engines: TranslationEngine[];
} {
  const from = normaliseLanguage(req.from);
  const targets = [...new Set(req.to.map(normaliseLanguage).filter(Boolean))];
  if (!from || from === 'auto')
    throw new DocumentError('UNSUPPORTED_LANGUAGE', 'Choose the language the document is written in.');
  if (!targets.length) throw new DocumentError('UNSUPPORTED_LANGUAGE', 'Choose at least one target language.');
  if (targets.includes(from))
    throw new DocumentError(
      'UNSUPPORTED_LANGUAGE',
      `The document is already in ${from}: choose another target language.`,
    );
  const engines = targets.map((lang) => {
    const engine = req.engineFor(from, lang);
    if (!engine) throw new DocumentError('UNSUPPORTED_LANGUAGE', `No translation is needed from ${from} to ${lang}.`);
    return engine;
  });
  return { from, targets, engines };
}

/**
 * Translates a document into every target language. Either every output is written or none: after any error
 * the files written so far by this call are removed.
 * @throws DocumentError (refused file, UNSUPPORTED_LANGUAGE, ENGINE_FAILED, CANCELLED), NoEngineError (from
 *         `engineFor`, before any work)
 */
export async function translateDocument(req: TranslateDocumentRequest): Promise<TranslateDocumentResult> {
  const started = performance.now();
  const { from, targets, engines } = documentEngines(req);
  const doc = await openDocument(req.inputPath, req.filename);
  const counts = countDocument(doc);
  // No separator of any platform reaches the output name (issue 14: `..\..\win.docx` gives `win`).
  const base = safeFileName(req.filename).replace(/\.[^.]*$/, '') || 'document';
  await mkdir(req.outDir, { recursive: true });
  const written: string[] = [];
  const outputs: TranslateDocumentResult['outputs'] = [];
  let tagFallbacks = 0;
  const glossaryMisses: Record<string, number> = {};
  try {
    for (const [li, lang] of targets.entries()) {
      const progress = (f: number) => req.onProgress?.(Math.round(((li + f) / targets.length) * 100));
      const rules = glossaryRules(req.glossary, from, lang);
      const done = await translateUnits(doc.units, engines[li], {
        from,
        to: lang,
        signal: req.signal,
        glossary: rules,
        onProgress: (f) => progress(f * 0.9),
        batching: req.batching,
      });
      tagFallbacks += done.fallbacks;
      if (rules.length) {
        const misses = doc.units.filter(
          (u, k) => missingTerms(u.pieces.join(''), done.pieces[k].join(''), rules).length > 0,
        ).length;
        if (misses) glossaryMisses[lang] = misses;
      }
      const bytes = await doc.build(lang, done.pieces);
      if (req.signal?.aborted) throw new DocumentError('CANCELLED', 'The document translation was cancelled.');
      const filename = `${base}__${lang}.${doc.format}`;
      const final = path.join(req.outDir, filename);
      const partial = `${final}.${randomBytes(4).toString('hex')}.partial`;
      written.push(partial);
      await writeFile(partial, bytes);
      await rename(partial, final);
      written.push(final);
      outputs.push({ language: lang, path: final, filename, contentType: CONTENT_TYPES[doc.format] });
      progress(1);
    }
  } catch (e) {
    await Promise.all(written.map((f) => rm(f, { force: true })));
    throw e;
  }
  return {
    outputs,
    parts: doc.parts,
    paragraphs: counts.paragraphs,
    words: counts.words,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    engine: [...new Set(engines.map((e) => e.id))].join(','),
    tagFallbacks,
    glossaryMisses,
  };
}
