/**
 * The database adapter: embedded PGlite (real PostgreSQL in WebAssembly, in process) by default,
 * a PostgreSQL server when DATABASE_URL is set. Same schema, same SQL, same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle query builder over either driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle from `db.transaction(async (tx) => ...)`. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

/** Raw SQL for libraries that bring their own (pg-boss): `executeSql(text, values) -> { rows }`. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /** The connection string for pg-boss on a PostgreSQL server; undefined on PGlite. */
  connectionString?: string;
  /** Applies pending migrations from server/drizzle (idempotent). */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * PostgreSQL LISTEN: `onMessage(payload)` for every NOTIFY on `channel`, from any process on the same database
   * (PGlite: this process only). PostgreSQL uses one dedicated connection, opened again after it is lost
   * (notifications sent meanwhile are missed). Returns the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL NOTIFY `channel` with `payload` (at most 8,000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PGlite only (undefined on PostgreSQL): the whole data directory as a tar archive (PGlite `dumpDataDir`), to open
   * a copy later with openDatabase's `pgliteSnapshot`.
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the database.
 * @param opts.url PostgreSQL URL; when absent PGlite is used at `opts.pgliteDir` ('memory://' keeps it in memory).
 * @param opts.pgliteSnapshot a PGlite data directory to start from (the tar archive of PGlite's `dumpDataDir()`,
 *   e.g. an already migrated database) instead of initialising an empty one; only for a new `memory://` database.
 *   Initialising runs PostgreSQL's initdb in WebAssembly (1.6-4 s on the 2-core machine), loading a snapshot
 *   0.3-0.5 s.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  pgliteSnapshot?: Blob;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.pgliteDir ?? 'memory://', opts.pgliteSnapshot);
}

async function openPglite(dir: string, snapshot?: Blob): Promise<Database> {
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, snapshot ? { loadDataDir: snapshot } : {});
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // pg-boss sends several statements without parameters at once: those go through exec.
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => (await client.query('select 1 as ok')).rows.length === 1,
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    notify: async (channel, payload) => void (await client.query('select pg_notify($1, $2)', [channel, payload])),
    snapshot: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection can be ended by the server (restart, failover, a dropped database). node-postgres
  // then emits 'error' on the pool; unhandled, that would crash the process. The pool replaces the client on the
  // next query, so a line on stderr is all this needs.
  pool.on('error', (err) => process.stderr.write(`database: idle connection lost: ${err.message}\n`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    migrate: () => migrateUnderLock(pool, () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR })),
    ping: async () => (await pool.query('select 1 as ok')).rows.length === 1,
    listen: (channel, onMessage) => listenPostgres(url, channel, onMessage),
    notify: async (channel, payload) => void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    close: () => pool.end(),
  };
}

/**
 * The advisory-lock key that serialises migrations across processes (an arbitrary constant: "trjm" in ASCII).
 * Two API or worker processes started at once on a fresh PostgreSQL database would otherwise both create drizzle's
 * bookkeeping schema and tables and one of them would fail on a duplicate key and exit.
 */
const MIGRATION_LOCK_KEY = 0x74726a6d;

/**
 * Runs `migrate` while holding a session-level PostgreSQL advisory lock on a connection of its own, so concurrent
 * processes migrate one after the other (the later ones find nothing pending). The lock is released, and the
 * connection returned, whether or not `migrate` throws.
 */
async function migrateUnderLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** LISTEN on a connection of its own, opened again every second until it works after it is lost; see Database.listen. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnectLater = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(reconnectLater), 1000);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
    c.on('error', (err) => {
      process.stderr.write(`database: LISTEN ${channel} connection lost: ${err.message}\n`);
      void c.end().catch(() => undefined);
      reconnectLater();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) await c.end();
    else client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
