/**
 * `npm run cli -- translate-doc INPUT --from en --to es,it --out DIR`: translates a .docx, .xlsx, .srt or .vtt
 * into each target language, writes DIR/NAME__LANG.EXT and prints a JSON summary (parts translated,
 * paragraphs, words, engine, seconds, outputs). Engines come from the environment (engines.config.ts; with
 * nothing set, Apertium), chosen as for a document job (registry.choose). Exit codes: 0 done, 1 the document or
 * the translation failed (or no engine serves a language), 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.ts';
import { createEngineRegistry } from '../engines/engine.registry.ts';
import { translateDocument } from '../documents/document-translator.ts';
import { CodedError } from '../errors.ts';

const USAGE = 'Usage: npm run cli -- translate-doc INPUT --from LANG --to LANG[,LANG...] --out DIR';

/** Runs the command; returns the process exit code. */
export async function runTranslateDocCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const to = (values.to ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const problems = [
    positionals.length !== 1 && 'give exactly one INPUT file',
    !values.from && '--from is required',
    values.from?.trim().toLowerCase() === 'auto' && '--from must name the language of the document (not auto)',
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
    const plan = createEngineRegistry(config.engines).choose({
      sourceLanguage: values.from!,
      targetLanguages: to,
      services: ['document'],
    });
    const result = await translateDocument({
      inputPath: input,
      filename: input,
      from: values.from!,
      to,
      outDir: values.out!,
      engineFor: plan.translationFor,
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
    const code = e instanceof CodedError ? ` (${e.code})` : '';
    process.stderr.write(`translate-doc failed${code}: ${(e as Error).message}\n`);
    return 1;
  }
}
