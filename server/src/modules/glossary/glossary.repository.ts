/** Rows of glossary_terms (migration 0036). */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { GlossaryTarget } from '../../../../contract/glossary.ts';
import { glossaryTerms } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export type GlossaryRow = typeof glossaryTerms.$inferSelect;

/** The user's terms, alphabetical (ignoring case). */
export async function listTerms(db: DbOrTx, userId: string): Promise<GlossaryRow[]> {
  return db
    .select()
    .from(glossaryTerms)
    .where(eq(glossaryTerms.userId, userId))
    .orderBy(asc(sql`lower(${glossaryTerms.term})`), asc(glossaryTerms.sourceLanguage));
}

export async function countTerms(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(glossaryTerms).where(eq(glossaryTerms.userId, userId));
  return Number(row?.n ?? 0);
}

/** The user's term `id`, or undefined when it is not theirs. */
export async function findUserTerm(db: DbOrTx, userId: string, id: string): Promise<GlossaryRow | undefined> {
  const [row] = await db
    .select()
    .from(glossaryTerms)
    .where(and(eq(glossaryTerms.id, id), eq(glossaryTerms.userId, userId)));
  return row;
}

/** The user's term with this text (ignoring case) and source language. */
export async function findByTerm(
  db: DbOrTx,
  userId: string,
  term: string,
  sourceLanguage: string,
): Promise<GlossaryRow | undefined> {
  const [row] = await db
    .select()
    .from(glossaryTerms)
    .where(
      and(
        eq(glossaryTerms.userId, userId),
        eq(glossaryTerms.sourceLanguage, sourceLanguage),
        sql`lower(${glossaryTerms.term}) = lower(${term})`,
      ),
    );
  return row;
}

export async function insertTerm(
  db: DbOrTx,
  row: { userId: string; term: string; sourceLanguage: string; targets: GlossaryTarget[] },
): Promise<GlossaryRow> {
  const [created] = await db.insert(glossaryTerms).values(row).returning();
  return created;
}

export async function updateTerm(
  db: DbOrTx,
  id: string,
  row: { term: string; sourceLanguage: string; targets: GlossaryTarget[] },
): Promise<GlossaryRow> {
  const [updated] = await db
    .update(glossaryTerms)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(glossaryTerms.id, id))
    .returning();
  return updated;
}

export async function deleteTerm(db: DbOrTx, id: string): Promise<void> {
  await db.delete(glossaryTerms).where(eq(glossaryTerms.id, id));
}

export async function deleteAllTerms(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(glossaryTerms).where(eq(glossaryTerms.userId, userId));
}
