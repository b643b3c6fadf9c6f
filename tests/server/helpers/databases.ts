/**
 * Runs a suite against both databases the product supports: embedded PGlite (in memory) and a real PostgreSQL
 * server. For PostgreSQL a fresh database is created per call and dropped afterwards. The server URL comes from
 * TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); when no server answers, the PostgreSQL
 * variant fails loudly rather than being skipped, unless TEST_SKIP_POSTGRES=1.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
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

let snapshot: Blob | undefined;
/** The migrated PGlite archive of pglite-snapshot.setup.ts, read once per test file; undefined outside Vitest's run. */
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!snapshot && file) snapshot = new Blob([fs.readFileSync(file)]);
  return snapshot;
}

/**
 * Creates and migrates a fresh database of `kind`. PGlite starts from the suite's migrated snapshot
 * (pglite-snapshot.setup.ts) when there is one, so its migrations find nothing pending.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: pgliteSnapshot() });
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
