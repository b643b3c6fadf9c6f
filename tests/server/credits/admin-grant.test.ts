/**
 * `npm run admin -- grant-credits EMAIL N --reason "..."` (issue 39 item 8), run as the operator runs it, on
 * PGlite (DATA_DIR's database, the API stopped) and on PostgreSQL (DATABASE_URL): one grant entry in the ledger
 * with the reason and the operator in its note, the balance raised by N, and an audit line on stdout and in
 * DATA_DIR/admin-audit.log. A grant to an unknown address, of a bad amount or without a reason is refused and
 * writes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { ROOT } from '../helpers/server-process.ts';
import { openDatabase, type Database } from '../../../server/src/db/database.ts';
import { creditLedger, users } from '../../../server/src/db/schema/index.ts';
import { addCredits, balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import {
  grantCreditsByOperator,
  MAX_OPERATOR_GRANT,
  OperatorGrantError,
} from '../../../server/src/modules/credits/operator-grant.service.ts';

/** Runs `npm run admin -- ...args` with the deployment's variables; resolves with its exit code and output. */
async function admin(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? os.homedir(), NODE_ENV: 'production', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.each(DATABASE_KINDS)('npm run admin -- grant-credits (%s)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-admin-'));
  let pg: TestDatabase | undefined;
  let env: Record<string, string>;
  let userId: string;
  const email = 'Partner.Account@Example.test';

  /** The database the command writes to, opened by the test between commands (PGlite: one process at a time). */
  async function withDb<T>(fn: (d: Database) => Promise<T>): Promise<T> {
    if (pg) return fn(pg.database);
    const d = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      return await fn(d);
    } finally {
      await d.close();
    }
  }

  beforeAll(async () => {
    if (kind === 'postgres') pg = await createTestDatabase('postgres');
    env = {
      DATA_DIR: dataDir,
      APP_SECRET: 'admin-test-secret-admin-test-secret-0123456789',
      ...(pg ? { DATABASE_URL: pg.url! } : {}),
    };
    userId = await withDb(async (d) => {
      if (!pg) await d.migrate();
      const [row] = await d.db
        .insert(users)
        .values({ email: email.toLowerCase(), fullName: 'Partner', emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      await addCredits(d.db, { userId: row.id, kind: 'grant', amount: 40, idempotencyKey: `signup:${row.id}` });
      return row.id;
    });
  }, 180_000);
  afterAll(async () => {
    await pg?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one grant entry with the reason, raises the balance and writes an audit line', async () => {
    const reason = 'Goodwill: the 12 Nov outage (ticket 4411)';
    const run = await admin(env, 'grant-credits', email, '250', '--reason', reason);
    expect(run.code, run.stderr).toBe(0);
    const audit = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(audit).toMatchObject({
      command: 'grant-credits',
      email: email.toLowerCase(),
      user_id: userId,
      credits: 250,
      reason,
      balance_after: 290,
      database: kind,
    });
    expect(String(audit.operator)).toContain(`@${os.hostname()}`);
    const logged = fs.readFileSync(path.join(dataDir, 'admin-audit.log'), 'utf8').trim().split('\n');
    expect(logged.map((l) => JSON.parse(l))).toEqual([audit]);

    await withDb(async (d) => {
      expect(await balanceOf(d.db, userId)).toBe(290);
      const entries = await d.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.idempotencyKey, String(audit.ledger_key))));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: 'grant', amount: 250, jobId: null });
      expect(entries[0].note).toBe(`operator grant by ${String(audit.operator)}: ${reason}`);
    });
  }, 120_000);

  it('refuses an unknown address, a bad amount or no reason, and writes nothing', async () => {
    // The command's own check, in process (a command run costs seconds of start-up): the same service it calls.
    await withDb(async (d) => {
      const before = await d.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
      const grant = (over: { email?: string; credits?: number; reason?: string }) =>
        grantCreditsByOperator(d.db, { email, credits: 10, reason: 'test', operator: 'test@host', ...over });
      await expect(grant({ email: 'nobody@example.test' })).rejects.toThrow(
        'no account has the e-mail address nobody@example.test',
      );
      await expect(grant({ credits: 2.5 })).rejects.toThrow('credits must be a whole number');
      await expect(grant({ credits: 0 })).rejects.toThrow(OperatorGrantError);
      await expect(grant({ credits: MAX_OPERATOR_GRANT + 1 })).rejects.toThrow(OperatorGrantError);
      await expect(grant({ reason: '  ' })).rejects.toThrow('a reason is required');
      expect(await d.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toEqual(before);
    });
  });
});
