/**
 * When an engine loses or reorders the inline tags, every run keeps its formatting and gets a share of the
 * translated text. The engines here wrap the real Apertium and really damage its answers.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TranslationEngine } from '../../../server/src/engines/translation.engine.ts';
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';
import { translateDocument } from '../../../server/src/documents/document-translator.ts';
import { checkFidelity } from '../../../scripts/fidelity-check.ts';
import { makeDocx, para, richBody } from './helpers/docx-fixture.ts';
import { readDocx } from './helpers/docx-reader.ts';
import { useTempDirs } from './helpers/temp.ts';

const apertium = createApertiumEngine();
const tempDir = useTempDirs();

/** Apertium, then `damage` applied to each answer. */
function damaged(id: string, damage: (s: string) => string): TranslationEngine {
  return {
    ...apertium,
    id,
    async translate(segments, opts) {
      return (await apertium.translate(segments, opts)).map(damage);
    },
  };
}
const dropTags = damaged('drops-tags', (s) => s.replace(/<\/?g\d+>/g, ''));
/** Swaps the first two tagged stretches, as an engine moving an adjective would. */
const reorderTags = damaged('reorders-tags', (s) => s.replace(/(<g1>.*?<\/g1>)(.*?)(<g2>.*?<\/g2>)/, '$3$2$1'));

async function run(engine: TranslationEngine, body: string) {
  const dir = await tempDir();
  const input = path.join(dir, 'in.docx');
  await writeFile(input, await makeDocx({ body }));
  const result = await translateDocument({
    inputPath: input,
    filename: 'in.docx',
    from: 'en',
    to: ['es'],
    outDir: dir,
    engineFor: () => engine,
  });
  return { input, result, out: await readDocx(await readFile(result.outputs[0].path)) };
}

const mixed = para([
  ['The ', ''],
  ['red house', '<w:b/>'],
  [' is ', ''],
  ['very big', '<w:i/><w:u w:val="single"/>'],
  [' today.', ''],
]);

describe('tag fallback', () => {
  /** The same damage from an engine that calls itself a network engine (it then gets tagged segments only). */
  const asNetwork = (e: TranslationEngine): TranslationEngine => ({ ...e, id: `${e.id}-network`, kind: 'network' });

  it.each([
    ['dropped', dropTags],
    ['reordered', reorderTags],
    ['dropped by a network engine', asNetwork(dropTags)],
    ['reordered by a network engine', asNetwork(reorderTags)],
  ] as const)('tags %s: the text is shared by length and no run loses its formatting', async (_name, engine) => {
    const { result, out } = await run(engine, mixed);
    expect(result.tagFallbacks).toBeGreaterThan(0);
    const p = out.paragraphs.find((x) => x.part === 'word/document.xml' && x.text)!;
    // All of the engine's answer arrives with no tag left in the text: a local engine's answer for the untagged
    // sentence (it is asked both), a network engine's tagged answer in the engine's word order.
    const [answer] =
      engine.kind === 'local'
        ? await engine.translate(['The red house is very big today.'], { from: 'en', to: 'es' })
        : await engine.translate(['<g1>The</g1> <g2>red house</g2> <g3>is</g3> <g4>very big</g4> <g5>today.</g5>'], {
            from: 'en',
            to: 'es',
          });
    expect(p.text.replace(/\s+/g, ' ').trim()).toBe(
      answer
        .replace(/<\/?g\d+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    expect(p.text).toMatch(/casa roja/);
    // The bold run and the italic underlined run still exist and carry text.
    expect(p.runs.find((r) => r.rPr.includes('<w:b/>'))!.text.trim()).not.toBe('');
    expect(p.runs.find((r) => r.rPr.includes('<w:u w:val="single"/>'))!.text.trim()).not.toBe('');
    expect(p.runs.filter((r) => r.text.trim()).length).toBe(5);
  });

  it('the whole rich document still passes the fidelity check when every tag is dropped', async () => {
    const { input, result } = await run(dropTags, richBody());
    expect(result.tagFallbacks).toBeGreaterThan(3);
    const report = await checkFidelity(input, result.outputs[0].path, { engine: apertium, from: 'en', to: 'es' });
    expect(report.problems).toEqual([]);
  });
});
