/**
 * `npm run bench:docs`: the document translator's benchmark (a script, not a timed test).
 * 1. A generated 100-page .docx of varied formatting (headings, paragraphs with several run styles, bulleted
 *    and numbered lists, tables, header, footer, footnotes; sentences from the NTREX English test set) is
 *    translated to Spanish with Apertium: wall seconds and peak memory (this process and its Apertium
 *    children, sampled every 50 ms from /proc) against the targets < 15 s and < 300 MB.
 * 2. Every file in ../shared/testdata/docx and the generated document go to es and it, and each output
 *    passes through the fidelity check (scripts/fidelity-check.ts, LibreOffice PDF included).
 * Prints one JSON line with the figures; exit code 1 when a fidelity check fails.
 */
import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createEngineRegistry } from '../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../server/src/config/engines.config.ts';
import { translateDocument, DocumentError } from '../server/src/documents/document-translator.ts';
import { checkFidelity } from './fidelity-check.ts';
import { makeDocx } from '../tests/server/documents/helpers/docx-fixture.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testdata = path.resolve(root, '../shared/testdata');
// The local engines, chosen as for a document job (Apertium for en -> es, it), whatever the environment sets.
const plan = createEngineRegistry(LOCAL_ENGINES_CONFIG).choose({
  sourceLanguage: 'en',
  targetLanguages: ['es', 'it'],
  services: ['document'],
});

/**
 * Memory of this process and all its descendants, bytes (Linux /proc): the proportional set size (Pss), which
 * shares the pages of common libraries among the processes that map them instead of counting them in each of
 * Apertium's ~12 pipeline processes.
 */
async function treeRss(pid = process.pid): Promise<number> {
  let total = 0;
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    total += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    for (const task of await readdir(`/proc/${pid}/task`)) {
      const kids = (await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => ''))
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      for (const k of kids) total += await treeRss(Number(k));
    }
  } catch {
    // the process ended between listing and reading
  }
  return total;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (t: string, rPr = '') =>
  `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(t)}</w:t></w:r>`;
const STYLES = [
  '<w:b/>',
  '<w:i/>',
  '<w:u w:val="single"/>',
  '<w:color w:val="1F4E79"/>',
  '<w:b/><w:i/>',
  '<w:highlight w:val="yellow"/>',
];

/** Body of a document of about `pages` A4 pages built from `sentences`. */
function longBody(sentences: string[], pages: number): string {
  let s = 0;
  const next = () => sentences[s++ % sentences.length];
  const parts: string[] = [];
  let footnote = 2;
  for (let page = 0; page < pages; page++) {
    parts.push(`<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${run(`Section ${page + 1}: ${next()}`)}</w:p>`);
    for (let k = 0; k < 4; k++) {
      // Several run styles per paragraph: the sentence is cut into runs at word boundaries.
      const words = `${next()} ${next()} ${next()}`.split(' ');
      const cut = [
        0,
        Math.floor(words.length / 4),
        Math.floor(words.length / 2),
        Math.floor((3 * words.length) / 4),
        words.length,
      ];
      const runs = cut
        .slice(0, -1)
        .map((c, i) =>
          run(
            words.slice(c, cut[i + 1]).join(' ') + (i < 3 ? ' ' : ''),
            i % 2 ? STYLES[(page + k + i) % STYLES.length] : '',
          ),
        );
      if (k === 1)
        runs.push(
          `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${footnote++}"/></w:r>`,
        );
      parts.push(`<w:p>${runs.join('')}</w:p>`);
    }
    for (let k = 0; k < 3; k++)
      parts.push(`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run(next())}</w:p>`);
    if (page % 3 === 0) {
      const cell = (t: string, rPr = '') =>
        `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr><w:p>${run(t, rPr)}</w:p></w:tc>`;
      const rows = [0, 1, 2]
        .map(
          (r) => `<w:tr>${cell(next(), r === 0 ? '<w:b/>' : '')}${cell(next())}${cell(String(1000 + r * 250))}</w:tr>`,
        )
        .join('');
      parts.push(
        `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders><w:insideH w:val="single" w:sz="4" w:space="0" w:color="999999"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${rows}</w:tbl>`,
      );
    }
    parts.push(`<w:p>${run(next())}${run(` ${next()}`, '<w:i/>')}</w:p>`);
    parts.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
  }
  parts.push(
    '<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/><w:footerReference w:type="default" r:id="rIdF1"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>',
  );
  return parts.join('');
}

