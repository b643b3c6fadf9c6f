/**
 * Reads a .docx the way a reader sees it, for assertions: per part, each paragraph's text and its runs
 * (text, run-property xml), plus the raw part xml.
 */
import JSZip from 'jszip';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

export interface ReadRun {
  text: string;
  rPr: string;
  lang: string | null;
  rtl: boolean;
}
export interface ReadParagraph {
  part: string;
  text: string;
  runs: ReadRun[];
  pPr: string;
}

/** Every paragraph of every word/*.xml part, in part-name then document order; nested paragraphs separate. */
export async function readDocx(
  buf: Buffer,
): Promise<{ paragraphs: ReadParagraph[]; xml: Record<string, string>; raw: Record<string, Buffer> }> {
  const zip = await JSZip.loadAsync(buf);
  const xml: Record<string, string> = {};
  const raw: Record<string, Buffer> = {};
  const paragraphs: ReadParagraph[] = [];
  const ser = new XMLSerializer();
  for (const name of Object.keys(zip.files).sort()) {
    if (zip.files[name].dir) continue;
    raw[name] = await zip.file(name)!.async('nodebuffer');
    if (!/\.(xml|rels)$/.test(name)) continue;
    xml[name] = raw[name].toString('utf8').replace(/^\uFEFF/, '');
    if (!name.startsWith('word/') || name.includes('_rels')) continue;
    const doc = new DOMParser().parseFromString(xml[name], 'application/xml');
    const ps = doc.getElementsByTagNameNS(W, 'p');
    for (let i = 0; i < ps.length; i++) {
      const p = ps.item(i)!;
      const runs: ReadRun[] = [];
      const rs = p.getElementsByTagNameNS(W, 'r');
      for (let k = 0; k < rs.length; k++) {
        const r = rs.item(k)!;
        let owner = r.parentNode;
        while (owner && (owner as Element).localName !== 'p') owner = owner.parentNode;
        if (owner !== p) continue;
        let text = '';
        let rPr: Element | null = null;
        for (let c = r.firstChild; c; c = c.nextSibling) {
          const el = c as Element;
          if (el.localName === 't' && el.namespaceURI === W) text += el.textContent ?? '';
          if (el.localName === 'rPr') rPr = el;
        }
        const lang = rPr?.getElementsByTagNameNS(W, 'lang').item(0) ?? null;
        runs.push({
          text,
          rPr: rPr ? ser.serializeToString(rPr) : '',
          lang: lang
            ? lang.getAttributeNS(W, 'val') || lang.getAttributeNS(W, 'bidi') || lang.getAttributeNS(W, 'eastAsia')
            : null,
          rtl: !!rPr?.getElementsByTagNameNS(W, 'rtl').length,
        });
      }
      const pPr = p.getElementsByTagNameNS(W, 'pPr').item(0);
      paragraphs.push({
        part: name,
        text: runs.map((r) => r.text).join(''),
        runs,
        pPr: pPr && pPr.parentNode === p ? ser.serializeToString(pPr) : '',
      });
    }
  }
  return { paragraphs, xml, raw };
}
