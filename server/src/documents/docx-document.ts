/**
 * Word (.docx) documents: which parts carry text, and writing them back translated. Text parts are found by
 * content type (the main document, headers, footers, footnotes, endnotes, comments); every other part (styles,
 * numbering, settings, relationships, media, embedded objects) is copied byte for byte. Of the document
 * properties only dc:language changes.
 */
import type { Document, Element } from '@xmldom/xmldom';
import { DocumentError } from './document.errors.ts';
import type { OpenedDocument, TextUnit } from './document-format.ts';
import { extractParagraphs, paragraphPieces, paragraphRuns, writeParagraphPieces } from './docx-paragraphs.ts';
import {
  isRtlLanguage,
  markParagraphRtl,
  markRun,
  markTableRtl,
  readStyleAlignment,
  wordLocale,
} from './docx-direction.ts';
import { partsOfType, writeOoxmlPackage, type OoxmlParts } from './ooxml-package.ts';
import { W_NS } from './ooxml.ts';
import { decodeXml, parseXmlPart, serializeXmlPart } from './xml-part.ts';

const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml.';
/** Main document content types: document, template, macro-enabled document (macros are never run). */
const MAIN_TYPES = [
  `${WML}document.main+xml`,
  `${WML}template.main+xml`,
  'application/vnd.ms-word.document.macroEnabled.main+xml',
  'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
];
const TEXT_TYPES = ['header+xml', 'footer+xml', 'footnotes+xml', 'endnotes+xml', 'comments+xml'].map(
  (s) => `${WML}${s}`,
);
const CORE_TYPE = 'application/vnd.openxmlformats-package.core-properties+xml';
/** WordprocessingML's namespace in ISO/IEC 29500 Strict ("Strict Open XML Document" in Word). */
export const STRICT_W_NS = 'http://purl.oclc.org/ooxml/wordprocessingml/main';

const nsDeclarationOf = (uri: string) =>
  new RegExp(`(\\bxmlns(?::[\\w.-]+)?\\s*=\\s*["'])${uri.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(["'])`, 'g');
const STRICT_DECLARATION = nsDeclarationOf(STRICT_W_NS);
const TRANSITIONAL_DECLARATION = nsDeclarationOf(W_NS);

/**
 * Parses a Word part. A Strict part's WordprocessingML namespace declarations are read as the Transitional one
 * (the elements are the same; issue 14, finding 8), so the rest of the code sees one vocabulary.
 */
function parseWordPart(bytes: Buffer, name: string, label: string): { doc: Document; strict: boolean } {
  const xml = decodeXml(bytes);
  STRICT_DECLARATION.lastIndex = 0;
  if (!STRICT_DECLARATION.test(xml)) return { doc: parseXmlPart(bytes, name, label), strict: false };
  const mapped = xml.replace(STRICT_DECLARATION, `$1${W_NS}$2`);
  return { doc: parseXmlPart(Buffer.from(mapped, 'utf8'), name, label), strict: true };
}

/** Serialises a Word part back in its own namespace (Strict parts stay Strict). */
function serializeWordPart(doc: Document, strict: boolean): Buffer {
  const bytes = serializeXmlPart(doc);
  if (!strict) return bytes;
  return Buffer.from(bytes.toString('utf8').replace(TRANSITIONAL_DECLARATION, `$1${STRICT_W_NS}$2`), 'utf8');
}
const DC_NS = 'http://purl.org/dc/elements/1.1/';

/** A static copy of the w:`local` elements of `doc`, in document order. */
function elements(doc: Document, local: string): Element[] {
  const list = doc.getElementsByTagNameNS(W_NS, local);
  const out: Element[] = [];
  for (let i = 0; i < list.length; i++) out.push(list.item(i)!);
  return out;
}

/** True when the package's content types name a Word main document. */
export function isWordPackage(parts: OoxmlParts): boolean {
  return partsOfType(parts, MAIN_TYPES).length > 0;
}

/**
 * Opens a Word package whose parts are already read and checked.
 * @throws DocumentError CORRUPT_DOCUMENT (bad XML), EMPTY_DOCUMENT is left to the caller (it counts words)
 */
export function openDocx(parts: OoxmlParts, label: string): OpenedDocument {
  const main = partsOfType(parts, MAIN_TYPES)[0];
  const textParts = [main, ...partsOfType(parts, TEXT_TYPES)].filter((n) => parts.raw.has(n));
  const units: TextUnit[] = [];
  const unitsPerPart = new Map<string, number>();
  // The DOMs parsed here serve the first build; later languages parse the parts again (a build changes them).
  let parsed: Map<string, Document> | null = new Map();
  const strictParts = new Set<string>();
  for (const name of textParts) {
    const { doc, strict } = parseWordPart(parts.raw.get(name)!, name, label);
    if (strict) strictParts.add(name);
    parsed.set(name, doc);
    const paras = extractParagraphs(doc).filter((p) => p.groups.length > 0);
    unitsPerPart.set(name, paras.length);
    for (const p of paras) units.push({ pieces: paragraphPieces(p), counted: !p.duplicate });
  }
  const stylesName = partsOfType(parts, [`${WML}styles+xml`])[0];

  return {
    format: 'docx',
    parts: [...unitsPerPart.values()].filter((n) => n > 0).length,
    units,
    async build(lang, translated) {
      const rtl = isRtlLanguage(lang);
      const styles = readStyleAlignment(
        rtl && stylesName ? parseWordPart(parts.raw.get(stylesName)!, stylesName, label).doc : null,
      );
      const changed = new Map<string, Buffer>();
      let u = 0;
      for (const name of textParts) {
        if (!unitsPerPart.get(name)) continue;
        const doc = parsed?.get(name) ?? parseWordPart(parts.raw.get(name)!, name, label).doc;
        const paras = extractParagraphs(doc).filter((p) => p.groups.length > 0);
        for (const para of paras) {
          const pieces = translated[u++];
          if (!pieces || pieces.length !== para.groups.length) {
            throw new DocumentError(
              'CORRUPT_DOCUMENT',
              `${label}: paragraph structure changed while translating part ${name}.`,
            );
          }
          writeParagraphPieces(para, pieces);
          if (pieces.some((t) => t.trim())) for (const r of paragraphRuns(para)) markRun(r, lang);
        }
        if (rtl) {
          // Lists are copied first: xmldom's live lists are recomputed after every change, O(n^2) otherwise.
          for (const p of elements(doc, 'p')) markParagraphRtl(p, styles);
          for (const tbl of elements(doc, 'tbl')) markTableRtl(tbl);
        }
        changed.set(name, serializeWordPart(doc, strictParts.has(name)));
      }
      parsed = null;
      const core = partsOfType(parts, [CORE_TYPE])[0];
      if (core) {
        const doc = parseXmlPart(parts.raw.get(core)!, core, label);
        const el = doc.getElementsByTagNameNS(DC_NS, 'language').item(0);
        if (el) {
          while (el.firstChild) el.removeChild(el.firstChild);
          el.appendChild(doc.createTextNode(wordLocale(lang)));
          changed.set(core, serializeXmlPart(doc));
        }
      }
      return writeOoxmlPackage(parts, changed);
    },
  };
}