function footnotes(n: number, sentences: string[]): string {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  let xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>`;
  for (let i = 2; i < n + 2; i++)
    xml += `<w:footnote w:id="${i}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>${run(` ${sentences[(i * 7) % sentences.length]}`)}</w:p></w:footnote>`;
  return `${xml}</w:footnotes>`;
}

async function pdfPages(file: string, dir: string): Promise<number> {
  await promisify(execFile)(
    'soffice',
    [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, file],
    { timeout: 300_000 },
  );
  const pdf = await readFile(path.join(dir, `${path.basename(file, '.docx')}.pdf`), 'latin1');
  return (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

async function main(): Promise<number> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'tarjama-bench-docs-'));
  try {
    const sentences = (await readFile(path.join(testdata, 'mt/ntrex-dev200.src.eng.txt'), 'utf8'))
      .split('\n')
      .filter((l) => l.trim());
    // 81 sections of this mix lay out as about 100 A4 pages in LibreOffice (the page count is measured below).
    const PAGES = 81;
    const big = path.join(work, 'generated-100-pages.docx');
    await writeFile(
      big,
      await makeDocx({
        body: longBody(sentences, PAGES),
        parts: { 'word/footnotes.xml': footnotes(PAGES, sentences) },
      }),
    );

    // 1. The 100-page document to Spanish: seconds and peak memory.
    let peak = await treeRss();
    const sampler = setInterval(() => void treeRss().then((r) => (peak = Math.max(peak, r))), 50);
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const bigResult = await translateDocument({
      inputPath: big,
      filename: 'generated-100-pages.docx',
      from: 'en',
      to: ['es'],
      outDir: path.join(work, 'out'),
      engineFor: plan.translationFor,
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (process.cpuUsage(cpuStart).user + process.cpuUsage(cpuStart).system) / 1e6;
    clearInterval(sampler);
    peak = Math.max(peak, await treeRss());
    const pages = await pdfPages(big, work);

    // 2. Fidelity of every test document and the generated one, to es and it.
    const inputs = [
      ...(await readdir(path.join(testdata, 'docx')))
        .filter((f) => f.endsWith('.docx'))
        .sort()
        .map((f) => path.join(testdata, 'docx', f)),
      big,
    ];
    const failures: Array<{ file: string; language: string; problems: string[] }> = [];
    const refused: Array<{ file: string; code: string }> = [];
    let checked = 0;
    for (const input of inputs) {
      const name = path.basename(input);
      let outputs;
      try {
        outputs = (
          await translateDocument({
            inputPath: input,
            filename: name,
            from: 'en',
            to: ['es', 'it'],
            outDir: path.join(work, 'fidelity'),
            engineFor: plan.translationFor,
          })
        ).outputs;
      } catch (e) {
        if (e instanceof DocumentError) {
          refused.push({ file: name, code: e.code });
          continue;
        }
        throw e;
      }
      for (const o of outputs) {
        const engine = plan.translationFor('en', o.language) ?? undefined;
        const report = await checkFidelity(input, o.path, { engine, from: 'en', to: o.language });
        checked++;
        if (!report.ok) failures.push({ file: name, language: o.language, problems: report.problems.slice(0, 5) });
      }
    }
    const summary = {
      bench: 'docs',
      engine: bigResult.engine,
      generated: {
        pages,
        words: bigResult.words,
        paragraphs: bigResult.paragraphs,
        seconds: Math.round(seconds * 100) / 100,
        peakMemoryMB: Math.round(peak / 1024 / 1024),
        nodeMaxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
        nodeCpuSeconds: Math.round(cpuSeconds * 100) / 100,
        loadAverage: os.loadavg()[0],
        tagFallbacks: bigResult.tagFallbacks,
      },
      targets: { seconds: 15, peakMemoryMB: 300 },
      meetsTargets: seconds < 15 && peak < 300 * 1024 * 1024,
      fidelity: {
        documents: inputs.length,
        outputsChecked: checked,
        failures: failures.length,
        refused,
        failureDetails: failures,
      },
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return failures.length ? 1 : 0;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  (c) => process.exit(c),
  (e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  },
);
