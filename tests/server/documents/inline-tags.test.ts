import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tagPieces, projectOntoPlain, restorePieces, stripTags } from '../../../server/src/documents/inline-tags.ts';

describe('inline tags: a paragraph is one tagged text, each run one tag', () => {
  it('tags each run with text and keeps whitespace-only runs out of the tagged text', () => {
    const { text, plan } = tagPieces(['The ', 'red house', ' ', 'is big.']);
    expect(text).toBe('<g1>The</g1> <g2>red house</g2> <g3>is big.</g3>');
    expect(plan.kinds).toEqual(['text', 'text', 'space', 'text']);
  });

  it('sends a single-run paragraph without tags', () => {
    expect(tagPieces(['Hello world']).text).toBe('Hello world');
  });

  it('puts each tag content back into its run when the engine keeps the tags', () => {
    const src = ['The ', 'red house', ' is big.'];
    const { plan } = tagPieces(src);
    const out = restorePieces('<g1>La</g1> <g2>casa roja</g2> <g3>es grande.</g3>', src, plan);
    expect(out.fallback).toBe(false);
    expect(out.pieces.map((p) => p.trim())).toEqual(['La', 'casa roja', 'es grande.']);
    expect(out.pieces.join('')).toBe('La casa roja es grande.');
  });

  it('keeps text the engine moved outside the tags with the run before it', () => {
    const src = ['Click ', 'Save', ' now'];
    const { plan } = tagPieces(src);
    const out = restorePieces('<g1>Haga clic</g1> en <g2>Guardar</g2> <g3>ahora</g3>', src, plan);
    expect(out.fallback).toBe(false);
    expect(out.pieces.join('')).toBe('Haga clic en Guardar ahora');
    expect(out.pieces[1].trim()).toBe('Guardar');
  });

  it('falls back to sharing by length when tags are dropped, giving every run some text', () => {
    const src = ['The ', 'red house', ' is very big.'];
    const { plan } = tagPieces(src);
    const out = restorePieces('La casa roja es muy grande.', src, plan);
    expect(out.fallback).toBe(true);
    expect(out.pieces.every((p) => p.trim().length > 0)).toBe(true);
    expect(out.pieces.join('').replace(/\s+/g, ' ')).toBe('La casa roja es muy grande.');
  });

  it('falls back when tags come back reordered, duplicated or nested', () => {
    const src = ['one ', 'two ', 'three'];
    const { plan } = tagPieces(src);
    for (const bad of [
      '<g2>dos</g2> <g1>uno</g1> <g3>tres</g3>',
      '<g1>uno</g1> <g1>uno</g1> <g2>dos</g2> <g3>tres</g3>',
      '<g1>uno <g2>dos</g2></g1> <g3>tres</g3>',
    ]) {
      const out = restorePieces(bad, src, plan);
      expect(out.fallback).toBe(true);
      expect(out.pieces.every((p) => p.trim())).toBe(true);
      expect(out.pieces.join('')).not.toMatch(/<\/?g\d/);
    }
  });

  it('shares text written without spaces (Chinese) by characters', () => {
    const src = ['Hello ', 'world'];
    const { plan } = tagPieces(src);
    const out = restorePieces('你好世界', src, plan);
    expect(out.pieces.join('')).toBe('你好世界');
    expect(out.pieces.every((p) => p.length > 0)).toBe(true);
  });

  it("projects the runs onto the untagged answer: its wording, the tags' places", () => {
    expect(
      projectOntoPlain('La casa roja es muy grande hoy.', ['El', 'casa roja', 'es', 'muy grande', 'hoy.']),
    ).toEqual(['La ', 'casa roja ', 'es ', 'muy grande ', 'hoy.']);
    const src = ['The ', 'red house', ' is big.'];
    const { plan } = tagPieces(src);
    const out = restorePieces(
      '<g1>El</g1> <g2>casa roja</g2> <g3>es grande.</g3>',
      src,
      plan,
      'La casa roja es grande.',
    );
    expect(out.fallback).toBe(false);
    expect(out.pieces.map((p) => p.trim())).toEqual(['La', 'casa roja', 'es grande.']);
  });

  it('does not project when a cut is unsure: whole words only, no empty run', () => {
    // "es" must not match inside "mesa"; with neither neighbour found the cut is unknown.
    expect(projectOntoPlain('Una mesa grande', ['Un', 'es'])).toBeNull();
    // The second piece's text is found at the very start: the first piece would be empty.
    expect(projectOntoPlain('casa roja', ['La', 'casa roja'])).toBeNull();
    const src = ['The ', 'red house'];
    const { plan } = tagPieces(src);
    const out = restorePieces('<g1>La</g1> <g2>casa roja</g2>', src, plan, 'Casa roja');
    expect(out.pieces.map((p) => p.trim())).toEqual(['La', 'casa roja']); // the tagged answer is kept
  });

  it('never loses text or a run with text (property)', () => {
    const word = fc.stringMatching(/^[a-zA-Z]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.array(word, { minLength: 6, maxLength: 30 }),
        fc.boolean(),
        (runs, answerWords, keepTags) => {
          const src = runs.map((w, i) => w.join(' ') + (i < runs.length - 1 ? ' ' : ''));
          const { plan } = tagPieces(src);
          const answer =
            keepTags && runs.length > 1
              ? src.map((_s, i) => `<g${i + 1}>${answerWords[i % answerWords.length]}</g${i + 1}>`).join(' ')
              : answerWords.join(' ');
          const out = restorePieces(answer, src, plan);
          expect(out.pieces).toHaveLength(src.length);
          expect(out.pieces.every((p) => p.trim().length > 0)).toBe(true);
          expect(out.pieces.join(' ').replace(/\s+/g, ' ').trim()).toBe(stripTags(answer));
        },
      ),
      { numRuns: 300 },
    );
  });
});
