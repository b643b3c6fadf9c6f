/**
 * The glossary (issue 20 item 4): a user's terms, each translated the same way in every job. A term names its
 * source language (or 'any') and, per target language, either a forced translation or "keep as is" (names,
 * brands): `translation: null`. The target `any` holds for every target language without its own entry (only
 * "keep as is" may use it). A job takes a snapshot of the glossary when it is created (later edits do not change
 * a running job); after translation a check flags every cue whose source holds a term and whose target lacks the
 * required rendering (GET /v1/jobs/{id}/tracks `glossary`). Terms match whole words, ignoring case
 * (glossary-matcher.ts: inside words in scripts written without spaces).
 * Keyed by user; a team's glossary is a follow-up.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { STUDIO_LANGUAGES } from './languages.ts';

/** Terms per user. */
export const MAX_GLOSSARY_TERMS = 2000;
/** Characters of a source term. */
export const MAX_TERM_CHARS = 100;
/** Characters of a forced translation. */
export const MAX_GLOSSARY_TRANSLATION_CHARS = 200;
/** Largest CSV accepted by POST /v1/glossary/import, bytes (UTF-8): 2,000 terms of ~130 bytes fit with room. */
export const MAX_GLOSSARY_CSV_BYTES = 512 * 1024;
/**
 * The CSV columns (header row required, comma-separated, RFC 4180 quoting, UTF-8): one row per term and target
 * language. `source_language` and `target_language` are base codes or `any`; an empty `translation` means
 * "keep as is". Rows of the same term and source language make one term.
 */
export const GLOSSARY_CSV_COLUMNS = ['term', 'source_language', 'target_language', 'translation'] as const;
/** The language value meaning "every language". */
export const ANY_LANGUAGE = 'any';

const Language = v.picklist([ANY_LANGUAGE, ...STUDIO_LANGUAGES], 'Choose a language from the list, or any.');
const oneLine = v.check((s: string) => !/[\r\n\t]/.test(s), 'A term is one line without tabs.');

/** One target of a term: a forced translation, or `null` to keep the term as it is. */
export const GlossaryTarget = v.object({
  language: Language,
  translation: v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'Enter the translation, or choose keep as is.'),
      v.maxLength(
        MAX_GLOSSARY_TRANSLATION_CHARS,
        `A translation holds at most ${MAX_GLOSSARY_TRANSLATION_CHARS} characters.`,
      ),
      oneLine,
    ),
  ),
});
export type GlossaryTarget = v.InferOutput<typeof GlossaryTarget>;

/** POST /v1/glossary and PUT /v1/glossary/{id}. */
export const GlossaryTermRequest = v.pipe(
  v.object({
    term: v.pipe(
      v.string('term is required'),
      v.trim(),
      v.minLength(1, 'Enter the term.'),
      v.maxLength(MAX_TERM_CHARS, `A term holds at most ${MAX_TERM_CHARS} characters.`),
      oneLine,
    ),
    source_language: Language,
    targets: v.pipe(
      v.array(GlossaryTarget),
      v.minLength(1, 'Add a translation or keep as is for at least one language.'),
      v.maxLength(STUDIO_LANGUAGES.length + 1),
    ),
  }),
  v.check(
    (t) => new Set(t.targets.map((x) => x.language)).size === t.targets.length,
    'Each target language at most once.',
  ),
  v.check(
    (t) => t.targets.every((x) => x.language !== ANY_LANGUAGE || x.translation === null),
    'Only keep as is can hold for every language; a translation names its language.',
  ),
);
export type GlossaryTermRequest = v.InferOutput<typeof GlossaryTermRequest>;

/** A stored term. Times ISO 8601. */
export const GlossaryTerm = v.object({
  id: v.string(),
  term: v.string(),
  source_language: v.string(),
  targets: v.array(v.object({ language: v.string(), translation: v.nullable(v.string()) })),
  created_at: v.string(),
  updated_at: v.string(),
});
export type GlossaryTerm = v.InferOutput<typeof GlossaryTerm>;

/** GET /v1/glossary: the terms, alphabetical. */
export const GlossaryListResponse = v.object({ terms: v.array(GlossaryTerm) });
export type GlossaryListResponse = v.InferOutput<typeof GlossaryListResponse>;

/**
 * POST /v1/glossary/import: `csv` in GLOSSARY_CSV_COLUMNS. A term already in the glossary (same term ignoring
 * case, same source language) gets the targets of the file (other languages stay); `replace: true` empties the
 * glossary first. All or nothing: one bad row refuses the file with GLOSSARY_CSV_INVALID naming the line.
 */
export const GlossaryImportRequest = v.object({
  csv: v.pipe(v.string('csv is required'), v.minLength(1, 'The file is empty.')),
  replace: v.optional(v.boolean()),
});
export type GlossaryImportRequest = v.InferOutput<typeof GlossaryImportRequest>;

/** POST /v1/glossary/import answer: terms added and updated, and the glossary after. */
export const GlossaryImportResponse = v.object({
  created: finiteNumber(),
  updated: finiteNumber(),
  terms: v.array(GlossaryTerm),
});
export type GlossaryImportResponse = v.InferOutput<typeof GlossaryImportResponse>;

/**
 * One glossary rule of a job for one language pair (the snapshot's terms resolved for the target): render `term`
 * as `translation`, or keep it as it is when `translation` is null.
 */
export interface GlossaryRule {
  term: string;
  translation: string | null;
}

/** The snapshot a job keeps (jobs.glossary): the terms as they were when it was created. */
export type GlossarySnapshot = Array<Pick<GlossaryTerm, 'term' | 'source_language' | 'targets'>>;

/** A term of the source whose required rendering (`expected`) the cue's translation lacks. */
export const GlossaryFlag = v.object({ term: v.string(), expected: v.string() });
export type GlossaryFlag = v.InferOutput<typeof GlossaryFlag>;

/** Flags per target language and cue id: `{ es: { cueId: [{ term, expected }] } }`; cues without any left out. */
export const GlossaryFlags = v.record(v.string(), v.record(v.string(), v.array(GlossaryFlag)));
export type GlossaryFlags = v.InferOutput<typeof GlossaryFlags>;

/**
 * The rules of `snapshot` for from -> to (base codes): terms of `from` or 'any', with the target's own entry, else
 * its 'any' entry. Longer terms first, so "New York Times" wins over "New York".
 */
export function glossaryRules(snapshot: GlossarySnapshot | null | undefined, from: string, to: string): GlossaryRule[] {
  const out: GlossaryRule[] = [];
  for (const t of snapshot ?? []) {
    if (t.source_language !== ANY_LANGUAGE && t.source_language !== from) continue;
    const target = t.targets.find((x) => x.language === to) ?? t.targets.find((x) => x.language === ANY_LANGUAGE);
    if (target) out.push({ term: t.term, translation: target.translation });
  }
  return out.sort((a, b) => b.term.length - a.term.length);
}

/** What the target must hold for `rule`: the translation, or the term itself when kept as is. */
export const expectedOf = (rule: GlossaryRule): string => rule.translation ?? rule.term;
