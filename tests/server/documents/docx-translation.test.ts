/**
 * .docx to Spanish through the real Apertium: every part type is translated, formatting and everything that
 * must not change stays as it was, and the fidelity check (with LibreOffice) passes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';
import { inspectDocument, translateDocument } from '../../../server/src/documents/document-translator.ts';
import { checkFidelity } from '../../../scripts/fidelity-check.ts';
import { translateAllWithPdfs, type Translated } from './helpers/translate-all.ts';
import { richDocx } from './helpers/docx-fixture.ts';
import { readDocx, type ReadParagraph } from './helpers/docx-reader.ts';
import { useTempDirs } from './helpers/temp.ts';

const apertium = createApertiumEngine();
const tempDir = useTempDirs();

async function translateRich(dir: string, to: string[] = ['es']) {
  const input = path.join(dir, 'report.docx');
  await writeFile(input, await richDocx());
  const result = await translateDocument({
    inputPath: input,
    filename: 'Annual report.docx',
    from: 'en-gb',
    to,
    outDir: path.join(dir, 'out'),
    engineFor: () => apertium,
  });
  return { input, result };
}

const texts = (ps: ReadParagraph[], part: string) => ps.filter((p) => p.part === part && p.text).map((p) => p.text);

describe('docx translation to Spanish (real Apertium)', () => {
  let source: Awaited<ReturnType<typeof readDocx>>;
  let out: Awaited<ReturnType<typeof readDocx>>;
  let run: Awaited<ReturnType<typeof translateRich>>;

  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-docs-test-'));
    run = await translateRich(dir);
    source = await readDocx(await readFile(run.input));
    out = await readDocx(await readFile(run.result.outputs[0].path));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes NAME__LANG.docx with the Word content type and reports counts', () => {
    expect(run.result.outputs).toHaveLength(1);
    expect(run.result.outputs[0]).toMatchObject({
      language: 'es',
      filename: 'Annual report__es.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(run.result.engine).toBe('apertium');
    expect(run.result.parts).toBe(8); // document, 3 headers, footer, footnotes, endnotes, comments
  });

  it('translates the body, list items, hyperlink text, tables (nested too), the text box and the content control', () => {
    const body = texts(out.paragraphs, 'word/document.xml');
    expect(body).toContain('El informe anual');
    expect(body).toContain('El primer elemento de la lista');
    expect(body).toContain('El segundo elemento de la lista');
    expect(body).toContain('La casa es blanca'); // table cell
    expect(body).toContain('El perro pequeño'); // cell of the nested table
    expect(body.filter((t) => t === 'El texto en la caja')).toHaveLength(2); // text box and its VML fallback
    expect(body).toContain('El contenido del control');
    const link = out.paragraphs.find((p) => p.text.startsWith('Visita'))!;
    expect(link.runs.find((r) => r.rPr.includes('Hyperlink'))!.text.trim()).toBe('nuestro sitio web');
  });

  it('translates default, first and even headers, the footer, footnotes, endnotes and comments', () => {
    expect(texts(out.paragraphs, 'word/header1.xml')[0]).toMatch(/^El default encabezamiento/);
    expect(texts(out.paragraphs, 'word/header2.xml')[0]).toBe('El primer encabezamiento de página');
    expect(texts(out.paragraphs, 'word/header3.xml')[0]).toMatch(/encabezamiento de página/);
    expect(texts(out.paragraphs, 'word/footer1.xml')[0]).toMatch(/^La empresa/);
    expect(texts(out.paragraphs, 'word/footnotes.xml')[0].trim()).toMatch(/^El footnote texto\.$/);
    expect(texts(out.paragraphs, 'word/endnotes.xml')[0].trim()).toMatch(/^El endnote texto\.$/);
    expect(texts(out.paragraphs, 'word/comments.xml')[0]).toMatch(/frase/);
  });

  it('keeps each run formatting: the bold and the red italic runs carry translated text', () => {
    const p = out.paragraphs.find((x) => x.text.includes('casa roja'))!;
    const bold = p.runs.find((r) => r.rPr.includes('<w:b/>'))!;
    const red = p.runs.find((r) => r.rPr.includes('FF0000'))!;
    expect(bold.text.trim()).toBe('casa roja');
    expect(red.text.trim()).toBe('muy grande');
    expect(p.text.replace(/\s+/g, ' ')).toBe('La casa roja es muy grande.'); // the untagged wording, runs kept
  });

  it('sets w:lang es-ES on translated runs and dc:language of the document properties', () => {
    const runs = out.paragraphs.flatMap((p) => p.runs).filter((r) => /\p{L}/u.test(r.text));
    expect(runs.length).toBeGreaterThan(20);
    expect(runs.every((r) => r.lang === 'es-ES')).toBe(true);
    expect(out.xml['docProps/core.xml']).toContain('<dc:language>es-ES</dc:language>');
    expect(out.xml['docProps/core.xml']).toContain('<dc:creator>Ana</dc:creator>');
  });

  it('leaves field codes, bookmarks and the field result structure exactly as they were', () => {
    const doc = out.xml['word/document.xml'];
    expect(doc).toContain('<w:instrText xml:space="preserve"> PAGE </w:instrText>');
    expect(doc).toContain('w:instr=" MERGEFIELD CustomerName \\* MERGEFORMAT "');
    expect(doc).toContain('<w:bookmarkStart w:id="0" w:name="intro"/>');
    for (const el of ['fldChar', 'bookmarkEnd', 'footnoteReference', 'endnoteReference', 'commentReference']) {
      expect(doc.split(`<w:${el}`).length, el).toBe(source.xml['word/document.xml'].split(`<w:${el}`).length);
    }
  });

  it('keeps styles, numbering, settings, relationships and images byte-identical', () => {
    for (const part of [
      'word/styles.xml',
      'word/numbering.xml',
      'word/settings.xml',
      'word/_rels/document.xml.rels',
      '[Content_Types].xml',
      '_rels/.rels',
      'word/media/image1.png',
    ]) {
      expect(out.raw[part].equals(source.raw[part]), part).toBe(true);
    }
  });

  it('passes the fidelity check, including the LibreOffice PDF conversion', async () => {
    const report = await checkFidelity(run.input, run.result.outputs[0].path, {
      engine: apertium,
      from: 'en',
      to: 'es',
    });
    expect(report.problems).toEqual([]);
    expect(report.counts.output.textBoxes).toBe(2);
    expect(report.counts.output.cells).toBe(6);
  });

  it('prices the words a reader sees, once: field instructions and the text-box fallback copy are not counted', async () => {
    const visible = [
      'The annual report',
      'The red house is very big.',
      'Visit our website for more information.',
      'This is page 1 of the document.',
      '«CustomerName» is the customer.',
      'The dog eats the food and the cat sleeps.',
      'The first item of the list',
      'The second item of the list',
      'The table has two rows',
      'The house is white',
      'The outer cell',
      'The inner table',
      'The small dog',
      'The text in the box',
      'The content of the control',
      'The default header',
      'The first page header',
      'The even page header',
      'The company footer',
      'The footnote text.',
      'The endnote text.',
      'Please check the sentence.',
    ];
    const expected = visible.join(' ').match(/[\p{L}\p{N}]+/gu)!.length;
    const info = await inspectDocument(run.input, 'report.docx');
    expect(info).toEqual({ format: 'docx', words: expected, parts: 8, paragraphs: visible.length });
    expect(run.result.words).toBe(expected);
  });
});

describe('the test data documents to Spanish', () => {
  const dir = path.resolve(__dirname, '../../../../shared/testdata/docx');
  const files = [
    'Headers.docx',
    'comments-rich-para.docx',
    'fnt-color.docx',
    'hdr-header-footer.docx',
    'num-having-numbering-part.docx',
    'par-hyperlinks.docx',
    'par-known-styles.docx',
    'run-char-style.docx',
    'sample-docx.docx',
    'test.docx',
    'toc.docx',
  ];

  /** Translates the test data file `name` from English to Spanish with Apertium into `outDir`. */
  const toSpanish = (name: string, outDir: string) =>
    translateDocument({
      inputPath: path.join(dir, name),
      filename: name,
      from: 'en',
      to: ['es'],
      outDir,
      engineFor: () => apertium,
    });

  /** Each file's translation (or its error) and its PDF, made before the tests into a folder of this block's own. */
  let done: Map<string, Translated>;
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-docs-test-'));
    done = await translateAllWithPdfs(files, async (name) => {
      return toSpanish(name, path.join(outDir, name.replace(/\.docx$/, '')));
    });
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it.each(files)('%s is translated and passes the fidelity check', async (name) => {
    const { result, error, pdf } = done.get(name)!;
    if (!result) throw error;
    expect(result.words).toBeGreaterThan(0);
    const report = await checkFidelity(path.join(dir, name), result.outputs[0].path, {
      engine: apertium,
      from: 'en',
      to: 'es',
      pdf,
    });
    expect(report.problems).toEqual([]);
  });

  it.each(['having-images.docx', 'tbl-2x2-table.docx'])('%s has no text and is refused as empty', async (name) => {
    await expect(toSpanish(name, await tempDir())).rejects.toMatchObject({
      code: 'EMPTY_DOCUMENT',
      message: `"${name}" has no text to translate.`,
    });
  });
});
