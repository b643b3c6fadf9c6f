/**
 * Several processes started at once on a fresh PostgreSQL database (an operator's API and worker processes after an
 * upgrade) all apply the migrations at start-up: they must take turns (an advisory lock), so every one of them
 * starts, and the schema is applied once.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/src/db/database.ts';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe('migrations on PostgreSQL', () => {
  const name = `tarjama_test_${crypto.randomBytes(6).toString('hex')}`;
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('four processes migrating a fresh database at once all succeed, and each migration is recorded once', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    for (let i = 0; i < 4; i++) opened.push(await openDatabase({ url: url.toString() }));
    const results = await Promise.allSettled(opened.map((d) => d.migrate()));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    const { rows } = await opened[0].executeSql(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1',
    );
    expect(rows).toEqual([]);
    const tables = await opened[0].executeSql(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'jobs'",
    );
    expect(tables.rows[0].n).toBe(1);
  });
});
