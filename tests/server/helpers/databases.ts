/**
 * Runs a suite against both databases the product supports: embedded PGlite (in memory) and a real PostgreSQL
 * server. For PostgreSQL a fresh database is created per call and dropped afterwards. The server URL comes from
 * TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); when no server answers, the PostgreSQL
 * variant fails loudly rather than being skipped, unless TEST_SKIP_POSTGRES=1.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../../server/src/db/database.ts';

export const DATABASE_KINDS =
  process.env.TEST_SKIP_POSTGRES === '1' ? (['pglite'] as const) : (['pglite', 'postgres'] as const);
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated, empty database of the given kind, plus the URL (postgres only) and a dispose function. */
export interface TestDatabase {
  database: Database;
  url?: string;
  dispose(): Promise<void>;
}

/** Creates and migrates a fresh database of `kind`. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const name = `tarjama_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
