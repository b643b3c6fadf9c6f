/**
 * Issue 14, finding 8: real documents are no longer refused as zip bombs and Strict Open XML is read.
 * - A generated .docx with thousands of table rows, whose word/document.xml inflates about 40x, translates.
 * - Bombs are still refused: a part inflating more than 100x (Apache POI's minimum inflate ratio 0.01).
 * - A Strict Open XML document (namespace http://purl.oclc.org/ooxml/wordprocessingml/main; the shared test
 *   file with its namespaces renamed) translates and is written back in its own namespace.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';
import { translateDocument, type DocumentError } from '../../../server/src/documents/document-translator.ts';
import { makeDocx, para } from '../documents/helpers/docx-fixture.ts';
import { useTempDirs } from '../documents/helpers/temp.ts';
import { SAMPLE_DOCX } from '../jobs/fixtures.ts';

const apertium = createApertiumEngine();
const tempDir = useTempDirs();
const STRICT = 'http://purl.oclc.org/ooxml/wordprocessingml/main';
const TRANSITIONAL = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const WORDS = ['house', 'dog', 'cat', 'table', 'garden', 'city', 'river', 'book', 'window', 'street'];

/** A .docx whose body is a table of `rows` rows of two cells of plain, varied English. */
async function bigTableDocx(rows: number): Promise<Buffer> {
  const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para([[text]])}</w:tc>`;
  const trs: string[] = [];
  let seed = 14;
  const pick = () => WORDS[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % WORDS.length];
  for (let i = 0; i < rows; i++)
    trs.push(`<w:tr>${cell(`Row ${i}`)}${cell(`The ${pick()} is near the ${pick()} and the ${pick()}.`)}</w:tr>`);
  return makeDocx({ body: `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${trs.join('')}</w:tbl>` });
}

/** Uncompressed / compressed size of `entry` from the ZIP's central directory. */
async function expansionOf(buf: Buffer, entry: string): Promise<number> {
  const zip = await JSZip.loadAsync(buf);
  const data = (zip.file(entry) as unknown as { _data: { uncompressedSize: number; compressedSize: number } })._data;
  return data.uncompressedSize / data.compressedSize;
}

async function translate(dir: string, name: string, bytes: Buffer) {
  await writeFile(path.join(dir, name), bytes);
  return translateDocument({
    inputPath: path.join(dir, name),
    filename: name,
    from: 'en',
    to: ['es'],
    outDir: path.join(dir, 'out'),
    engineFor: () => apertium,
  });
}

describe('finding 8: zip-bomb rule and Strict Open XML', () => {
  it('a .docx of 3,000 table rows expanding about 40x translates', async () => {
    const docx = await bigTableDocx(3000);
    const ratio = await expansionOf(docx, 'word/document.xml');
    console.log(`big table: ${docx.length} bytes, word/document.xml expands ${ratio.toFixed(1)}x`);
    expect(ratio).toBeGreaterThan(20);
    expect(ratio).toBeLessThan(100);
    const result = await translate(await tempDir(), 'table.docx', docx);
    expect(result.paragraphs).toBeGreaterThanOrEqual(6000);
    const out = await JSZip.loadAsync(await readFile(result.outputs[0].path));
    const xml = await out.file('word/document.xml')!.async('string');
    expect(xml).toContain('2999');
    expect(xml).toMatch(/La casa|El perro|El gato/);
  }, 300_000);

  it('a part inflating more than 100x is still refused as a zip bomb', async () => {
    const body = para([['The same sentence again and again.']]).repeat(200_000);
    const bomb = await makeDocx({ body });
    expect(await expansionOf(bomb, 'word/document.xml')).toBeGreaterThan(100);
    const e = await translate(await tempDir(), 'bomb.docx', bomb).then(
      () => null,
      (err: DocumentError) => err,
    );
    expect(e?.code).toBe('ZIP_BOMB');
    expect(e?.message).toMatch(/part word\/document\.xml would expand \d+x .*at most 100x/);
  });

  it('a Strict Open XML document translates and stays Strict', async () => {
    const zip = await JSZip.loadAsync(await readFile(SAMPLE_DOCX));
    for (const name of Object.keys(zip.files).filter((n) => /^word\/[^/]+\.xml$/.test(n))) {
      const xml = await zip.file(name)!.async('string');
      zip.file(name, xml.split(TRANSITIONAL).join(STRICT));
    }
    const strict = await zip.generateAsync({ type: 'nodebuffer' });
    const source = await zip.file('word/document.xml')!.async('string');
    expect(source).toContain(STRICT);
    expect(source).not.toContain(TRANSITIONAL);
    const result = await translate(await tempDir(), 'strict.docx', strict);
    expect(result.words).toBeGreaterThan(0);
    const out = await JSZip.loadAsync(await readFile(result.outputs[0].path));
    const xml = await out.file('word/document.xml')!.async('string');
    expect(xml).toContain(`="${STRICT}"`);
    expect(xml).not.toContain(TRANSITIONAL);
    const text = (s: string) => [...s.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
    expect(text(xml)).not.toBe(text(source));
    expect(text(xml).length).toBeGreaterThan(0);
  });
});
