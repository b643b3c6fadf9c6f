/**
 * The parts of an Office Open XML package: content types, a DTD check of every XML part, and writing a package
 * back with only the changed parts replaced (every other part keeps its exact bytes).
 */
import JSZip from 'jszip';
import { DocumentError } from './document.errors.ts';
import type { ZipPackage } from './zip-package.ts';
import { decodeXml, parseXmlPart, refuseDtd } from './xml-part.ts';

/** The package's raw parts (inflated once, with caps) and its content types by part name. */
export interface OoxmlParts {
  names: string[];
  raw: Map<string, Buffer>;
  /** '/word/document.xml' style names (leading slash dropped) -> content type. */
  contentTypes: Map<string, string>;
}

/**
 * Inflates every part, refuses DTDs in any XML part and reads [Content_Types].xml.
 * @throws DocumentError NOT_A_WORD_FILE when there is no [Content_Types].xml, DTD_FORBIDDEN, ZIP_BOMB, CORRUPT_DOCUMENT
 */
export async function readOoxmlParts(
  pkg: ZipPackage,
  label: string,
  notOffice: () => DocumentError,
): Promise<OoxmlParts> {
  if (!pkg.names.includes('[Content_Types].xml')) throw notOffice();
  const raw = new Map<string, Buffer>();
  for (const name of pkg.names) {
    const bytes = await pkg.read(name);
    raw.set(name, bytes);
    if (/\.(xml|rels|vml)$/i.test(name) || name === '[Content_Types].xml') refuseDtd(decodeXml(bytes), name, label);
  }
  const ct = parseXmlPart(raw.get('[Content_Types].xml')!, '[Content_Types].xml', label);
  const contentTypes = new Map<string, string>();
  const defaults = new Map<string, string>();
  const list = ct.documentElement!.childNodes;
  for (let i = 0; i < list.length; i++) {
    const el = list.item(i) as unknown as {
      nodeType: number;
      localName: string;
      getAttribute(n: string): string | null;
    };
    if (el.nodeType !== 1) continue;
    if (el.localName === 'Default')
      defaults.set((el.getAttribute('Extension') ?? '').toLowerCase(), el.getAttribute('ContentType') ?? '');
    if (el.localName === 'Override')
      contentTypes.set((el.getAttribute('PartName') ?? '').replace(/^\//, ''), el.getAttribute('ContentType') ?? '');
  }
  for (const name of pkg.names) {
    if (!contentTypes.has(name) && name !== '[Content_Types].xml') {
      const ext = name.split('.').pop()!.toLowerCase();
      if (defaults.has(ext)) contentTypes.set(name, defaults.get(ext)!);
    }
  }
  return { names: pkg.names, raw, contentTypes };
}

/** Part names whose content type ends with one of `suffixes`, sorted so output order is stable. */
export function partsOfType(parts: OoxmlParts, suffixes: string[]): string[] {
  return parts.names.filter((n) => suffixes.some((s) => parts.contentTypes.get(n)?.endsWith(s))).sort(naturalOrder);
}

function naturalOrder(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

const STORED = /\.(png|jpe?g|gif|emf|wmf|tiff?|bmp|mp4|mp3|wav|zip|bin|odttf|ttf|woff2?)$/i;

/** Writes a package: `changed` parts replace their originals; all others keep their exact bytes and order. */
export async function writeOoxmlPackage(parts: OoxmlParts, changed: Map<string, Buffer>): Promise<Buffer> {
  const zip = new JSZip();
  for (const name of parts.names) {
    const data = changed.get(name) ?? parts.raw.get(name)!;
    zip.file(name, data, { compression: STORED.test(name) ? 'STORE' : 'DEFLATE', compressionOptions: { level: 6 } });
  }
  return zip.generateAsync({ type: 'nodebuffer', platform: 'DOS' });
}
