/**
 * Glossary terms for engines without a glossary API (Apertium, LibreTranslate): each term of the source is
 * replaced by a placeholder word the engine leaves alone, and after translation the placeholder is replaced by
 * the term's rendering: a "keep as is" term by the words as the source wrote them, a forced translation by the
 * translation (its first letter upper-cased where the source's was, e.g. at a sentence start).
 * Placeholder: `ZXG` + a base-26 letter index + `Z`, letters only. Measured with Apertium (eng-spa, then es-fr):
 * an unknown all-capitals word passes through unchanged and in place ("The country of ZXGAZ is big." ->
 * "El país de ZXGAZ es grande." -> "Le pays de ZXGAZ est grand."); digits or `[...]` blanks are not needed.
 */
import type { GlossaryRule } from '../../../../contract/glossary.ts';
import { termsToReplace } from '../../../../contract/glossary-matcher.ts';

/** The placeholder of the `i`-th occurrence (0 -> ZXGAZ, 26 -> ZXGBAZ). */
export function placeholder(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `ZXG${s}Z`;
}

const PLACEHOLDER_RE = /ZXG([A-Z]+)Z/gi;

const upperFirst = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/**
 * Replaces the terms of `rules` in `texts` by placeholders (longest terms first, matched as glossary-matcher.ts
 * says: whole words where the script has spaces, ignoring case; one pass per text whatever the number of rules).
 * Returns the protected texts and `restore`, which puts every term's rendering back into the engine's answers
 * (one per text, in order); a placeholder the engine dropped simply leaves the term missing (the job's glossary
 * check then flags the cue).
 */
export function protectTerms(
  texts: readonly string[],
  rules: readonly GlossaryRule[],
): { texts: string[]; restore: (answers: readonly string[]) => string[] } {
  const renderings: string[] = [];
  const protectedTexts = texts.map((text) => {
    let out = '';
    let last = 0;
    for (const m of termsToReplace(text, rules)) {
      const rule = rules[m.index];
      const found = text.slice(m.start, m.end);
      renderings.push(
        rule.translation === null
          ? found
          : /^\p{Lu}/u.test(found) && !/^\p{Lu}/u.test(rule.translation)
            ? upperFirst(rule.translation)
            : rule.translation,
      );
      out += text.slice(last, m.start) + placeholder(renderings.length - 1);
      last = m.end;
    }
    return out + text.slice(last);
  });
  const indexOf = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 65), 0);
  return {
    texts: protectedTexts,
    restore: (answers) =>
      answers.map((a) => a.replace(PLACEHOLDER_RE, (whole, letters: string) => renderings[indexOf(letters)] ?? whole)),
  };
}

/**
 * Runs `translate` over `texts` with the glossary's terms protected (see protectTerms); without rules it is
 * `translate(texts)` as it is.
 */
export async function translateProtected(
  texts: string[],
  rules: readonly GlossaryRule[] | undefined,
  translate: (texts: string[]) => Promise<string[]>,
): Promise<string[]> {
  if (!rules?.length) return translate(texts);
  const p = protectTerms(texts, rules);
  return p.restore(await translate(p.texts));
}
