/**
 * Excel (.xlsx) workbooks: the shared strings (xl/sharedStrings.xml) and inline strings of worksheets are
 * translated; each rich-text run (<r>) is one piece. Formulas, cached values, numbers, styles and phonetic
 * guides (<rPh>) are never touched; worksheets without inline strings keep their exact bytes.
 */
import type { Document, Element } from '@xmldom/xmldom';
import type { OpenedDocument, TextUnit } from './document-format.ts';
import { childElements, XML_NS } from './ooxml.ts';
import { partsOfType, writeOoxmlPackage, type OoxmlParts } from './ooxml-package.ts';
import { parseXmlPart, serializeXmlPart } from './xml-part.ts';
import { DocumentError } from './document.errors.ts';

const S_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml.';
const MAIN_TYPES = [
  `${SML}sheet.main+xml`,
  `${SML}template.main+xml`,
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
];

/** True when the package's content types name an Excel workbook. */
export function isSpreadsheetPackage(parts: OoxmlParts): boolean {
  return partsOfType(parts, MAIN_TYPES).length > 0;
}

/** The <t> elements of one string item (<si> or <is>): the direct <t>, or one per rich run. */
function stringPieces(item: Element): Element[] {
  const out: Element[] = [];
  for (const c of childElements(item)) {
    if (c.namespaceURI !== S_NS) continue;
    if (c.localName === 't') out.push(c);
    if (c.localName === 'r') {
      const t = childElements(c).find((x) => x.namespaceURI === S_NS && x.localName === 't');
      if (t) out.push(t);
    }
  }
  return out;
}

/** Every string item of a part that has text: shared strings (<si>) or inline strings (<c t="inlineStr"><is>). */
function stringItems(doc: Document, shared: boolean): Element[][] {
  const items: Element[][] = [];
  const list = doc.getElementsByTagNameNS(S_NS, shared ? 'si' : 'is');
  for (let i = 0; i < list.length; i++) {
    const ts = stringPieces(list.item(i)!);
    if (ts.some((t) => (t.textContent ?? '').trim())) items.push(ts);
  }
  return items;
}

/** Opens a workbook whose parts are already read and checked. */
export function openXlsx(parts: OoxmlParts, label: string): OpenedDocument {
  const shared = partsOfType(parts, [`${SML}sharedStrings+xml`]);
  const sheets = partsOfType(parts, [`${SML}worksheet+xml`]);
  const textParts: Array<{ name: string; shared: boolean; count: number }> = [];
  /** Lines per <t> of each unit: a cell's line breaks split its text into pieces so they survive translation. */
  const lineCounts: number[][] = [];
  const units: TextUnit[] = [];
  for (const [name, isShared] of [
    ...shared.map((n) => [n, true] as const),
    ...sheets.map((n) => [n, false] as const),
  ]) {
    const raw = parts.raw.get(name)!;
    // Most worksheets hold no inline string: skip parsing them (large sheets are mostly numbers).
    if (!isShared && !raw.includes('inlineStr')) continue;
    const items = stringItems(parseXmlPart(raw, name, label), isShared);
    if (!items.length) continue;
    textParts.push({ name, shared: isShared, count: items.length });
    for (const ts of items) {
      const lines = ts.map((t) => (t.textContent ?? '').split('\n'));
      lineCounts.push(lines.map((l) => l.length));
      // Each line but the last keeps its '\n', so words on both sides stay apart for the engine and the count.
      units.push({
        pieces: lines.flatMap((l) => l.map((line, k) => (k < l.length - 1 ? `${line}\n` : line))),
        counted: true,
      });
    }
  }
  return {
    format: 'xlsx',
    parts: textParts.length,
    units,
    async build(_lang, translated) {
      const changed = new Map<string, Buffer>();
      let u = 0;
      for (const part of textParts) {
        const doc = parseXmlPart(parts.raw.get(part.name)!, part.name, label);
        const items = stringItems(doc, part.shared);
        if (items.length !== part.count)
          throw new DocumentError('CORRUPT_DOCUMENT', `${label}: strings changed while translating ${part.name}.`);
        for (const ts of items) {
          const counts = lineCounts[u];
          const pieces = translated[u++];
          let next = 0;
          ts.forEach((t, k) => {
            const lines = pieces.slice(next, next + counts[k]);
            next += counts[k];
            const text = lines.map((line, i) => (i < lines.length - 1 ? line.replace(/\s+$/, '') : line)).join('\n');
            while (t.firstChild) t.removeChild(t.firstChild);
            if (text) t.appendChild(doc.createTextNode(text));
            if (/^\s|\s$/.test(text)) t.setAttributeNS(XML_NS, 'xml:space', 'preserve');
          });
        }
        changed.set(part.name, serializeXmlPart(doc));
      }
      return writeOoxmlPackage(parts, changed);
    },
  };
}
