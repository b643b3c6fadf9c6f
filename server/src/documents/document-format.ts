/**
 * What every document format (docx, xlsx, srt, vtt) gives the translator: its text as units of pieces, and a way
 * to write the document back with translated pieces. A unit is one paragraph, shared string or cue text; its pieces
 * are the stretches of text with one formatting (runs), which inline tags carry through the engine.
 */
export type DocumentFormat = 'docx' | 'xlsx' | 'srt' | 'vtt';

/** One translatable unit. */
export interface TextUnit {
  /** Source texts, one per formatting run. */
  pieces: string[];
  /** False for copies (mc:Fallback) that are translated but must not be priced twice. */
  counted: boolean;
}

/** A validated, opened document. */
export interface OpenedDocument {
  format: DocumentFormat;
  /** Parts that hold translatable text (1 for subtitle files). */
  parts: number;
  units: TextUnit[];
  /**
   * Writes the document with `translated[i]` (pieces, same count as `units[i].pieces`) in language `lang`.
   * @returns the bytes of the translated file
   */
  build(lang: string, translated: string[][]): Promise<Buffer>;
}

/** MIME types of the outputs. */
export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
};
