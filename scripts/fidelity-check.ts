/**
 * Fidelity check of a translated .docx against its source (used by the document tests and bench:docs):
 * - the same parts; every XML part parses;
 * - the same number of paragraphs, tables, rows, cells, images, hyperlinks, footnotes, endnotes, comments and
 *   text boxes;
 * - every run-property set of a source paragraph appears on a run with text in the output paragraph (w:lang,
 *   w:rtl and the complex-script twins bCs/iCs/szCs are set by the translator and ignored);
 * - no paragraph with letters is left unchanged, unless the engine itself returns it unchanged;
 * - LibreOffice (headless) converts the output to PDF without error.
 *
 * Usage: npx tsx scripts/fidelity-check.ts INPUT.docx OUTPUT.docx [--from en --to es] [--no-pdf]
 * Prints a JSON report; exit code 1 when a check fails.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { DOMParser, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';
import type { TranslationEngine } from '../server/src/engines/translation.engine.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
const VML = 'urn:schemas-microsoft-com:vml';
const COUNTED: Array<[string, string, string]> = [
  ['paragraphs', W, 'p'],
  ['tables', W, 'tbl'],
  ['rows', W, 'tr'],
  ['cells', W, 'tc'],
  ['hyperlinks', W, 'hyperlink'],
  ['footnotes', W, 'footnote'],
  ['endnotes', W, 'endnote'],
  ['comments', W, 'comment'],
  ['textBoxes', W, 'txbxContent'],
  ['images', PIC, 'pic'],
  ['vmlImages', VML, 'imagedata'],
];
/** Run properties the translator sets on purpose. */
const SET_BY_TRANSLATOR = new Set(['lang', 'rtl', 'bCs', 'iCs', 'szCs']);

export interface FidelityOptions {
  /** When given, a paragraph left unchanged passes only if this engine returns its text unchanged. */
  engine?: TranslationEngine;
  from?: string;
  to?: string;
  /**
   * Convert to PDF with LibreOffice (default true); or the output's conversion already made with others in one
   * LibreOffice start (convertToPdfs), checked as this one's.
   */
  pdf?: boolean | PdfConversion;
}

export interface FidelityReport {
  ok: boolean;
  problems: string[];
  counts: { input: Record<string, number>; output: Record<string, number> };
  paragraphsChecked: number;
  pdfSeconds?: number;
}

interface Para {
  text: string;
  rprs: Set<string>;
  outRprs: Set<string>;
  part: string;
}

const serializer = new XMLSerializer();

function parse(xml: string, name: string, problems: string[]): Document | null {
  try {
    return new DOMParser({
      onError: (l, m) => {
        if (l !== 'warning') throw new Error(String(m));
      },
    }).parseFromString(xml, 'application/xml');
  } catch (e) {
    problems.push(`${name} does not parse: ${(e as Error).message.split('\n')[0]}`);
    return null;
  }
}

/** Canonical text of a w:rPr without the properties the translator sets. */
function canonicalRPr(rPr: Element | null): string {
  if (!rPr) return '';
  const kids: string[] = [];
  for (let c = rPr.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 1) continue;
    const el = c as Element;
    if (el.namespaceURI === W && SET_BY_TRANSLATOR.has(el.localName!)) continue;
    kids.push(serializer.serializeToString(el).replace(/\s+xmlns(:\w+)?="[^"]*"/g, ''));
  }
  return kids.sort().join('');
}

/** Paragraph texts and run-property sets (of runs with text) of one part. */
function paragraphs(doc: Document, part: string): Para[] {
  const out: Para[] = [];
  const ps = doc.getElementsByTagNameNS(W, 'p');
  for (let i = 0; i < ps.length; i++) {
    const p = ps.item(i)!;
    let text = '';
    const rprs = new Set<string>();
    const ts = p.getElementsByTagNameNS(W, 't');
    for (let k = 0; k < ts.length; k++) {
      const t = ts.item(k)!;
      // Only the paragraph's own runs: skip text of nested paragraphs (text boxes).
      let owner = t.parentNode;
      while (owner && !((owner as Element).localName === 'p' && (owner as Element).namespaceURI === W))
        owner = owner.parentNode;
      if (owner !== p) continue;
      const s = t.textContent ?? '';
      text += s;
      const r = t.parentNode as Element;
      let rPr: Element | null = null;
      for (let c = r.firstChild; c; c = c.nextSibling) if ((c as Element).localName === 'rPr') rPr = c as Element;
      if (s) rprs.add(canonicalRPr(rPr));
    }
    out.push({ text, rprs, outRprs: rprs, part });
  }
  return out;
}

/** Text of an XML part: UTF-16 when it starts with a byte-order mark, else UTF-8 (byte-order mark dropped). */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

async function loadDocx(file: string, problems: string[], side: string) {
  const zip = await JSZip.loadAsync(await readFile(file));
  const names = Object.values(zip.files)
    .filter((f) => !f.dir)
    .map((f) => f.name)
    .sort();
  const counts: Record<string, number> = Object.fromEntries(COUNTED.map(([k]) => [k, 0]));
  const paras: Para[] = [];
  for (const name of names) {
    if (!/\.(xml|rels)$/i.test(name)) continue;
    const doc = parse(decode(await zip.file(name)!.async('nodebuffer')), `${side} ${name}`, problems);
    if (!doc) continue;
    for (const [key, ns, local] of COUNTED) counts[key] += doc.getElementsByTagNameNS(ns, local).length;
    if (name.startsWith('word/') && !name.includes('/_rels/')) paras.push(...paragraphs(doc, name));
  }
  return { names, counts, paras };
}

