/**
 * The glossary's CSV (contract GLOSSARY_CSV_COLUMNS): RFC 4180 (comma-separated, fields with a comma, quote or line
 * break in double quotes, a quote doubled), UTF-8, a header row naming the columns (any order, extra columns
 * ignored), one row per term and target language; an empty `translation` keeps the term as it is.
 */
import * as v from 'valibot';
import {
  ANY_LANGUAGE,
  GLOSSARY_CSV_COLUMNS,
  GlossaryTermRequest,
  MAX_GLOSSARY_TERMS,
  type GlossaryTerm,
} from '../../../../contract/glossary.ts';

/**
 * A refused file: `line` is the 1-based line of the file (1 is the header), `message` says what is wrong, `column`
 * the column at fault when one is (issue 38 item 4: the web app names both).
 */
export class GlossaryCsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
    readonly column?: string,
  ) {
    super(`Line ${line}${column ? `, column ${column}` : ''}: ${message}`);
    this.name = 'GlossaryCsvError';
  }
}

/** Splits CSV text into rows of fields, each with the line it starts on. @throws GlossaryCsvError unclosed quote */
export function parseCsvRows(text: string): Array<{ line: number; fields: string[] }> {
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const src = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else field += c;
  }
  if (quoted) throw new GlossaryCsvError(rowLine, 'a quoted field is not closed.');
  if (field !== '' || fields.length) endRow();
  return rows;
}

/** A term parsed from the file, as the API would take it. */
export type CsvTerm = v.InferOutput<typeof GlossaryTermRequest>;

/**
 * Reads a glossary CSV into terms (rows of one term and source language merged, the last row of a target
 * language wins).
 * @throws GlossaryCsvError naming the line: missing header columns, a bad language, an empty or too long term,
 *   a translation for 'any', more than MAX_GLOSSARY_TERMS terms.
 */
export function parseGlossaryCsv(text: string): CsvTerm[] {
  const rows = parseCsvRows(text);
  if (!rows.length) throw new GlossaryCsvError(1, 'the file is empty.');
  const header = rows[0].fields.map((h) => h.trim().toLowerCase());
  const col = Object.fromEntries(GLOSSARY_CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    (typeof GLOSSARY_CSV_COLUMNS)[number],
    number
  >;
  const missing = GLOSSARY_CSV_COLUMNS.filter((c) => col[c] < 0 && c !== 'source_language');
  if (missing.length) throw new GlossaryCsvError(1, `the header lacks the column ${missing.join(', ')}.`, missing[0]);
  const terms = new Map<
    string,
    { line: number; term: string; source_language: string; targets: Map<string, string | null> }
  >();
  for (const row of rows.slice(1)) {
    const cell = (c: (typeof GLOSSARY_CSV_COLUMNS)[number]) => (col[c] >= 0 ? (row.fields[col[c]] ?? '').trim() : '');
    const term = cell('term');
    const source = (cell('source_language') || ANY_LANGUAGE).toLowerCase();
    const target = cell('target_language').toLowerCase();
    const translation = cell('translation');
    const key = `${source}\u0000${term.toLowerCase()}`;
    const entry = terms.get(key) ?? { line: row.line, term, source_language: source, targets: new Map() };
    entry.targets.set(target, translation === '' ? null : translation);
    terms.set(key, entry);
    // Each row checked as the API would check its term, so the error names this line.
    const one = v.safeParse(GlossaryTermRequest, {
      term,
      source_language: source,
      targets: [{ language: target, translation: translation === '' ? null : translation }],
    });
    if (!one.success) {
      const issue = one.issues[0];
      const where = issue.path
        ?.map((p) => String(p.key))
        .filter((k) => !/^\d+$/.test(k))
        .pop();
      const column = where === 'language' ? 'target_language' : where;
      throw new GlossaryCsvError(row.line, issue.message, column);
    }
    if (terms.size > MAX_GLOSSARY_TERMS)
      throw new GlossaryCsvError(row.line, `a glossary holds at most ${MAX_GLOSSARY_TERMS} terms.`);
  }
  return [...terms.values()].map((t) => ({
    term: t.term,
    source_language: t.source_language as CsvTerm['source_language'],
    targets: [...t.targets].map(([language, translation]) => ({
      language: language as CsvTerm['targets'][number]['language'],
      translation,
    })),
  }));
}

/** Quotes a field when it holds a comma, quote or line break (RFC 4180). */
const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The glossary as CSV text (header and one row per term and target, CRLF line ends as RFC 4180 asks). */
export function glossaryToCsv(terms: readonly Pick<GlossaryTerm, 'term' | 'source_language' | 'targets'>[]): string {
  const lines = [GLOSSARY_CSV_COLUMNS.join(',')];
  for (const t of terms)
    for (const x of t.targets)
      lines.push([t.term, t.source_language, x.language, x.translation ?? ''].map(field).join(','));
  return lines.join('\r\n') + '\r\n';
}
