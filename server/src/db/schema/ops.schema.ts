/** What operators watch (issue 26 item 6, issue 21 item 5): the network engines' usage per month. */
import { doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One network engine stage's usage in one UTC calendar month (migration 0037): units sent in answered requests
 * (characters for translation and voice, audio seconds for speech and speakers) and their estimated cost in USD
 * from the configured unit prices (config/spend.config.ts). Every process adds to it atomically
 * (`on conflict do update set units = units + excluded.units`), so the spend caps hold across workers.
 */
export const engineUsage = pgTable(
  'engine_usage',
  {
    /** 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    /** 'openai', 'deepl', 'libretranslate', 'elevenlabs'. */
    engine: text('engine').notNull(),
    /** 'speech', 'translation', 'voice', 'speakers'. */
    stage: text('stage').notNull(),
    /** 'characters' or 'seconds'. */
    unit: text('unit').notNull(),
    units: doublePrecision('units').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.month, t.engine, t.stage] })],
);