/** A LibreOffice PDF conversion: whether it wrote a PDF, why not, and its seconds. */
export interface PdfConversion {
  ok: boolean;
  message: string;
  seconds: number;
}

/**
 * Converts `files` to PDF with one LibreOffice start (the start is most of a conversion's time: 11 documents take
 * about 2.3 s together, 1.3 s each alone); one result per file, in order, each with the batch's seconds shared
 * evenly. The files' base names must differ (the PDFs share a folder).
 * @throws Error when two base names are the same.
 */
export async function convertToPdfs(files: string[]): Promise<PdfConversion[]> {
  const stems = files.map((f) => path.basename(f).replace(/\.[^.]+$/, ''));
  if (new Set(stems).size !== stems.length) throw new Error('convertToPdfs: the files need different base names');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-fidelity-'));
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000 / Math.max(1, files.length);
  try {
    await promisify(execFile)(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files],
      { timeout: 180_000 },
    );
    const each = seconds();
    return await Promise.all(
      stems.map(async (stem) => {
        const size = (await stat(path.join(dir, `${stem}.pdf`)).catch(() => null))?.size ?? 0;
        return size > 0
          ? { ok: true, message: '', seconds: each }
          : { ok: false, message: 'LibreOffice wrote no PDF', seconds: each };
      }),
    );
  } catch (e) {
    const each = seconds();
    return files.map(() => ({
      ok: false,
      message: `LibreOffice failed: ${(e as Error).message.split('\n')[0]}`,
      seconds: each,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Checks `outputPath` (a translation of `inputPath`); see the file comment for the checks. */
export async function checkFidelity(
  inputPath: string,
  outputPath: string,
  opts: FidelityOptions = {},
): Promise<FidelityReport> {
  const problems: string[] = [];
  const input = await loadDocx(inputPath, problems, 'input');
  const output = await loadDocx(outputPath, problems, 'output');
  if (input.names.join('\n') !== output.names.join('\n')) {
    const missing = input.names.filter((n) => !output.names.includes(n));
    const extra = output.names.filter((n) => !input.names.includes(n));
    problems.push(`parts differ: missing ${missing.join(', ') || 'none'}; extra ${extra.join(', ') || 'none'}`);
  }
  for (const [key] of COUNTED) {
    if (input.counts[key] !== output.counts[key])
      problems.push(`${key}: ${input.counts[key]} in the input, ${output.counts[key]} in the output`);
  }
  const unchanged: Array<{ at: string; text: string }> = [];
  if (input.paras.length === output.paras.length) {
    input.paras.forEach((src, i) => {
      const out = output.paras[i];
      const at = `${src.part} paragraph ${i + 1} "${src.text.slice(0, 40)}"`;
      for (const r of src.rprs) if (!out.rprs.has(r)) problems.push(`${at}: run properties ${r || '(none)'} lost`);
      if (/\p{L}/u.test(src.text) && src.text === out.text) unchanged.push({ at, text: src.text });
    });
  }
  if (unchanged.length) {
    let same: string[] = [];
    if (opts.engine && opts.from && opts.to) {
      same = await opts.engine.translate(
        unchanged.map((u) => u.text),
        { from: opts.from, to: opts.to },
      );
    }
    unchanged.forEach((u, k) => {
      if (same[k]?.trim() !== u.text.trim()) problems.push(`${u.at}: left untranslated`);
    });
  }
  let pdfSeconds: number | undefined;
  if (opts.pdf !== false) {
    const pdf = typeof opts.pdf === 'object' ? opts.pdf : (await convertToPdfs([outputPath]))[0];
    pdfSeconds = Math.round(pdf.seconds * 10) / 10;
    if (!pdf.ok) problems.push(pdf.message);
  }
  return {
    ok: problems.length === 0,
    problems,
    counts: { input: input.counts, output: output.counts },
    paragraphsChecked: input.paras.length,
    pdfSeconds,
  };
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const flag = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const [input, output] = args.filter((a) => a !== flag('from') && a !== flag('to'));
  if (!input || !output) {
    process.stderr.write(
      'Usage: npx tsx scripts/fidelity-check.ts INPUT.docx OUTPUT.docx [--from en --to es] [--no-pdf]\n',
    );
    return 2;
  }
  let engine: TranslationEngine | undefined;
  const from = flag('from');
  const to = flag('to');
  if (from && to) {
    const { loadConfig } = await import('../server/src/config/index.ts');
    const { createEngineRegistry } = await import('../server/src/engines/engine.registry.ts');
    const plan = createEngineRegistry(loadConfig().engines).choose({
      sourceLanguage: from,
      targetLanguages: [to],
      services: ['document'],
    });
    engine = plan.translationFor(from, to) ?? undefined;
  }
  const report = await checkFidelity(input, output, { engine, from, to, pdf: !argv.includes('--no-pdf') });
  process.stdout.write(`${JSON.stringify(report)}\n`);
  return report.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (c) => process.exit(c),
    (e) => {
      process.stderr.write(`${(e as Error).stack}\n`);
      process.exit(1);
    },
  );
}
