/**
 * Builds Word files for the document tests from WordprocessingML text, so each test states the markup it
 * exercises. `richDocx()` holds every part type the translator must handle: body, mixed runs, hyperlink,
 * bookmark, fields (PAGE, MERGEFIELD), footnote, endnote, comment, list items, a nested table, a text box
 * (mc:AlternateContent with its VML fallback), a content control, an image, and default/first/even headers
 * and a footer.
 */
import JSZip from 'jszip';

export const NS = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:o="urn:schemas-microsoft-com:office:office"',
  'mc:Ignorable="wps"',
].join(' ');

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
/** A 1x1 transparent PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A paragraph: `runs` are [text, rPr-inner-xml] pairs; `pPr` is inner pPr xml. */
export function para(runs: Array<[string, string?]>, pPr = ''): string {
  const r = runs
    .map(([t, rPr]) => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${t}</w:t></w:r>`)
    .join('');
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${r}</w:p>`;
}

const cell = (inner: string) => `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${inner}</w:tc>`;
const table = (rows: string[][]) =>
  `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="000000"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid>` +
  rows.map((r) => `<w:tr>${r.map(cell).join('')}</w:tr>`).join('') +
  '</w:tbl>';

const textBox = (text: string) =>
  `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
  `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>` +
  `<wp:extent cx="2000000" cy="500000"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapSquare wrapText="bothSides"/><wp:docPr id="10" name="Text Box 10"/><wp:cNvGraphicFramePr/>` +
  `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2000000" cy="500000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr>` +
  `<wps:txbx><w:txbxContent>${para([[text]])}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
  `<mc:Fallback><w:pict><v:shape id="tb10" type="#_x0000_t202" style="width:157pt;height:39pt"><v:textbox><w:txbxContent>${para([[text]])}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;

const image = () =>
  `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="190500" cy="190500"/><wp:docPr id="20" name="Picture 20"/>` +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="20" name="dot.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
  `<pic:blipFill><a:blip r:embed="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="190500" cy="190500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/** The body of `richDocx()`. */
export function richBody(): string {
  return [
    para([['The annual report']], '<w:pStyle w:val="Title"/>'),
    para([
      ['The ', ''],
      ['red house', '<w:b/>'],
      [' is ', ''],
      ['very big', '<w:i/><w:color w:val="FF0000"/>'],
      ['.', ''],
    ]),
    `<w:p><w:bookmarkStart w:id="0" w:name="intro"/><w:r><w:t xml:space="preserve">Visit </w:t></w:r><w:hyperlink r:id="rIdLink"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>our website</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> for more information.</w:t></w:r><w:bookmarkEnd w:id="0"/></w:p>`,
    `<w:p><w:r><w:t xml:space="preserve">This is page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> of the document.</w:t></w:r></w:p>`,
    `<w:p><w:fldSimple w:instr=" MERGEFIELD CustomerName \\* MERGEFORMAT "><w:r><w:t>«CustomerName»</w:t></w:r></w:fldSimple><w:r><w:t xml:space="preserve"> is the customer.</w:t></w:r></w:p>`,
    `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t xml:space="preserve">The dog eats the food</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="2"/></w:r><w:r><w:t xml:space="preserve"> and the cat sleeps</w:t></w:r><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:endnoteReference w:id="2"/></w:r><w:r><w:t>.</w:t></w:r></w:p>`,
    para([['The first item of the list']], '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'),
    para([['The second item of the list']], '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'),
    table([
      [para([['The table has two rows']]), para([['The house is white']])],
      [para([['The outer cell']]), table([[para([['The inner table']]), para([['The small dog']])]]) + '<w:p/>'],
    ]),
    textBox('The text in the box'),
    `<w:sdt><w:sdtPr><w:alias w:val="Summary"/><w:tag w:val="summary"/><w:id w:val="123456"/></w:sdtPr><w:sdtContent>${para([['The content of the control']])}</w:sdtContent></w:sdt>`,
    image(),
    `<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/><w:headerReference w:type="first" r:id="rIdH2"/><w:headerReference w:type="even" r:id="rIdH3"/><w:footerReference w:type="default" r:id="rIdF1"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/><w:titlePg/></w:sectPr>`,
  ].join('');
}

const STYLES =
  `${DECL}<w:styles ${NS}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif"/><w:sz w:val="24"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults>` +
  `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
  `<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:pPr><w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="48"/></w:rPr></w:style>` +
  `<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style></w:styles>`;
const NUMBERING = `${DECL}<w:numbering ${NS}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
const notes = (kind: 'footnote' | 'endnote', text: string) =>
  `${DECL}<w:${kind}s ${NS}><w:${kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:${kind}><w:${kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:${kind}>` +
  `<w:${kind} w:id="2"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:${kind}Ref/></w:r><w:r><w:t xml:space="preserve"> ${text}</w:t></w:r></w:p></w:${kind}></w:${kind}s>`;
const hdr = (tag: 'hdr' | 'ftr', text: string) => `${DECL}<w:${tag} ${NS}>${para([[text]])}</w:${tag}>`;

/** Options of `makeDocx`: the body xml and extra or replaced parts (name -> content). */
export interface DocxParts {
  body: string;
  parts?: Record<string, string | Buffer>;
}

/** A .docx with the standard parts of richDocx and `body` as the document body. */
export async function makeDocx({ body, parts = {} }: DocxParts): Promise<Buffer> {
  const zip = new JSZip();
  const over = (name: string, type: string) => `<Override PartName="/${name}" ContentType="${type}"/>`;
  zip.file(
    '[Content_Types].xml',
    `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>` +
      over('word/document.xml', `${WML}.document.main+xml`) +
      over('word/styles.xml', `${WML}.styles+xml`) +
      over('word/numbering.xml', `${WML}.numbering+xml`) +
      over('word/settings.xml', `${WML}.settings+xml`) +
      over('word/header1.xml', `${WML}.header+xml`) +
      over('word/header2.xml', `${WML}.header+xml`) +
      over('word/header3.xml', `${WML}.header+xml`) +
      over('word/footer1.xml', `${WML}.footer+xml`) +
      over('word/footnotes.xml', `${WML}.footnotes+xml`) +
      over('word/endnotes.xml', `${WML}.endnotes+xml`) +
      over('word/comments.xml', `${WML}.comments+xml`) +
      over('docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml') +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
  );
  const rel = (id: string, type: string, target: string, ext = false) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"${ext ? ' TargetMode="External"' : ''}/>`;
  zip.file(
    'word/_rels/document.xml.rels',
    `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      rel('rIdS', 'styles', 'styles.xml') +
      rel('rIdN', 'numbering', 'numbering.xml') +
      rel('rIdSet', 'settings', 'settings.xml') +
      rel('rIdH1', 'header', 'header1.xml') +
      rel('rIdH2', 'header', 'header2.xml') +
      rel('rIdH3', 'header', 'header3.xml') +
      rel('rIdF1', 'footer', 'footer1.xml') +
      rel('rIdFn', 'footnotes', 'footnotes.xml') +
      rel('rIdEn', 'endnotes', 'endnotes.xml') +
      rel('rIdC', 'comments', 'comments.xml') +
      rel('rIdImg', 'image', 'media/image1.png') +
      rel('rIdLink', 'hyperlink', 'https://example.com/', true) +
      '</Relationships>',
  );
  zip.file('word/document.xml', `${DECL}<w:document ${NS}><w:body>${body}</w:body></w:document>`);
  zip.file('word/styles.xml', STYLES);
  zip.file('word/numbering.xml', NUMBERING);
  zip.file('word/settings.xml', `${DECL}<w:settings ${NS}><w:evenAndOddHeaders/></w:settings>`);
  zip.file('word/header1.xml', hdr('hdr', 'The default header'));
  zip.file('word/header2.xml', hdr('hdr', 'The first page header'));
  zip.file('word/header3.xml', hdr('hdr', 'The even page header'));
  zip.file('word/footer1.xml', hdr('ftr', 'The company footer'));
  zip.file('word/footnotes.xml', notes('footnote', 'The footnote text.'));
  zip.file('word/endnotes.xml', notes('endnote', 'The endnote text.'));
  zip.file(
    'word/comments.xml',
    `${DECL}<w:comments ${NS}><w:comment w:id="0" w:author="Ana" w:date="2024-01-01T00:00:00Z" w:initials="A">${para([['Please check the sentence.']])}</w:comment></w:comments>`,
  );
  zip.file('word/media/image1.png', PNG_1X1);
  zip.file(
    'docProps/core.xml',
    `${DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Annual report</dc:title><dc:creator>Ana</dc:creator><dc:language>en-US</dc:language></cp:coreProperties>`,
  );
  for (const [name, content] of Object.entries(parts)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The rich test document (see the file comment). */
export function richDocx(): Promise<Buffer> {
  return makeDocx({ body: richBody() });
}
