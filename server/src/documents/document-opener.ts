/**
 * Recognises a document by its content (never by its name) and opens it: .docx or .xlsx (ZIP packages with the
 * matching main part), .srt or .vtt (text with cue timings). Refusals follow the document issue: not a ZIP, not
 * a Word file, encrypted, DTD or entities, ZIP bomb (10x / 500 MB), more than 10,000 parts, over 50 MB, empty.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DocumentError } from './document.errors.ts';
import type { OpenedDocument } from './document-format.ts';
import { DOCUMENT_LIMITS, type DocumentLimits } from './document.limits.ts';
import { isWordPackage, openDocx } from './docx-document.ts';
import { readOoxmlParts } from './ooxml-package.ts';
import { detectSubtitleFormat, openSubtitles } from './subtitle-document.ts';
import { countWords, hasLetters } from './word-count.ts';
import { isSpreadsheetPackage, openXlsx } from './xlsx-document.ts';
import { openZipPackage } from './zip-package.ts';

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Office writes password-protected files as a compound file holding this stream (MS-OFFCRYPTO 2.3.4). */
const ENCRYPTED_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

/** Counts of what would be translated: units with letters that are not duplicate copies. */
export interface DocumentCounts {
  words: number;
  paragraphs: number;
}

/** Words and paragraphs (units) that are sent for translation; the price counts exactly these. */
export function countDocument(doc: OpenedDocument): DocumentCounts {
  let words = 0;
  let paragraphs = 0;
  for (const u of doc.units) {
    const text = u.pieces.join('');
    if (!u.counted || !hasLetters(text)) continue;
    words += countWords(text);
    paragraphs++;
  }
  return { words, paragraphs };
}

/**
 * Validates and opens a document.
 * @param filename the user's file name, only used in messages
 * @throws DocumentError with a code per refusal (see DocumentErrorCode)
 */
export async function openDocument(
  inputPath: string,
  filename: string,
  limits: DocumentLimits = DOCUMENT_LIMITS,
): Promise<OpenedDocument> {
  const label = `"${path.basename(filename)}"`;
  const ext = path.extname(filename).slice(1).toLowerCase();
  let size: number;
  try {
    size = (await stat(inputPath)).size;
  } catch {
    throw new DocumentError('UNREADABLE', `${label} could not be read: the uploaded file is missing.`);
  }
  if (size === 0) throw new DocumentError('EMPTY_DOCUMENT', `${label} is empty (0 bytes).`);
  if (size > limits.maxFileBytes) {
    throw new DocumentError(
      'DOCUMENT_TOO_LARGE',
      `${label} is ${(size / 1024 / 1024).toFixed(1)} MB; documents can be at most ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB.`,
    );
  }
  const buf = await readFile(inputPath);
  const doc = await openByContent(buf, ext, label, limits);
  if (countDocument(doc).words === 0) {
    throw new DocumentError('EMPTY_DOCUMENT', `${label} has no text to translate.`);
  }
  return doc;
}

async function openByContent(buf: Buffer, ext: string, label: string, limits: DocumentLimits): Promise<OpenedDocument> {
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && (buf[2] === 3 || buf[2] === 5)) {
    const notOffice = () =>
      new DocumentError(
        'NOT_A_WORD_FILE',
        `${label} is a ZIP archive but not a Word document (.docx)${ext === 'xlsx' ? ' or Excel workbook (.xlsx)' : ''}.`,
      );
    const pkg = await openZipPackage(buf, limits, label);
    const parts = await readOoxmlParts(pkg, label, notOffice);
    if (isWordPackage(parts)) return openDocx(parts, label);
    if (isSpreadsheetPackage(parts)) return openXlsx(parts, label);
    throw notOffice();
  }
  if (buf.subarray(0, 8).equals(CFB_MAGIC)) {
    if (buf.includes(ENCRYPTED_STREAM)) {
      const where = ext === 'xlsx' ? 'Excel (File > Info > Protect Workbook)' : 'Word (File > Info > Protect Document)';
      throw new DocumentError(
        'ENCRYPTED',
        `${label} is password-protected. Remove the password in ${where}, save it and upload it again.`,
      );
    }
    throw new DocumentError(
      'NOT_A_WORD_FILE',
      `${label} is an old binary Office file (.doc or .xls). Save it as .docx (or .xlsx) and upload it again.`,
    );
  }
  const text = buf.includes(0) ? null : decodeText(buf);
  const format = text === null ? null : detectSubtitleFormat(text);
  if (text !== null && format) return openSubtitles(text, format, label);
  if (ext === 'docx' || ext === 'xlsx') {
    throw new DocumentError(
      'NOT_A_ZIP',
      `${label} is not a real .${ext} file: Office documents are ZIP packages and this file is not one.`,
    );
  }
  if (ext === 'srt' || ext === 'vtt') {
    throw new DocumentError(
      'NOT_A_SUBTITLE_FILE',
      `${label} is not a subtitle file: no ${ext === 'vtt' ? 'WEBVTT header' : 'cue timing line like "00:00:01,000 --> 00:00:02,000"'} was found.`,
    );
  }
  throw new DocumentError(
    'UNSUPPORTED_FORMAT',
    `${label} is not a supported document. Upload a .docx, .xlsx, .srt or .vtt file.`,
  );
}

/** UTF-8 when valid, else Windows-1252 (older SubRip files). */
function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}
