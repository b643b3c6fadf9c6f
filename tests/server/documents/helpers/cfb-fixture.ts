/**
 * Writes a Compound File Binary (MS-CFB, version 3, 512-byte sectors) holding the two streams Office puts in a
 * password-protected .docx (MS-OFFCRYPTO 2.3.4.15: EncryptionInfo and EncryptedPackage). The stream contents
 * are random, as encrypted data looks; both are at least 4,096 bytes so they live in regular sectors and the
 * file needs no mini stream.
 */
import { randomBytes } from 'node:crypto';

const ENDOFCHAIN = 0xfffffffe;
const FREESECT = 0xffffffff;
const FATSECT = 0xfffffffd;
const NOSTREAM = 0xffffffff;

function dirEntry(name: string, type: number, child: number, right: number, start: number, size: number): Buffer {
  const e = Buffer.alloc(128);
  const n = Buffer.from(`${name}\0`, 'utf16le');
  n.copy(e, 0);
  e.writeUInt16LE(n.length, 64);
  e[66] = type;
  e[67] = 1; // black
  e.writeUInt32LE(NOSTREAM, 68); // left
  e.writeUInt32LE(right, 72);
  e.writeUInt32LE(child, 76);
  e.writeUInt32LE(start, 116);
  e.writeUInt32LE(size, 120);
  return e;
}

/**
 * An "encrypted Office document" container: header, 1 FAT sector, 1 directory sector, 2 streams. Other stream
 * names give other compound files (`['WordDocument', '1Table']` has the streams of a legacy .doc).
 */
export function encryptedOfficeFile(names: [string, string] = ['EncryptionInfo', 'EncryptedPackage']): Buffer {
  const info = Buffer.concat([
    Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]),
    Buffer.from('<?xml version="1.0"?><encryption xmlns="http://schemas.microsoft.com/office/2006/encryption"/>'),
    randomBytes(4096),
  ]).subarray(0, 4096);
  const pkg = Buffer.concat([Buffer.from([0, 0x20, 0, 0, 0, 0, 0, 0]), randomBytes(8184)]);
  const infoStart = 2;
  const infoSectors = info.length / 512;
  const pkgStart = infoStart + infoSectors;
  const pkgSectors = pkg.length / 512;
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(ENDOFCHAIN, 60);
  header.writeUInt32LE(ENDOFCHAIN, 68);
  header.writeUInt32LE(0, 76); // DIFAT[0]: the FAT is sector 0
  for (let i = 1; i < 109; i++) header.writeUInt32LE(FREESECT, 76 + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(FATSECT, 0);
  fat.writeUInt32LE(ENDOFCHAIN, 4);
  const chain = (start: number, n: number) => {
    for (let s = start; s < start + n; s++) fat.writeUInt32LE(s === start + n - 1 ? ENDOFCHAIN : s + 1, s * 4);
  };
  chain(infoStart, infoSectors);
  chain(pkgStart, pkgSectors);
  const dir = Buffer.concat([
    dirEntry('Root Entry', 5, 1, NOSTREAM, ENDOFCHAIN, 0),
    dirEntry(names[0], 2, NOSTREAM, 2, infoStart, info.length),
    dirEntry(names[1], 2, NOSTREAM, NOSTREAM, pkgStart, pkg.length),
    Buffer.alloc(128),
  ]);
  for (let i = 3; i < 4; i++) {
    dir.writeUInt32LE(NOSTREAM, i * 128 + 68);
    dir.writeUInt32LE(NOSTREAM, i * 128 + 72);
    dir.writeUInt32LE(NOSTREAM, i * 128 + 76);
  }
  return Buffer.concat([header, fat, dir, info, pkg]);
}
