/** Output files of a run: `${baseName}_${language}.${ext}` in the output folder (spec section 9). */
import path from 'node:path';
import type { PipelineOutput, RunState } from './stage.ts';

/** Registers an output of the run and returns the path to write it to. */
export function addOutput(
  s: RunState,
  language: string,
  kind: PipelineOutput['kind'],
  ext: string,
  contentType: string,
): string {
  const filename = `${s.req.baseName}_${language}.${ext}`;
  const o = { language, kind, path: path.join(s.req.outDir, filename), filename, contentType };
  s.outputs.push(o);
  return o.path;
}
