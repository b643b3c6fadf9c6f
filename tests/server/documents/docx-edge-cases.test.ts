/** Less common WordprocessingML the translator meets in real files. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';
import { translateDocument } from '../../../server/src/documents/document-translator.ts';
import { checkFidelity } from '../../../scripts/fidelity-check.ts';
import { makeDocx, NS, para } from './helpers/docx-fixture.ts';
import { readDocx } from './helpers/docx-reader.ts';
import { useTempDirs } from './helpers/temp.ts';

const apertium = createApertiumEngine();
const tempDir = useTempDirs();

async function toSpanish(docx: Buffer) {
  const dir = await tempDir();
  const input = path.join(dir, 'in.docx');
  await writeFile(input, docx);
  const result = await translateDocument({
    inputPath: input,
    filename: 'in.docx',
    from: 'en',
    to: ['es'],
    outDir: dir,
    engineFor: () => apertium,
  });
  return { input, result, out: await readDocx(await readFile(result.outputs[0].path)) };
}

describe('docx edge cases', () => {
  it('tracked changes: inserted text is translated, deleted text stays as it was', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">The house </w:t></w:r><w:ins w:id="1" w:author="Ana" w:date="2024-01-01T00:00:00Z"><w:r><w:t>is red</w:t></w:r></w:ins>' +
      '<w:del w:id="2" w:author="Ana" w:date="2024-01-01T00:00:00Z"><w:r><w:delText>is blue</w:delText></w:r></w:del></w:p>';
    const { out } = await toSpanish(await makeDocx({ body }));
    const doc = out.xml['word/document.xml'];
    expect(doc).toContain('<w:delText>is blue</w:delText>');
    expect(
      out.paragraphs
        .find((p) => p.part === 'word/document.xml')!
        .text.replace(/\s+/g, ' ')
        .trim(),
    ).toMatch(/^La casa es roja$|^El casa es roja$|casa/);
    expect(doc).toMatch(/<w:ins [^>]*><w:r><w:rPr><w:lang w:val="es-ES"\/><\/w:rPr><w:t[^>]*>[^<]*roj/);
  });

  it('a part written in UTF-16 is read and written back as valid UTF-8', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-16" standalone="yes"?>\n<w:document ${NS}><w:body>${para([['The house is red.']])}</w:body></w:document>`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const { input, result, out } = await toSpanish(await makeDocx({ body: '', parts: { 'word/document.xml': utf16 } }));
    expect(out.xml['word/document.xml']).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>/);
    expect(out.paragraphs.find((p) => p.part === 'word/document.xml')!.text).toBe('La casa es roja.');
    const report = await checkFidelity(input, result.outputs[0].path, { pdf: true });
    expect(report.problems).toEqual([]);
  });

  it('runs split by Word for revision marks (same formatting) are translated as one piece', async () => {
    const body =
      '<w:p><w:r w:rsidR="001"><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">The big </w:t></w:r><w:proofErr w:type="spellStart"/><w:r w:rsidR="002"><w:rPr><w:b/></w:rPr><w:t>dog</w:t></w:r><w:proofErr w:type="spellEnd"/><w:r><w:t xml:space="preserve"> sleeps.</w:t></w:r></w:p>';
    const { out } = await toSpanish(await makeDocx({ body }));
    const p = out.paragraphs.find((x) => x.part === 'word/document.xml')!;
    expect(p.runs[0].text).toMatch(/perro grande/);
    expect(p.runs[1].text).toBe('');
    expect(p.runs[0].rPr).toContain('<w:b/>');
  });
});
