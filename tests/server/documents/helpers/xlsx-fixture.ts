/**
 * A small Excel workbook for the tests: shared strings (plain and rich text with bold), an inline string,
 * a formula with a cached string result, numbers and a date-styled number, written as SpreadsheetML.
 */
import JSZip from 'jszip';

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const S =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const SHEET1 =
  `${DECL}<worksheet ${S}><sheetData>` +
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" s="1"><v>45292</v></c></row>' +
  '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>1250.5</v></c><c r="C2" t="inlineStr"><is><t>The red house</t></is></c></row>' +
  '<row r="3"><c r="A3"><f>SUM(B2:B2)*2</f><v>2501</v></c><c r="B3" t="str"><f>CONCATENATE("The ","dog")</f><v>The dog</v></c><c r="C3" t="s"><v>0</v></c></row>' +
  '<row r="4"><c r="A4" t="s"><v>3</v></c></row>' +
  '</sheetData></worksheet>';
export const SHEET2 = `${DECL}<worksheet ${S}><sheetData><row r="1"><c r="A1"><v>42</v></c></row></sheetData></worksheet>`;
export const STYLES = `${DECL}<styleSheet ${S}><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;
export const SHARED =
  `${DECL}<sst ${S} count="5" uniqueCount="4">` +
  '<si><t>The house is white</t></si>' +
  '<si><r><t xml:space="preserve">The </t></r><r><rPr><b/><sz val="11"/></rPr><t>big</t></r><r><t xml:space="preserve"> dog</t></r></si>' +
  '<si><t>Total price</t></si>' +
  '<si><t xml:space="preserve">The house is red.\nThe dog is big.</t></si></sst>';

/** The workbook: Sheet1 with strings, numbers and formulas, Sheet2 with a number only. */
export async function makeXlsx(): Promise<Buffer> {
  const zip = new JSZip();
  const over = (n: string, t: string) => `<Override PartName="/${n}" ContentType="${t}"/>`;
  zip.file(
    '[Content_Types].xml',
    `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      over('xl/workbook.xml', `${SML}.sheet.main+xml`) +
      over('xl/worksheets/sheet1.xml', `${SML}.worksheet+xml`) +
      over('xl/worksheets/sheet2.xml', `${SML}.worksheet+xml`) +
      over('xl/styles.xml', `${SML}.styles+xml`) +
      over('xl/sharedStrings.xml', `${SML}.sharedStrings+xml`) +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `${DECL}<workbook ${S}><sheets><sheet name="Prices" sheetId="1" r:id="rId1"/><sheet name="Other" sheetId="2" r:id="rId2"/></sheets></workbook>`,
  );
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'worksheet', 'worksheets/sheet1.xml')}${rel('rId2', 'worksheet', 'worksheets/sheet2.xml')}${rel('rId3', 'styles', 'styles.xml')}${rel('rId4', 'sharedStrings', 'sharedStrings.xml')}</Relationships>`,
  );
  zip.file('xl/worksheets/sheet1.xml', SHEET1);
  zip.file('xl/worksheets/sheet2.xml', SHEET2);
  zip.file('xl/styles.xml', STYLES);
  zip.file('xl/sharedStrings.xml', SHARED);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
