/**
 * Monthly renewal with rollover (issue 7; rollover shares of spec section 9, reading A): worked examples a user
 * can check by hand, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import {
  addCredits,
  balanceOf,
  lockUser,
  releaseReservation,
  reserveForNewJob,
} from '../../../server/src/modules/credits/ledger.repository.ts';
import { grantPeriodCredits } from '../../../server/src/modules/credits/period-grant.repository.ts';
import type { Db } from '../../../server/src/db/database.ts';
import { entriesOf, insertJob, insertUser } from './ledger-helpers.ts';

const month = (m: number) => new Date(Date.UTC(2026, m, 1));

function period(
  db: Db,
  userId: string,
  subscriptionId: string,
  start: Date,
  allowance: number,
  rolloverPercent: number,
) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    return grantPeriodCredits(tx, {
      userId,
      subscriptionId,
      periodStart: start,
      allowance,
      rolloverPercent,
      planName: 'plan',
    });
  });
}

describe.each(DATABASE_KINDS)('renewal with rollover on %s', (kind) => {
  let tdb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    db = tdb.database.db;
  });
  afterAll(() => tdb?.dispose());

  it('keeps the Free credits at the first period, then carries 33% of the unused credits (Pro)', async () => {
    const u = await insertUser(db);
    await addCredits(db, { userId: u, kind: 'grant', amount: 25, idempotencyKey: 'signup' });
    expect((await period(db, u, 'sub_a', month(0), 1200, 33)).balanceAfter).toBe(1225);
    // The user spends 225 credits in the first month: 1,000 unused; 330 carried, 670 expire.
    await reserveForNewJob(db, u, 225, (tx) => insertJob(tx, u, 225));
    const r = await period(db, u, 'sub_a', month(1), 1200, 33);
    expect(r).toMatchObject({
      granted: true,
      renewal: true,
      unused: 1000,
      carried: 330,
      expired: 670,
      allowance: 1200,
    });
    expect(await balanceOf(db, u)).toBe(1530);
    const kinds = (await entriesOf(db, u)).map((e) => [e.kind, e.amount]);
    expect(kinds.slice(-3)).toEqual([
      ['expiry', -1000],
      ['rollover', 330],
      ['grant', 1200],
    ]);
  });

  it('rounds the carried credits down and never carries more than the share (Explorer 25%, Business 50%)', async () => {
    const u = await insertUser(db);
    await period(db, u, 'sub_b', month(0), 400, 25);
    await reserveForNewJob(db, u, 1, (tx) => insertJob(tx, u, 1)); // 399 unused
    expect((await period(db, u, 'sub_b', month(1), 400, 25)).carried).toBe(99); // floor(99.75)
    expect(await balanceOf(db, u)).toBe(499);
    const b = await insertUser(db);
    await period(db, b, 'sub_c', month(0), 3500, 50);
    expect((await period(db, b, 'sub_c', month(1), 3500, 50)).carried).toBe(1750);
    expect(await balanceOf(db, b)).toBe(5250);
  });

  it('grants a period once, whatever the order the periods arrive in', async () => {
    const u = await insertUser(db);
    await period(db, u, 'sub_d', month(0), 400, 25);
    await period(db, u, 'sub_d', month(1), 400, 25);
    const before = await balanceOf(db, u);
    expect((await period(db, u, 'sub_d', month(1), 400, 25)).granted).toBe(false);
    expect((await period(db, u, 'sub_d', month(0), 400, 25)).granted).toBe(false);
    expect(await balanceOf(db, u)).toBe(before);
  });

  it('leaves credits reserved by a running job out of the rollover; a later release gives them back', async () => {
    const u = await insertUser(db);
    await period(db, u, 'sub_e', month(0), 400, 25);
    const job = await reserveForNewJob(db, u, 100, (tx) => insertJob(tx, u, 100));
    const r = await period(db, u, 'sub_e', month(1), 400, 25);
    expect(r.unused).toBe(300);
    expect(await balanceOf(db, u)).toBe(75 + 400);
    expect(await releaseReservation(db, u, job.id)).toBe(100);
    expect(await balanceOf(db, u)).toBe(575);
  });

  it('treats a new subscription as a first period again (re-subscribing keeps the balance)', async () => {
    const u = await insertUser(db);
    await period(db, u, 'sub_f', month(0), 400, 25);
    const r = await period(db, u, 'sub_g', month(1), 1200, 33);
    expect(r.renewal).toBe(false);
    expect(await balanceOf(db, u)).toBe(1600);
  });
});
