import { describe, expect, it } from 'vitest';
import { createApertiumEngine, apertiumRoute } from '../../../server/src/engines/translation/apertium.engine.ts';

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
});
