/**
 * The engines' monthly usage in the database (table engine_usage, migration 0037), the UsageStore every process's
 * engine meter writes to (engines/engine-usage.ts): additions are one atomic upsert, so concurrent workers on
 * PostgreSQL (or PGlite) never lose a count, and the spend caps see every process's calls.
 */
import { eq, sql } from 'drizzle-orm';
import { engineUsage } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { MeteredEngine, MeteredStage, UsageRecord, UsageStore, UsageUnit } from '../../engines/engine-usage.ts';

/** A UsageStore over `db`. @throws from its methods: the database's error (callers decide what it means). */
export function databaseUsageStore(db: DbOrTx): UsageStore {
  return {
    async add(r) {
      await db
        .insert(engineUsage)
        .values({
          month: r.month,
          engine: r.engine,
          stage: r.stage,
          unit: r.unit,
          units: r.units,
          costUsd: r.costUsd,
        })
        .onConflictDoUpdate({
          target: [engineUsage.month, engineUsage.engine, engineUsage.stage],
          set: {
            units: sql`${engineUsage.units} + excluded.units`,
            costUsd: sql`${engineUsage.costUsd} + excluded.cost_usd`,
            updatedAt: sql`now()`,
          },
        });
    },
    async month(month) {
      const rows = await db.select().from(engineUsage).where(eq(engineUsage.month, month));
      return rows.map((r): UsageRecord => ({
        month: r.month,
        engine: r.engine as MeteredEngine,
        stage: r.stage as MeteredStage,
        unit: r.unit as UsageUnit,
        units: Number(r.units),
        costUsd: Number(r.costUsd),
      }));
    },
  };
}
