/**
 * The signed-in user's glossary (issue 20 item 4): list, add, edit, delete, CSV import and export, and the
 * snapshot a new job takes. Keyed by user; a team's glossary is a follow-up.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  MAX_GLOSSARY_CSV_BYTES,
  MAX_GLOSSARY_TERMS,
  type GlossaryImportRequest,
  type GlossaryImportResponse,
  type GlossaryListResponse,
  type GlossarySnapshot,
  type GlossaryTerm,
  type GlossaryTermRequest,
} from '../../../../contract/glossary.ts';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { lockUser } from '../credits/ledger.repository.ts';
import { GlossaryCsvError, glossaryToCsv, parseGlossaryCsv } from './glossary-csv.ts';
import * as repo from './glossary.repository.ts';

type Ctx = Pick<AppContext, 'db'>;

function present(row: repo.GlossaryRow): GlossaryTerm {
  return {
    id: row.id,
    term: row.term,
    source_language: row.sourceLanguage,
    targets: row.targets,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A unique-index violation (the same term twice) from PostgreSQL or PGlite. */
const isDuplicate = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

/** GET /v1/glossary */
export async function listTerms(ctx: Ctx, userId: string): Promise<GlossaryListResponse> {
  return { terms: (await repo.listTerms(ctx.db, userId)).map(present) };
}

/** POST /v1/glossary. @throws AppError GLOSSARY_TERM_EXISTS, GLOSSARY_FULL */
export async function createTerm(ctx: Ctx, userId: string, req: GlossaryTermRequest): Promise<GlossaryTerm> {
  if (await repo.findByTerm(ctx.db, userId, req.term, req.source_language)) throw new AppError('GLOSSARY_TERM_EXISTS');
  try {
    // Count and insert under the user's row lock (issue 35 item 5: 20 concurrent writes at 1,995 terms made 2,003).
    const row = await ctx.db.transaction(async (tx: Tx) => {
      await lockUser(tx, userId);
      if ((await repo.countTerms(tx, userId)) >= MAX_GLOSSARY_TERMS) throw new AppError('GLOSSARY_FULL');
      return repo.insertTerm(tx, { userId, term: req.term, sourceLanguage: req.source_language, targets: req.targets });
    });
    return present(row);
  } catch (e) {
    if (isDuplicate(e)) throw new AppError('GLOSSARY_TERM_EXISTS');
    throw e;
  }
}

/** PUT /v1/glossary/{id}: replaces the term. @throws AppError GLOSSARY_TERM_NOT_FOUND, GLOSSARY_TERM_EXISTS */
export async function updateTerm(
  ctx: Ctx,
  userId: string,
  id: string,
  req: GlossaryTermRequest,
): Promise<GlossaryTerm> {
  if (!(await repo.findUserTerm(ctx.db, userId, id).catch(() => undefined)))
    throw new AppError('GLOSSARY_TERM_NOT_FOUND');
  const same = await repo.findByTerm(ctx.db, userId, req.term, req.source_language);
  if (same && same.id !== id) throw new AppError('GLOSSARY_TERM_EXISTS');
  try {
    return present(
      await repo.updateTerm(ctx.db, id, { term: req.term, sourceLanguage: req.source_language, targets: req.targets }),
    );
  } catch (e) {
    if (isDuplicate(e)) throw new AppError('GLOSSARY_TERM_EXISTS');
    throw e;
  }
}

/** DELETE /v1/glossary/{id}: answers the deleted term. @throws AppError GLOSSARY_TERM_NOT_FOUND */
export async function deleteTerm(ctx: Ctx, userId: string, id: string): Promise<GlossaryTerm> {
  const row = await repo.findUserTerm(ctx.db, userId, id).catch(() => undefined);
  if (!row) throw new AppError('GLOSSARY_TERM_NOT_FOUND');
  await repo.deleteTerm(ctx.db, id);
  return present(row);
}

/** GET /v1/glossary/export: the glossary as CSV text (contract GLOSSARY_CSV_COLUMNS). */
export async function exportCsv(ctx: Ctx, userId: string): Promise<string> {
  return glossaryToCsv((await repo.listTerms(ctx.db, userId)).map(present));
}

/**
 * POST /v1/glossary/import: all rows or none, in one transaction. A term already there gets the file's targets
 * (its other languages stay); `replace` empties the glossary first.
 * @throws AppError GLOSSARY_CSV_TOO_LARGE (over MAX_GLOSSARY_CSV_BYTES), GLOSSARY_CSV_INVALID with `line`,
 *   GLOSSARY_FULL when the glossary would pass MAX_GLOSSARY_TERMS
 */
export async function importCsv(ctx: Ctx, userId: string, req: GlossaryImportRequest): Promise<GlossaryImportResponse> {
  if (Buffer.byteLength(req.csv, 'utf8') > MAX_GLOSSARY_CSV_BYTES)
    throw new AppError('GLOSSARY_CSV_TOO_LARGE', undefined, { max_bytes: MAX_GLOSSARY_CSV_BYTES });
  let terms;
  try {
    terms = parseGlossaryCsv(req.csv);
  } catch (e) {
    if (e instanceof GlossaryCsvError)
      throw new AppError('GLOSSARY_CSV_INVALID', `The glossary file is not valid. ${e.message}`, {
        line: e.line,
        ...(e.column ? { column: e.column } : {}),
      });
    throw e;
  }
  let created = 0;
  let updated = 0;
  await ctx.db.transaction(async (tx: Tx) => {
    // One writer per glossary: the final count below holds against concurrent imports and additions.
    await lockUser(tx, userId);
    if (req.replace) await repo.deleteAllTerms(tx, userId);
    for (const t of terms) {
      const old = await repo.findByTerm(tx, userId, t.term, t.source_language);
      if (old) {
        const langs = new Set(t.targets.map((x) => x.language));
        const targets = [...old.targets.filter((x) => !langs.has(x.language)), ...t.targets];
        await repo.updateTerm(tx, old.id, { term: old.term, sourceLanguage: old.sourceLanguage, targets });
        updated++;
      } else {
        await repo.insertTerm(tx, { userId, term: t.term, sourceLanguage: t.source_language, targets: t.targets });
        created++;
      }
    }
    if ((await repo.countTerms(tx, userId)) > MAX_GLOSSARY_TERMS) throw new AppError('GLOSSARY_FULL');
  });
  return { created, updated, terms: (await repo.listTerms(ctx.db, userId)).map(present) };
}

/** The snapshot a new job keeps (null when the glossary is empty). */
export async function glossarySnapshot(db: DbOrTx, userId: string): Promise<GlossarySnapshot | null> {
  const rows = await repo.listTerms(db, userId);
  return rows.length
    ? rows.map((r) => ({ term: r.term, source_language: r.sourceLanguage, targets: r.targets }))
    : null;
}
