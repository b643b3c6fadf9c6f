/**
 * Finds the translatable text of a WordprocessingML part: every w:p (body, table cells at any depth, headers,
 * footers, notes, comments, text boxes, content controls), split into pieces of consecutive w:t that share run
 * properties. Field instructions (w:instrText), deleted text (w:delText), math and anything outside w:t are never
 * read or written, so field codes, bookmarks and drawings stay as they are.
 */
import { XMLSerializer, type Document, type Element } from '@xmldom/xmldom';
import { childElements, insideFallback, isW, MC_NS, W_NS, XML_NS } from './ooxml.ts';

/** One paragraph: its w:p element and its pieces (each a list of w:t elements in one run-property set). */
export interface DocxParagraph {
  p: Element;
  groups: Element[][];
  /** True inside mc:Fallback: translated like the rest but not counted twice for the price. */
  duplicate: boolean;
}

/** Paragraph-level elements that are zero-width markers: text on both sides may share one piece. */
const TRANSPARENT = new Set([
  'bookmarkStart',
  'bookmarkEnd',
  'proofErr',
  'permStart',
  'permEnd',
  'commentRangeStart',
  'commentRangeEnd',
  'pPr',
]);
/** Run children that carry no text and do not split a piece. */
const RUN_TRANSPARENT = new Set(['rPr', 'lastRenderedPageBreak']);
/** Containers whose text is deleted (tracked changes) or moved away: not shown, not translated. */
const SKIPPED = new Set(['del', 'moveFrom', 'p', 'txbxContent']);

const serializer = new XMLSerializer();

/** Every paragraph of `doc` in document order, nested ones (text boxes) included as their own paragraphs. */
export function extractParagraphs(doc: Document): DocxParagraph[] {
  const out: DocxParagraph[] = [];
  const all = doc.getElementsByTagNameNS(W_NS, 'p');
  for (let i = 0; i < all.length; i++) {
    const p = all.item(i)!;
    const groups: Element[][] = [];
    let current: { key: string; parent: unknown; list: Element[] } | null = null;

    const visitRun = (r: Element) => {
      const rPr = childElements(r).find((c) => isW(c, 'rPr'));
      const key = rPr ? serializer.serializeToString(rPr) : '';
      for (const c of childElements(r)) {
        if (isW(c, 't')) {
          if (current && current.key === key && current.parent === r.parentNode) current.list.push(c);
          else {
            current = { key, parent: r.parentNode, list: [c] };
            groups.push(current.list);
          }
        } else if (!(c.namespaceURI === W_NS && RUN_TRANSPARENT.has(c.localName!))) current = null;
      }
    };
    const walk = (node: Element) => {
      for (const c of childElements(node)) {
        if (c.namespaceURI === W_NS) {
          const name = c.localName!;
          if (name === 'r') visitRun(c);
          else if (TRANSPARENT.has(name)) continue;
          else if (SKIPPED.has(name)) current = null;
          else {
            // hyperlink, ins, sdt, sdtContent, fldSimple, smartTag, customXml, dir, bdo, moveTo...
            current = null;
            walk(c);
            current = null;
          }
        } else if (c.namespaceURI === MC_NS && c.localName === 'AlternateContent') {
          current = null;
          const choice = childElements(c).find((x) => x.localName === 'Choice');
          if (choice) walk(choice);
          current = null;
        } else current = null; // math, foreign markup: left alone
      }
    };
    walk(p);
    out.push({ p, groups, duplicate: insideFallback(p) });
  }
  return out;
}

/** The source pieces of a paragraph. */
export function paragraphPieces(para: DocxParagraph): string[] {
  return para.groups.map((g) => g.map((t) => t.textContent ?? '').join(''));
}

/** Writes translated pieces back: the first w:t of a piece gets its text, the others are emptied. */
export function writeParagraphPieces(para: DocxParagraph, pieces: string[]): void {
  para.groups.forEach((g, k) => {
    g.forEach((t, j) => {
      const text = j === 0 ? pieces[k] : '';
      while (t.firstChild) t.removeChild(t.firstChild);
      if (text) t.appendChild(t.ownerDocument!.createTextNode(text));
      // Leading or trailing spaces vanish without xml:space="preserve" (17.3.3.31).
      if (/^\s|\s$/.test(text)) t.setAttributeNS(XML_NS, 'xml:space', 'preserve');
    });
  });
}

/** The w:r elements that hold the paragraph's pieces. */
export function paragraphRuns(para: DocxParagraph): Element[] {
  const runs = new Set<Element>();
  for (const g of para.groups) for (const t of g) runs.add(t.parentNode as Element);
  return [...runs];
}
