/** .xlsx to Spanish (real Apertium): strings translated; formulas, numbers, styles and other sheets untouched. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';
import { inspectDocument, translateDocument } from '../../../server/src/documents/document-translator.ts';
import { makeXlsx, SHEET2, STYLES } from './helpers/xlsx-fixture.ts';
import { useTempDirs } from './helpers/temp.ts';

const apertium = createApertiumEngine();
const tempDir = useTempDirs();

describe('xlsx translation', () => {
  it('translates shared (plain and rich) and inline strings and leaves formulas, numbers and styles alone', async () => {
    const dir = await tempDir();
    const input = path.join(dir, 'prices.xlsx');
    await writeFile(input, await makeXlsx());
    // Words: "The house is white" (4), "The big dog" (3), "Total price" (2), two lines (4 + 4), inline "The red house" (3).
    expect(await inspectDocument(input, 'prices.xlsx')).toEqual({ format: 'xlsx', words: 20, parts: 2, paragraphs: 5 });
    const result = await translateDocument({
      inputPath: input,
      filename: 'prices.xlsx',
      from: 'en',
      to: ['es'],
      outDir: dir,
      engineFor: () => apertium,
    });
    expect(result.outputs[0]).toMatchObject({
      filename: 'prices__es.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const zip = await JSZip.loadAsync(await readFile(result.outputs[0].path));
    const shared = await zip.file('xl/sharedStrings.xml')!.async('string');
    expect(shared).toContain('<si><t>La casa es blanca</t></si>');
    // The three rich-text runs are still there, the bold one holding the translated adjective.
    expect(shared).toMatch(
      /<si><r><t xml:space="preserve">El <\/t><\/r><r><rPr><b\/><sz val="11"\/><\/rPr><t[^>]*>grande ?<\/t><\/r><r><t[^>]*> ?perro<\/t><\/r><\/si>/,
    );
    expect(shared).not.toContain('Total price');
    expect(shared).toContain('<si><t xml:space="preserve">La casa es roja.\nEl perro es grande.</t></si>'); // the line break stays
    const sheet1 = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet1).toContain('<is><t>La casa roja</t></is>');
    expect(sheet1).toContain('<f>SUM(B2:B2)*2</f><v>2501</v>');
    expect(sheet1).toContain('<f>CONCATENATE("The ","dog")</f><v>The dog</v>');
    expect(sheet1).toContain('<c r="C1" s="1"><v>45292</v></c>');
    expect(sheet1).toContain('<c r="B2"><v>1250.5</v></c>');
    expect(await zip.file('xl/styles.xml')!.async('string')).toBe(STYLES);
    expect(await zip.file('xl/worksheets/sheet2.xml')!.async('string')).toBe(SHEET2);
  });

  it('refuses a workbook without text as empty', async () => {
    const dir = await tempDir();
    const zip = await JSZip.loadAsync(await makeXlsx());
    zip.remove('xl/sharedStrings.xml');
    zip.file('xl/worksheets/sheet1.xml', SHEET2);
    const input = path.join(dir, 'numbers.xlsx');
    await writeFile(input, await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(inspectDocument(input, 'numbers.xlsx')).rejects.toMatchObject({ code: 'EMPTY_DOCUMENT' });
  });
});
