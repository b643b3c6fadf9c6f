/**
 * Issue 14, finding 8: real documents are no longer refused as zip bombs and Strict Open XML is read.
 * - A generated .docx with thousands of table rows, whose word/document.xml inflates about 40x, translates.
 * - Bombs are still refused: a part inflating beyond 50 MB and more than 100x (Apache POI's minimum inflate ratio
 *   0.01); issue 22, item 13: below 50 MB (the largest upload) the ratio is not applied.
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

/**
 * A .docx shaped like a form Word writes: a table of `rows` identical rows (Word's row and cell properties,
 * revision ids, spacing and run properties repeated on every row, and the same two short cells), so that
 * word/document.xml is about 1.6 MB and compresses about 190x, as the document of issue 22, item 13 does.
 */
async function repetitiveFormDocx(rows: number): Promise<Buffer> {
  const rPr = '<w:rPr><w:sz w:val="20"/></w:rPr>';
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="4513" w:type="dxa"/></w:tcPr>` +
    `<w:p w:rsidR="00B51D2E"><w:pPr><w:spacing w:after="0"/></w:pPr>` +
    `<w:r>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r></w:p></w:tc>`;
  const row = `<w:tr w:rsidR="00B51D2E" w:rsidTr="00B51D2E"><w:trPr><w:trHeight w:val="284"/></w:trPr>${cell('The house')}${cell('The red dog')}</w:tr>`;
  const docx = await makeDocx({
    body: `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${row.repeat(rows)}</w:tbl>`,
  });
  // Packed at deflate's best compression, as Word packs its files.
  const zip = await JSZip.loadAsync(docx);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
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

  it('a part inflating more than 100x beyond 50 MB is still refused as a zip bomb', async () => {
    const body = para([['The same sentence again and again.']]).repeat(700_000);
    const bomb = await makeDocx({ body });
    expect(await expansionOf(bomb, 'word/document.xml')).toBeGreaterThan(100);
    const e = await translate(await tempDir(), 'bomb.docx', bomb).then(
      () => null,
      (err: DocumentError) => err,
    );
    expect(e?.code).toBe('ZIP_BOMB');
    expect(e?.message).toMatch(/part word\/document\.xml would expand \d+x .*at most 100x/);
  });

  it('issue 22 item 13: a 3,000-row form whose 1.6 MB document.xml compresses about 190x translates', async () => {
    const docx = await repetitiveFormDocx(3000);
    const size = (await JSZip.loadAsync(docx)).file('word/document.xml')!;
    const bytes = (await size.async('nodebuffer')).length;
    const ratio = await expansionOf(docx, 'word/document.xml');
    console.log(`form: ${docx.length} bytes, word/document.xml ${bytes} bytes expands ${ratio.toFixed(1)}x`);
    expect(bytes).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(ratio).toBeGreaterThan(150);
    const result = await translate(await tempDir(), 'form.docx', docx);
    expect(result.paragraphs).toBeGreaterThanOrEqual(6000);
    const out = await JSZip.loadAsync(await readFile(result.outputs[0].path));
    const xml = await out.file('word/document.xml')!.async('string');
    expect(xml.match(/La casa/g)).toHaveLength(3000);
    expect(xml.match(/El perro rojo/g)).toHaveLength(3000);
  }, 300_000);

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
