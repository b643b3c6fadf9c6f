import { describe, expect, it } from 'vitest';
import {
  apertiumRoute,
  createApertiumEngine,
  REMEMBERED_CHARS,
  rememberedTranslations,
} from '../../../server/src/engines/translation/apertium.engine.ts';

const engine = createApertiumEngine();

describe('apertium engine (real apertium binary)', () => {
  it('is available with its language pairs installed', async () => {
    expect(await engine.available()).toBe(true);
  });

  it('routes en<->es directly and en->fr/pt/it through es; refuses pairs it lacks', () => {
    expect(apertiumRoute('en', 'es')).toEqual(['eng-spa']);
    expect(apertiumRoute('en-gb', 'fr')).toEqual(['eng-spa', 'es-fr']);
    expect(apertiumRoute('it', 'en')).toEqual(['ita-spa', 'spa-eng']);
    expect(engine.supports('es', 'pt')).toBe(true);
    expect(engine.supports('en', 'de')).toBe(false);
    expect(engine.supports('ja', 'en')).toBe(false);
  });

  it('translates a batch into Spanish, one output per segment in order, empty ones kept', async () => {
    const out = await engine.translate(['The house is red.', '', 'I like big dogs.', 'Thank you'], {
      from: 'en',
      to: 'es',
    });
    expect(out).toHaveLength(4);
    expect(out[0]).toBe('La casa es roja.');
    expect(out[1]).toBe('');
    expect(out[2]).toBe('Me gustan los perros grandes.');
    expect(out[3].toLowerCase()).toContain('gracias');
  });

  it('reaches French and Portuguese through Spanish', async () => {
    const [fr] = await engine.translate(['The house is red.'], { from: 'en', to: 'fr' });
    expect(fr).toBe('La maison est rouge.');
    const [pt] = await engine.translate(['The house is red.'], { from: 'en', to: 'pt' });
    expect(pt.toLowerCase()).toContain('casa');
    expect(pt.toLowerCase()).toContain('vermelh');
  });

  it('carries inline run tags through', async () => {
    const [es] = await engine.translate(['The <g1>red house</g1> is <g2>big</g2>.'], { from: 'en', to: 'es' });
    expect(es).toMatch(/<g1>[^<]*casa[^<]*<\/g1>/);
    expect(es).toContain('<g2>grande</g2>');
  });

  it('keeps a large batch aligned (segment i translates segment i)', async () => {
    const src = Array.from({ length: 300 }, (_, i) => `The house number ${i} is red`);
    const out = await engine.translate(src, { from: 'en', to: 'es' });
    expect(out).toHaveLength(300);
    out.forEach((t, i) => expect(t).toContain(String(i)));
  });

  it('rejects with the signal reason when aborted', async () => {
    const ac = new AbortController();
    ac.abort(new Error('cancelled by user'));
    await expect(engine.translate(['Hello'], { from: 'en', to: 'es', signal: ac.signal })).rejects.toThrow(
      'cancelled by user',
    );
  });

  it('sends Apertium only the texts it has not translated before in this process, and forgets the oldest', async () => {
    const asked: string[][] = [];
    // A stand-in for the Apertium call that records what it is asked for (rememberedTranslations' own logic).
    const run = async (texts: string[]) => (asked.push(texts), texts.map((t) => t.toUpperCase()));
    const mode = `test-${Date.now()}`;
    expect(await rememberedTranslations(mode, ['one', 'two', 'one'], run)).toEqual(['ONE', 'TWO', 'ONE']);
    expect(await rememberedTranslations(mode, ['two', 'three'], run)).toEqual(['TWO', 'THREE']);
    expect(await rememberedTranslations(mode, ['one', 'two', 'three'], run)).toEqual(['ONE', 'TWO', 'THREE']);
    expect(asked).toEqual([['one', 'two'], ['three']]);
    // Another mode (language pair) is another memory.
    await rememberedTranslations(`${mode}-other`, ['one'], run);
    expect(asked.at(-1)).toEqual(['one']);
    // Past REMEMBERED_CHARS characters the least recently used texts are asked for again.
    const long = Array.from({ length: 5 }, (_, i) => `${i}`.padEnd(REMEMBERED_CHARS / 8, 'x'));
    await rememberedTranslations(mode, long, run);
    await rememberedTranslations(mode, ['one', 'three'], run);
    expect(asked.at(-1)).toEqual(['one', 'three']);
  });

  it('gives the same Spanish for a remembered sentence as for a new one', async () => {
    const sentence = `The red house number ${Date.now()} is big.`;
    const [first] = await engine.translate([sentence, 'I like dogs.'], { from: 'en', to: 'es' });
    const [again] = await engine.translate([sentence], { from: 'en', to: 'es' });
    expect(first).toContain('casa');
    expect(again).toBe(first);
  });
});
