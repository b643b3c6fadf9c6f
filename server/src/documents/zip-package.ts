/**
 * Opens an Office Open XML package (ZIP) safely: the entry count and the declared sizes are checked from the
 * central directory before anything is inflated (each entry's size, the inflate ratio of entries larger than
 * the largest accepted upload, Apache POI's rule, and the total), and every entry is inflated with a byte cap so a header that lies about its size cannot blow up
 * memory. Limits: see document.limits.ts.
 */
import JSZip from 'jszip';
import { DocumentError } from './document.errors.ts';
import type { DocumentLimits } from './document.limits.ts';

const EOCD_SIG = 0x06054b50;

/** Entry count from the end-of-central-directory record; null when there is no such record. */
function centralDirectoryEntries(buf: Buffer): number | null {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end (APPNOTE.TXT 4.3.16).
  const start = Math.max(0, buf.length - 22 - 65_535);
  for (let i = buf.length - 22; i >= start; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG) return buf.readUInt16LE(i + 10);
  }
  return null;
}

/** An opened package: entry names and a capped reader. */
export interface ZipPackage {
  zip: JSZip;
  /** Names of the file entries (folders left out), in archive order. */
  names: string[];
  /** Inflates one entry; throws DocumentError ZIP_BOMB when it inflates beyond its declared size. */
  read(name: string): Promise<Buffer>;
}

interface StreamHelper {
  on(event: 'data', cb: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'error', cb: (e: Error) => void): StreamHelper;
  on(event: 'end', cb: () => void): StreamHelper;
  pause(): StreamHelper;
  resume(): StreamHelper;
}

interface EntryData {
  uncompressedSize?: number;
  compressedSize?: number;
}

/**
 * Opens `buf` as a ZIP package after checking entry count, encryption and expansion.
 * @throws DocumentError NOT_A_ZIP, ENCRYPTED, TOO_MANY_PARTS, ZIP_BOMB, CORRUPT_DOCUMENT
 */
export async function openZipPackage(buf: Buffer, limits: DocumentLimits, label: string): Promise<ZipPackage> {
  const declared = centralDirectoryEntries(buf);
  if (declared === null) {
    throw new DocumentError(
      'NOT_A_ZIP',
      `${label} is damaged or not a real Office file: its ZIP directory is missing.`,
    );
  }
  // 0xFFFF means ZIP64, where the real count lives elsewhere: let JSZip read it and check the count afterwards.
  if (declared !== 0xffff && declared > limits.maxParts) throw tooManyParts(label, declared, limits);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buf, { checkCRC32: false });
  } catch (e) {
    const msg = (e as Error).message ?? '';
    if (/encrypt/i.test(msg)) {
      throw new DocumentError(
        'ENCRYPTED',
        `${label} is password-protected (encrypted ZIP entries). Remove the password and upload it again.`,
      );
    }
    throw new DocumentError('NOT_A_ZIP', `${label} is damaged: its ZIP structure cannot be read.`, msg);
  }
  const entries = Object.values(zip.files);
  if (entries.length > limits.maxParts) throw tooManyParts(label, entries.length, limits);
  let total = 0;
  for (const f of entries) {
    const data = (f as unknown as { _data?: EntryData })._data;
    const size = data?.uncompressedSize ?? 0;
    const packed = data?.compressedSize ?? 0;
    total += size;
    if (size > limits.maxEntryBytes) {
      throw new DocumentError(
        'ZIP_BOMB',
        `${label} was refused: part ${f.name} would expand to ${mb(size)} ` +
          `(a part may expand to at most ${mb(limits.maxEntryBytes)}).`,
      );
    }
    // The ratio only for parts inflating beyond the largest accepted upload (why: DocumentLimits.ratioGraceBytes).
    if (size > limits.ratioGraceBytes && packed / size < limits.minInflateRatio) {
      throw new DocumentError(
        'ZIP_BOMB',
        `${label} was refused: part ${f.name} would expand ${Math.round(size / Math.max(packed, 1))}x ` +
          `(${mb(size)} from ${mb(packed)}; a part may expand at most ${Math.round(1 / limits.minInflateRatio)}x).`,
      );
    }
  }
  if (total > limits.maxExpandedBytes) {
    throw new DocumentError(
      'ZIP_BOMB',
      `${label} was refused: it would expand to ${mb(total)} from ${mb(buf.length)} ` +
        `(the limit is ${mb(limits.maxExpandedBytes)}).`,
    );
  }
  const names = entries.filter((f) => !f.dir).map((f) => f.name);
  return {
    zip,
    names,
    read: (name) => readCapped(zip, name, label),
  };
}

function tooManyParts(label: string, n: number, limits: DocumentLimits): DocumentError {
  return new DocumentError(
    'TOO_MANY_PARTS',
    `${label} was refused: it holds ${n} parts, more than the ${limits.maxParts} allowed.`,
  );
}

function mb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Inflates an entry chunk by chunk, stopping as soon as it outgrows the size its header declared. */
function readCapped(zip: JSZip, name: string, label: string): Promise<Buffer> {
  const file = zip.file(name);
  if (!file)
    return Promise.reject(new DocumentError('CORRUPT_DOCUMENT', `${label} is damaged: part ${name} is missing.`));
  const cap = (file as unknown as { _data?: EntryData })._data?.uncompressedSize ?? 0;
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    // internalStream is JSZip's documented streaming API (StreamHelper), missing from its type declarations.
    const stream = (file as unknown as { internalStream(t: 'uint8array'): StreamHelper }).internalStream('uint8array');
    stream
      .on('data', (chunk: Uint8Array) => {
        if (done) return;
        size += chunk.length;
        if (size > cap) {
          done = true;
          stream.pause();
          reject(
            new DocumentError(
              'ZIP_BOMB',
              `${label} was refused: part ${name} expands beyond the size its ZIP header declares.`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (e: Error) => {
        if (done) return;
        done = true;
        reject(
          new DocumentError('CORRUPT_DOCUMENT', `${label} is damaged: part ${name} cannot be unpacked.`, e.message),
        );
      })
      .on('end', () => {
        if (done) return;
        done = true;
        resolve(Buffer.concat(chunks, size));
      })
      .resume();
  });
}
