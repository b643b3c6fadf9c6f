/**
 * .docx to Arabic through a network engine (LibreTranslate, answered by the local server that speaks its
 * documented API): paragraphs and runs become right-to-left, left-aligned paragraphs become right-aligned,
 * tables mirror, and the text stays in logical order.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibreTranslateEngine } from '../../../server/src/engines/translation/libretranslate.engine.ts';
import { translateDocument } from '../../../server/src/documents/document-translator.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { checkFidelity } from '../../../scripts/fidelity-check.ts';
import { translateAllWithPdfs, type Translated } from './helpers/translate-all.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { makeDocx, para, richBody } from './helpers/docx-fixture.ts';
import { readDocx } from './helpers/docx-reader.ts';
import { useTempDirs } from './helpers/temp.ts';

const tempDir = useTempDirs();
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeLibreTranslate();
});
afterAll(() => server.close());

async function toArabic(body: string) {
  const dir = await tempDir();
  const input = path.join(dir, 'doc.docx');
  await writeFile(input, await makeDocx({ body }));
  const registry = createEngineRegistry({ ...LOCAL_ENGINES_CONFIG, libreTranslate: { url: server.url } });
  const { translationFor: engineFor } = registry.choose({
    sourceLanguage: 'en',
    targetLanguages: ['ar'],
    services: ['document'],
  });
  const result = await translateDocument({
    inputPath: input,
    filename: 'doc.docx',
    from: 'en',
    to: ['ar'],
    outDir: dir,
    engineFor,
  });
  return { input, result, out: await readDocx(await readFile(result.outputs[0].path)) };
}

describe('docx to Arabic (network engine stub)', () => {
  it('chooses the network engine for Arabic and writes right-to-left paragraphs, runs and tables', async () => {
    const { input, result, out } = await toArabic(richBody());
    expect(result.engine).toBe('libretranslate');
    expect(result.outputs[0].filename).toBe('doc__ar.docx');
    const doc = out.xml['word/document.xml'];
    const withText = out.paragraphs.filter((p) => /\p{L}/u.test(p.text));
    expect(withText.every((p) => p.pPr.includes('<w:bidi/>'))).toBe(true);
    const runs = withText.flatMap((p) => p.runs).filter((r) => /\p{L}/u.test(r.text));
    expect(runs.every((r) => r.rtl && r.lang === 'ar-SA')).toBe(true);
    expect(doc.match(/<w:tbl>/g)!.length).toBe(2);
    expect(doc.match(/<w:bidiVisual\/>/g)!.length).toBe(2);
    // Property order follows the schema (Word refuses files otherwise): bidi before jc, rtl before lang.
    expect(doc).toMatch(/<w:bidi\/><w:jc w:val="right"\/>/);
    expect(doc).toMatch(/<w:rtl\/><w:lang w:bidi="ar-SA"\/>/);
    // Paragraphs the stub's small glossary cannot change pass only when the engine itself returns them unchanged.
    const engine = createLibreTranslateEngine({ url: server.url }, { timeoutSeconds: 10, retries: 0 });
    const report = await checkFidelity(input, result.outputs[0].path, { engine, from: 'en', to: 'ar' });
    expect(report.problems).toEqual([]);
  });

  it('keeps the text in logical order (never reversed or reshaped)', async () => {
    const { out } = await toArabic(para([['The house is red']]));
    // The stub's glossary: the -> ال, house -> البيت, is -> هو, red -> أحمر (word by word, in reading order).
    expect(out.paragraphs.find((p) => p.part === 'word/document.xml')!.text).toBe('ال البيت هو أحمر');
  });

  it('right-aligns left-aligned paragraphs but keeps centred ones (also when centred by their style)', async () => {
    const { out } = await toArabic(
      para([['The house']]) +
        para([['The world']], '<w:jc w:val="left"/>') +
        para([['The red house']], '<w:jc w:val="center"/>') +
        para([['Hello world']], '<w:pStyle w:val="Title"/>'),
    );
    const body = out.paragraphs.filter((p) => p.part === 'word/document.xml');
    expect(body[0].pPr).toContain('<w:jc w:val="right"/>');
    expect(body[1].pPr).toContain('<w:jc w:val="right"/>');
    expect(body[2].pPr).toContain('<w:jc w:val="center"/>');
    expect(body[3].pPr).not.toContain('w:jc');
    expect(body[3].pPr).toContain('<w:bidi/>');
  });

  it('gives bold and italic runs their complex-script twins, which Word applies to Arabic text', async () => {
    const { out } = await toArabic(
      para([
        ['The ', ''],
        ['red', '<w:b/><w:i/><w:sz w:val="28"/>'],
        [' house', ''],
      ]),
    );
    const bold = out.paragraphs.flatMap((p) => p.runs).find((r) => r.rPr.includes('<w:b/>'))!;
    expect(bold.text.trim()).toBe('أحمر');
    expect(bold.rPr).toContain('<w:b/><w:bCs/><w:i/><w:iCs/>');
    expect(bold.rPr).toContain('<w:sz w:val="28"/><w:szCs w:val="28"/>');
  });
});

describe('the test data documents to Arabic (network engine stub)', () => {
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

  const engine = () => createLibreTranslateEngine({ url: server.url }, { timeoutSeconds: 10, retries: 0 });
  /** Each file's translation (or its error) and its PDF, made before the tests into a folder of this block's own. */
  let done: Map<string, Translated>;
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-docs-test-'));
    done = await translateAllWithPdfs(files, async (name) => {
      return translateDocument({
        inputPath: path.join(dir, name),
        filename: name,
        from: 'en',
        to: ['ar'],
        outDir: path.join(outDir, name.replace(/\.docx$/, '')),
        engineFor: engine,
      });
    });
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it.each(files)('%s comes out right-to-left and passes the fidelity check', async (name) => {
    const { result, error, pdf } = done.get(name)!;
    if (!result) throw error;
    const doc = await readDocx(await readFile(result.outputs[0].path));
    const withText = doc.paragraphs.filter((p) => /\p{L}/u.test(p.text));
    expect(withText.length).toBeGreaterThan(0);
    expect(withText.every((p) => p.pPr.includes('<w:bidi/>'))).toBe(true);
    // The stub's glossary knows only a few words: Arabic must appear exactly when the engine gives any.
    const source = await readDocx(await readFile(path.join(dir, name)));
    const engineGives = (
      await engine().translate(source.paragraphs.map((p) => p.text).filter(Boolean), { from: 'en', to: 'ar' })
    ).some((t) => /\p{Script=Arabic}/u.test(t));
    expect(withText.some((p) => /\p{Script=Arabic}/u.test(p.text))).toBe(engineGives);
    const report = await checkFidelity(path.join(dir, name), result.outputs[0].path, {
      engine: engine(),
      from: 'en',
      to: 'ar',
      pdf,
    });
    expect(report.problems).toEqual([]);
  });
});
