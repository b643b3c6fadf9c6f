/**
 * Every refusal of the document issue gets its own clear error and leaves no output file behind.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';
import {
  inspectDocument,
  translateDocument,
  type DocumentError,
} from '../../../server/src/documents/document-translator.ts';
import { makeDocx, para, richBody } from './helpers/docx-fixture.ts';
import { encryptedOfficeFile } from './helpers/cfb-fixture.ts';
import { useTempDirs } from './helpers/temp.ts';

const apertium = createApertiumEngine();
const tempDir = useTempDirs();

/** Writes `bytes` as `name`, runs inspect and translate, and returns the error (both must refuse alike). */
async function refuse(name: string, bytes: Buffer | ((file: string) => Promise<void>)): Promise<DocumentError> {
  const dir = await tempDir();
  const file = path.join(dir, name);
  if (Buffer.isBuffer(bytes)) await writeFile(file, bytes);
  else await bytes(file);
  const outDir = path.join(dir, 'out');
  const inspected = await inspectDocument(file, name).then(
    () => null,
    (e: DocumentError) => e,
  );
  const translated = await translateDocument({
    inputPath: file,
    filename: name,
    from: 'en',
    to: ['es', 'it'],
    outDir,
    engineFor: () => apertium,
  }).then(
    () => null,
    (e: DocumentError) => e,
  );
  expect(inspected, 'inspectDocument must refuse').not.toBeNull();
  expect(translated, 'translateDocument must refuse').not.toBeNull();
  expect(translated!.code).toBe(inspected!.code);
  expect(translated!.name).toBe('DocumentError');
  expect(existsSync(outDir) ? await readdir(outDir) : []).toEqual([]);
  return translated!;
}

/** Sets the uncompressed size a ZIP declares for `entry` (local header and central directory) to `size`. */
function lieAboutSize(zip: Buffer, entry: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const name = Buffer.from(entry);
  for (let i = 0; i < out.length - 4; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50 && out.subarray(i + 30, i + 30 + name.length).equals(name)) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50 && out.subarray(i + 46, i + 46 + name.length).equals(name)) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

