/**
 * Marks translated text with its language and, for right-to-left targets, its direction.
 * - w:lang on each translated run: w:val for Latin text, w:eastAsia for Chinese/Japanese/Korean, w:bidi for
 *   complex scripts (Arabic, Hindi), as Word reads them (ECMA-376 17.3.2.20).
 * - Arabic: w:bidi on paragraphs, w:rtl on runs (plus the complex-script twins of bold, italic and size, which
 *   Word applies to Arabic text instead of w:b, w:i, w:sz), w:bidiVisual on tables, and w:jc="right" where the
 *   source was left-aligned. Word and LibreOffice read left/right as visual sides in bidi paragraphs (checked:
 *   LibreOffice maps a bidi paragraph without w:jc to visual left), so right alignment must be explicit.
 * Text stays in logical order; nothing is reshaped or reversed.
 */
import type { Document, Element } from '@xmldom/xmldom';
import { ensureProps, ensureW, getWAttr, PPR_ORDER, RPR_ORDER, setWAttr, TBLPR_ORDER, W_NS, wChild } from './ooxml.ts';

const LOCALE: Record<string, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-PT',
  ja: 'ja-JP',
  ko: 'ko-KR',
  zh: 'zh-CN',
  ar: 'ar-SA',
  hi: 'hi-IN',
  id: 'id-ID',
  he: 'he-IL',
  fa: 'fa-IR',
  ur: 'ur-PK',
};
const RTL = new Set(['ar', 'he', 'fa', 'ur']);
const EAST_ASIAN = new Set(['ja', 'ko', 'zh']);
const COMPLEX = new Set(['ar', 'he', 'fa', 'ur', 'hi']);

/** True when `lang` (base code) is written right to left. */
export function isRtlLanguage(lang: string): boolean {
  return RTL.has(lang);
}

/** Word's locale tag for a base code ('es' -> 'es-ES'). */
export function wordLocale(lang: string): string {
  return LOCALE[lang] ?? lang;
}

/** Sets the language (and for RTL targets the direction) of one translated run. */
export function markRun(r: Element, lang: string): void {
  const rPr = ensureProps(r, 'rPr');
  const tag = wordLocale(lang);
  const langEl = ensureW(rPr, 'lang', RPR_ORDER);
  if (EAST_ASIAN.has(lang)) setWAttr(langEl, 'eastAsia', tag);
  else if (COMPLEX.has(lang)) setWAttr(langEl, 'bidi', tag);
  else setWAttr(langEl, 'val', tag);
  if (!RTL.has(lang)) return;
  ensureW(rPr, 'rtl', RPR_ORDER);
  for (const [latin, complex] of [
    ['b', 'bCs'],
    ['i', 'iCs'],
    ['sz', 'szCs'],
  ]) {
    const src = wChild(rPr, latin);
    if (src && !wChild(rPr, complex)) {
      const twin = ensureW(rPr, complex, RPR_ORDER);
      const val = getWAttr(src, 'val');
      if (val !== null) setWAttr(twin, 'val', val);
    }
  }
}

/** Paragraph alignment as the styles give it: styleId -> jc, following w:basedOn. */
export interface StyleAlignment {
  /** Effective w:jc of a paragraph style id (or of the default paragraph style when id is null). */
  jcOf(styleId: string | null): string | null;
}

/** Reads paragraph-style alignment from styles.xml (read only: styles are never changed). */
export function readStyleAlignment(styles: Document | null): StyleAlignment {
  const own = new Map<string, { jc: string | null; basedOn: string | null }>();
  let defaultId: string | null = null;
  let docDefault: string | null = null;
  if (styles) {
    const list = styles.getElementsByTagNameNS(W_NS, 'style');
    for (let i = 0; i < list.length; i++) {
      const s = list.item(i)!;
      if (getWAttr(s, 'type') !== 'paragraph') continue;
      const id = getWAttr(s, 'styleId') ?? '';
      const pPr = wChild(s, 'pPr');
      const jc = pPr ? wChild(pPr, 'jc') : null;
      const based = wChild(s, 'basedOn');
      own.set(id, { jc: jc ? getWAttr(jc, 'val') : null, basedOn: based ? getWAttr(based, 'val') : null });
      if (getWAttr(s, 'default') === '1' || getWAttr(s, 'default') === 'true') defaultId = id;
    }
    const pPrDefault = styles.getElementsByTagNameNS(W_NS, 'pPrDefault').item(0);
    const pPr = pPrDefault ? wChild(pPrDefault, 'pPr') : null;
    const jc = pPr ? wChild(pPr, 'jc') : null;
    docDefault = jc ? getWAttr(jc, 'val') : null;
  }
  return {
    jcOf(styleId) {
      let id = styleId ?? defaultId;
      for (let depth = 0; id && depth < 20; depth++) {
        const s = own.get(id);
        if (!s) break;
        if (s.jc) return s.jc;
        id = s.basedOn;
      }
      return docDefault;
    },
  };
}

/** Makes a paragraph right-to-left; a left-aligned paragraph (explicitly or by its style) becomes right-aligned. */
export function markParagraphRtl(p: Element, styles: StyleAlignment): void {
  const pPr = ensureProps(p, 'pPr');
  const pStyle = wChild(pPr, 'pStyle');
  const own = wChild(pPr, 'jc');
  const jc = (own ? getWAttr(own, 'val') : null) ?? styles.jcOf(pStyle ? getWAttr(pStyle, 'val') : null) ?? 'left';
  ensureW(pPr, 'bidi', PPR_ORDER);
  if (jc === 'left' || jc === 'start') setWAttr(ensureW(pPr, 'jc', PPR_ORDER), 'val', 'right');
}

/** Makes a table's columns run right to left (w:bidiVisual). */
export function markTableRtl(tbl: Element): void {
  const tblPr = wChild(tbl, 'tblPr') ?? ensureProps(tbl, 'tblPr');
  ensureW(tblPr, 'bidiVisual', TBLPR_ORDER);
}
