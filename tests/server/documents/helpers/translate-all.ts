/**
 * Translates several documents before a test block, then converts every translation to PDF with one LibreOffice
 * start (convertToPdfs: LibreOffice's start-up is most of a single conversion's time), so each test checks its own
 * document without paying for a start of its own.
 */
import type { TranslateDocumentResult } from '../../../../server/src/documents/document-translator.ts';
import { convertToPdfs, type PdfConversion } from '../../../../scripts/fidelity-check.ts';

/** One document's translation, or the error it threw (raised in that document's own test), and its PDF. */
export interface Translated {
  result?: TranslateDocumentResult;
  error?: unknown;
  /** The first output's PDF conversion, when the translation succeeded. */
  pdf?: PdfConversion;
}

/**
 * Runs `translate` for each name in turn, keeping a failure instead of throwing, then converts the first output of
 * every success to PDF in one LibreOffice start.
 * @returns each name's translation, error and PDF.
 * @throws Error from convertToPdfs when two outputs share a base name.
 */
export async function translateAllWithPdfs(
  names: readonly string[],
  translate: (name: string) => Promise<TranslateDocumentResult>,
): Promise<Map<string, Translated>> {
  const done = new Map<string, Translated>();
  for (const name of names) {
    try {
      done.set(name, { result: await translate(name) });
    } catch (error) {
      done.set(name, { error });
    }
  }
  const translated = names.filter((name) => done.get(name)?.result?.outputs[0]?.path);
  const pdfs = await convertToPdfs(translated.map((name) => done.get(name)!.result!.outputs[0].path));
  translated.forEach((name, i) => (done.get(name)!.pdf = pdfs[i]));
  return done;
}
