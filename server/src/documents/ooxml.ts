/**
 * Namespaces and DOM helpers for WordprocessingML (ECMA-376 Part 1). Child order matters to Word, which refuses
 * files whose property elements are out of the schema's sequence, so new elements are inserted in order.
 */
import type { Element, Node } from '@xmldom/xmldom';

export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
export const MC_NS = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** CT_RPr child sequence (ECMA-376 Part 1, 17.3.2.28). */
export const RPR_ORDER = [
  'rStyle',
  'rFonts',
  'b',
  'bCs',
  'i',
  'iCs',
  'caps',
  'smallCaps',
  'strike',
  'dstrike',
  'outline',
  'shadow',
  'emboss',
  'imprint',
  'noProof',
  'snapToGrid',
  'vanish',
  'webHidden',
  'color',
  'spacing',
  'w',
  'kern',
  'position',
  'sz',
  'szCs',
  'highlight',
  'u',
  'effect',
  'bdr',
  'shd',
  'fitText',
  'vertAlign',
  'rtl',
  'cs',
  'em',
  'lang',
  'eastAsianLayout',
  'specVanish',
  'oMath',
  'rPrChange',
];
/** CT_PPr child sequence (17.3.1.26). */
export const PPR_ORDER = [
  'pStyle',
  'keepNext',
  'keepLines',
  'pageBreakBefore',
  'framePr',
  'widowControl',
  'numPr',
  'suppressLineNumbers',
  'pBdr',
  'shd',
  'tabs',
  'suppressAutoHyphens',
  'kinsoku',
  'wordWrap',
  'overflowPunct',
  'topLinePunct',
  'autoSpaceDE',
  'autoSpaceDN',
  'bidi',
  'adjustRightInd',
  'snapToGrid',
  'spacing',
  'ind',
  'contextualSpacing',
  'mirrorIndents',
  'suppressOverlap',
  'jc',
  'textDirection',
  'textAlignment',
  'textboxTightWrap',
  'outlineLvl',
  'divId',
  'cnfStyle',
  'rPr',
  'sectPr',
  'pPrChange',
];
/** CT_TblPr child sequence (17.4.60). */
export const TBLPR_ORDER = [
  'tblStyle',
  'tblpPr',
  'tblOverlap',
  'bidiVisual',
  'tblStyleRowBandSize',
  'tblStyleColBandSize',
  'tblW',
  'jc',
  'tblCellSpacing',
  'tblInd',
  'tblBorders',
  'shd',
  'tblLayout',
  'tblCellMar',
  'tblLook',
  'tblCaption',
  'tblDescription',
  'tblPrChange',
];

/** Element children of `node`. */
export function childElements(node: Node): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as Element);
  return out;
}

/** The first child element in the w: namespace named `local`, or null. */
export function wChild(node: Node, local: string): Element | null {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === W_NS && (c as Element).localName === local)
      return c as Element;
  }
  return null;
}

/** True when `el` is w:`local`. */
export function isW(el: Node | null, local: string): boolean {
  return !!el && el.nodeType === 1 && (el as Element).namespaceURI === W_NS && (el as Element).localName === local;
}

/** Inserts `el` into `parent` at the place `order` gives its local name (unknown names go last). */
export function insertOrdered(parent: Element, el: Element, order: string[]): Element {
  const rank = order.indexOf(el.localName!);
  for (const c of childElements(parent)) {
    const r = c.namespaceURI === W_NS ? order.indexOf(c.localName!) : -1;
    if (r > rank && rank >= 0) {
      parent.insertBefore(el, c);
      return el;
    }
  }
  parent.appendChild(el);
  return el;
}

/** Returns w:`local` under `parent`, creating it in schema order when missing. */
export function ensureW(parent: Element, local: string, order: string[]): Element {
  const found = wChild(parent, local);
  if (found) return found;
  const prefix = parent.prefix ? `${parent.prefix}:` : 'w:';
  return insertOrdered(parent, parent.ownerDocument!.createElementNS(W_NS, `${prefix}${local}`), order);
}

/** Returns the properties element (w:pPr, w:rPr, w:tblPr) of `owner`, creating it as the first child. */
export function ensureProps(owner: Element, local: string): Element {
  const found = wChild(owner, local);
  if (found) return found;
  const el = owner.ownerDocument!.createElementNS(W_NS, `${owner.prefix ? `${owner.prefix}:` : 'w:'}${local}`);
  owner.insertBefore(el, owner.firstChild);
  return el;
}

/** Sets w:`name` on `el` (attributes of WordprocessingML elements are namespace-qualified). */
export function setWAttr(el: Element, name: string, value: string): void {
  el.setAttributeNS(W_NS, `${el.prefix ? `${el.prefix}:` : 'w:'}${name}`, value);
}

/** Reads w:`name` of `el`, or null. */
export function getWAttr(el: Element, name: string): string | null {
  return el.getAttributeNS(W_NS, name) || null;
}

/** True when `el` lies inside an mc:Fallback (an older copy of content that mc:Choice already holds). */
export function insideFallback(el: Node): boolean {
  for (let p = el.parentNode; p; p = p.parentNode) {
    if (p.nodeType === 1 && (p as Element).namespaceURI === MC_NS && (p as Element).localName === 'Fallback')
      return true;
  }
  return false;
}
