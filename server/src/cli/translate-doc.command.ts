/**
 * `npm run cli -- translate-doc INPUT --from en --to es,it --out DIR`: translates a .docx, .xlsx, .srt or .vtt
 * into each target language, writes DIR/NAME__LANG.EXT and prints a JSON summary (parts translated,
 * paragraphs, words, engine, seconds, outputs). Engines come from the environment (engines.config.ts); with
 * nothing set, Apertium. Exit codes: 0 done, 1 the document or the translation failed, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.ts';
import { documentEngineChooser } from '../documents/document-engines.ts';
import { DocumentError, translateDocument } from '../documents/document-translator.ts';

const USAGE = 'Usage: npm run cli -- translate-doc INPUT --from LANG --to LANG[,LANG...] --out DIR';

/** Runs the command; returns the process exit code. */
export async function runTranslateDocCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const to = (values.to ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const problems = [
    positionals.length !== 1 && 'give exactly one INPUT file',
    !values.from && '--from is required',
    !to.length && '--to is required',
    !values.out && '--out is required',
  ].filter(Boolean);
  if (values.help || problems.length) {
    if (problems.length) process.stderr.write(`translate-doc: ${problems.join('; ')}\n`);
    process.stderr.write(`${USAGE}\n`);
    return values.help && !problems.length ? 0 : 2;
  }
  const input = positionals[0];
  try {
    const config = loadConfig();
    const result = await translateDocument({
      inputPath: input,
      filename: input,
      from: values.from!,
      to,
      outDir: values.out!,
      engineFor: documentEngineChooser(config.engines),
    });
    const summary = {
      parts: result.parts,
      paragraphs: result.paragraphs,
      words: result.words,
      engine: result.engine,
      seconds: result.seconds,
      tagFallbacks: result.tagFallbacks,
      outputs: result.outputs.map((o) => ({ language: o.language, path: o.path })),
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return 0;
  } catch (e) {
    const code = e instanceof DocumentError ? ` (${e.code})` : '';
    process.stderr.write(`translate-doc failed${code}: ${(e as Error).message}\n`);
    return 1;
  }
}
