/** The glossary (issue 20 item 4, migration 0036): a user's terms. A team's glossary is a follow-up. */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GlossaryTarget } from '../../../../contract/glossary.ts';
import { users } from './users.schema.ts';

/**
 * One term of a user's glossary: `sourceLanguage` a base code or 'any'; `targets` per target language (or 'any')
 * a forced translation, or null to keep the term as it is. Unique per user, source language and lower-cased term.
 */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    sourceLanguage: text('source_language').notNull(),
    targets: jsonb('targets').$type<GlossaryTarget[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('glossary_terms_user_term_key').on(t.userId, t.sourceLanguage, sql`lower(${t.term})`)],
);