describe('refused documents', () => {
  it('a file that is not a ZIP package', async () => {
    const e = await refuse('report.docx', Buffer.from('This is a plain text file renamed to .docx\n'));
    expect(e.code).toBe('NOT_A_ZIP');
    expect(e.message).toBe(
      '"report.docx" is not a real .docx file: Office documents are ZIP packages and this file is not one.',
    );
  });

  it('a truncated ZIP package', async () => {
    const whole = await makeDocx({ body: para([['Hello world']]) });
    const e = await refuse('cut.docx', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(e.code).toBe('NOT_A_ZIP');
    expect(e.message).toMatch(/damaged/);
  });

  it('a ZIP that is not a Word file', async () => {
    const zip = new JSZip();
    zip.file('photo.txt', 'holiday pictures');
    const e = await refuse('holiday.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    expect(e.code).toBe('NOT_A_WORD_FILE');
    expect(e.message).toBe('"holiday.docx" is a ZIP archive but not a Word document (.docx).');
  });

  it('a password-protected Word file (compound file with EncryptedPackage)', async () => {
    const e = await refuse('secret.docx', encryptedOfficeFile());
    expect(e.code).toBe('ENCRYPTED');
    expect(e.message).toMatch(/^"secret\.docx" is password-protected\. Remove the password/);
  });

  it('a password-protected Excel file names Excel in its message', async () => {
    const e = await refuse('secret.xlsx', encryptedOfficeFile());
    expect(e.code).toBe('ENCRYPTED');
    expect(e.message).toBe(
      '"secret.xlsx" is password-protected. Remove the password in Excel (File > Info > Protect Workbook), save it and upload it again.',
    );
  });

  it('a legacy binary Word file (.doc) renamed to .docx', async () => {
    // A .doc holds the streams WordDocument and 1Table (MS-DOC 2.1); the sort order of the tree needs the shorter name first.
    const e = await refuse('old.docx', encryptedOfficeFile(['1Table', 'WordDocument']));
    expect(e.code).toBe('NOT_A_WORD_FILE');
    expect(e.message).toBe(
      '"old.docx" is an old binary Office file (.doc or .xls). Save it as .docx (or .xlsx) and upload it again.',
    );
  });

  it('a ZIP with encrypted entries', async () => {
    const e = await refuse('locked.docx', async (file) => {
      const dir = path.dirname(file);
      await writeFile(path.join(dir, 'document.xml'), '<w:document/>');
      await promisify(execFile)('zip', ['-q', '-P', 'secret', file, 'document.xml'], { cwd: dir });
    });
    expect(e.code).toBe('ENCRYPTED');
  });

  it('XML with a DTD and entity declarations (billion laughs), never expanded', async () => {
    const lol =
      '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol3;</w:t></w:r></w:p></w:body></w:document>';
    const e = await refuse('lol.docx', await makeDocx({ body: '', parts: { 'word/document.xml': lol } }));
    expect(e.code).toBe('DTD_FORBIDDEN');
    expect(e.message).toBe(
      '"lol.docx" was refused: its part word/document.xml declares a DTD or XML entities, which Office files never contain.',
    );
  });

  it('an external entity in a part that is not translated (settings.xml)', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">&xxe;</w:settings>';
    const e = await refuse('xxe.docx', await makeDocx({ body: richBody(), parts: { 'word/settings.xml': xxe } }));
    expect(e.code).toBe('DTD_FORBIDDEN');
    expect(e.message).toContain('word/settings.xml');
  });

  it('an archive whose part would expand beyond 50 MB and 100x (Apache POI inflate ratio 0.01)', async () => {
    const e = await refuse(
      'bomb.docx',
      await makeDocx({ body: richBody(), parts: { 'word/media/zeros.bin': Buffer.alloc(60 * 1024 * 1024) } }),
    );
    expect(e.code).toBe('ZIP_BOMB');
    expect(e.message).toMatch(
      /^"bomb\.docx" was refused: part word\/media\/zeros\.bin would expand \d+x \(60\.0 MB from \d+ KB; a part may expand at most 100x\)\.$/,
    );
  });

  it('an entry that inflates beyond the size its header declares', async () => {
    const zip = await makeDocx({ body: richBody(), parts: { 'word/media/zeros.bin': Buffer.alloc(2 * 1024 * 1024) } });
    const e = await refuse('liar.docx', lieAboutSize(zip, 'word/media/zeros.bin', 1000));
    expect(e.code).toBe('ZIP_BOMB');
    expect(e.message).toBe(
      '"liar.docx" was refused: part word/media/zeros.bin expands beyond the size its ZIP header declares.',
    );
  });

  it('more than 10,000 parts', async () => {
    const parts: Record<string, string> = {};
    for (let i = 0; i < 10_001; i++) parts[`customXml/item${i}.xml`] = '<a/>';
    const e = await refuse('many.docx', await makeDocx({ body: richBody(), parts }));
    expect(e.code).toBe('TOO_MANY_PARTS');
    expect(e.message).toMatch(/^"many\.docx" was refused: it holds 100\d\d parts, more than the 10000 allowed\.$/);
  });

  it('a file over 50 MB', async () => {
    const e = await refuse('huge.docx', async (file) => {
      await writeFile(file, await makeDocx({ body: richBody() }));
      await truncate(file, 50 * 1024 * 1024 + 1);
    });
    expect(e.code).toBe('DOCUMENT_TOO_LARGE');
    expect(e.message).toBe('"huge.docx" is 50.0 MB; documents can be at most 50 MB.');
  });

  it('an empty file and a document without text', async () => {
    const zero = await refuse('zero.docx', Buffer.alloc(0));
    expect(zero).toMatchObject({ code: 'EMPTY_DOCUMENT', message: '"zero.docx" is empty (0 bytes).' });
    const blank = await refuse(
      'blank.docx',
      await makeDocx({
        body: '<w:p/><w:p><w:r><w:t xml:space="preserve">   </w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl>',
        parts: {
          'word/header1.xml':
            '<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p/></w:hdr>',
          'word/header2.xml':
            '<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p/></w:hdr>',
          'word/header3.xml':
            '<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p/></w:hdr>',
          'word/footer1.xml':
            '<w:ftr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p/></w:ftr>',
          'word/footnotes.xml': '<w:footnotes xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
          'word/endnotes.xml': '<w:endnotes xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
          'word/comments.xml': '<w:comments xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
        },
      }),
    );
    expect(blank).toMatchObject({ code: 'EMPTY_DOCUMENT', message: '"blank.docx" has no text to translate.' });
  });

  it('malformed XML in a text part', async () => {
    const e = await refuse('broken.docx', await makeDocx({ body: '<w:p><w:r><w:t>Unclosed</w:r></w:p>' }));
    expect(e.code).toBe('CORRUPT_DOCUMENT');
    expect(e.message).toMatch(/^"broken\.docx" is damaged: part word\/document\.xml is not valid XML/);
  });

  it('removes outputs already written when a later language fails', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'ok.docx');
    await writeFile(file, await makeDocx({ body: richBody() }));
    const failing = {
      ...apertium,
      id: 'broken',
      translate: async () => {
        throw new Error('server answered 500');
      },
    };
    const outDir = path.join(dir, 'out');
    await expect(
      translateDocument({
        inputPath: file,
        filename: 'ok.docx',
        from: 'en',
        to: ['es', 'it'],
        outDir,
        engineFor: (_f, t) => (t === 'es' ? apertium : failing),
      }),
    ).rejects.toMatchObject({
      code: 'ENGINE_FAILED',
      message: 'Translation from en to it failed (broken). Please try again later.',
      detail: 'server answered 500',
    });
    expect(await readdir(outDir)).toEqual([]);
  });

  it('a language pair no engine serves, before any work', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'ok.docx');
    await writeFile(file, await makeDocx({ body: richBody() }));
    const { createEngineRegistry, NoEngineError } = await import('../../../server/src/engines/engine.registry.ts');
    const { LOCAL_ENGINES_CONFIG } = await import('../../../server/src/config/engines.config.ts');
    const registry = createEngineRegistry(LOCAL_ENGINES_CONFIG);
    // The engine choice refuses the request as a whole, naming the pair and what would serve it.
    const refusal = (() => {
      try {
        registry.choose({ sourceLanguage: 'en', targetLanguages: ['es', 'ja'], services: ['document'] });
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(NoEngineError);
    expect(refusal).toMatchObject({
      code: 'NO_ENGINE',
      problems: [{ stage: 'translation', language: 'ja', source_language: 'en' }],
      message: expect.stringMatching(
        /^No translation engine for English \(en\) to Japanese \(ja\): the configured engines \(apertium\) do not translate this pair.*LIBRETRANSLATE_URL/,
      ),
    });
    // A plan made for Spanish alone cannot be stretched to Japanese: nothing is written.
    const plan = registry.choose({ sourceLanguage: 'en', targetLanguages: ['es'], services: ['document'] });
    await expect(
      translateDocument({
        inputPath: file,
        filename: 'ok.docx',
        from: 'en',
        to: ['es', 'ja'],
        outDir: path.join(dir, 'out'),
        engineFor: plan.translationFor,
      }),
    ).rejects.toMatchObject({ code: 'NO_ENGINE', problems: [{ stage: 'translation', language: 'ja' }] });
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it('a cancelled job stops with ABORTED and leaves no file; progress climbs until then', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'ok.docx');
    await writeFile(file, await makeDocx({ body: richBody() }));
    const outDir = path.join(dir, 'out');
    const controller = new AbortController();
    const seen: number[] = [];
    await expect(
      translateDocument({
        inputPath: file,
        filename: 'ok.docx',
        from: 'en',
        to: ['es', 'it'],
        outDir,
        engineFor: () => apertium,
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p);
          if (p >= 50) controller.abort(); // after Spanish is written, during Italian
        },
      }),
    ).rejects.toMatchObject({ code: 'CANCELLED', message: 'The document translation was cancelled.' });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await readdir(outDir)).toEqual([]);
  });

  it('reports progress up to 100 percent on success', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'ok.docx');
    await writeFile(file, await makeDocx({ body: richBody() }));
    const seen: number[] = [];
    await translateDocument({
      inputPath: file,
      filename: 'ok.docx',
      from: 'en',
      to: ['es', 'it'],
      outDir: dir,
      engineFor: () => apertium,
      onProgress: (p) => seen.push(p),
    });
    expect(seen.at(-1)).toBe(100);
    expect(seen).toContain(50);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
