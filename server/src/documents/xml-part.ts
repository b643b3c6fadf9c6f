/**
 * Parsing and writing one XML part of a package. A DTD or entity declaration is refused before parsing (the
 * parser is never asked to expand entities: billion-laughs and external-entity files stop here).
 */
import { DOMParser, XMLSerializer, type Document } from '@xmldom/xmldom';
import { DocumentError } from './document.errors.ts';

/** Decodes a part's bytes: UTF-16 when it starts with a byte-order mark, UTF-8 otherwise (XML 1.0 section 4.3.3). */
export function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * Throws DTD_FORBIDDEN when `xml` declares a document type or entities. Office never writes either.
 * @throws DocumentError DTD_FORBIDDEN
 */
export function refuseDtd(xml: string, partName: string, label: string): void {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new DocumentError(
      'DTD_FORBIDDEN',
      `${label} was refused: its part ${partName} declares a DTD or XML entities, which Office files never contain.`,
    );
  }
}

/**
 * Parses a part into a DOM.
 * @throws DocumentError DTD_FORBIDDEN, or CORRUPT_DOCUMENT when the XML is not well-formed.
 */
export function parseXmlPart(bytes: Buffer, partName: string, label: string): Document {
  const xml = decodeXml(bytes);
  refuseDtd(xml, partName, label);
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level === 'warning') return;
      throw new DocumentError(
        'CORRUPT_DOCUMENT',
        `${label} is damaged: part ${partName} is not valid XML.`,
        String(message).split('\n')[0],
      );
    },
  });
  try {
    return parser.parseFromString(xml, 'application/xml');
  } catch (e) {
    if (e instanceof DocumentError) throw e;
    throw new DocumentError(
      'CORRUPT_DOCUMENT',
      `${label} is damaged: part ${partName} is not valid XML.`,
      (e as Error).message.split('\n')[0],
    );
  }
}

/** Serialises a DOM back to UTF-8 bytes; the XML declaration is kept, its encoding set to UTF-8 to match. */
export function serializeXmlPart(doc: Document): Buffer {
  const xml = new XMLSerializer().serializeToString(doc).replace(/^(<\?xml[^>]*encoding=")[^"]*(")/, '$1UTF-8$2');
  return Buffer.from(xml, 'utf8');
}
