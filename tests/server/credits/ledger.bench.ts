/**
 * Benchmark of the credit ledger on both databases (prints figures; asserts nothing).
 * Run: npx tsx tests/server/credits/ledger.bench.ts   (TEST_SKIP_POSTGRES=1 for PGlite only)
 * Figures: sequential reservations per second, 20 concurrent reservations, balance read time as the ledger of one
 * user grows (the balance is a SUM over the user's entries, never stored), and one renewal with rollover.
 */
import { performance } from 'node:perf_hooks';
import { DATABASE_KINDS, createTestDatabase } from '../helpers/databases.ts';
import {
  addCredits,
  balanceOf,
  chargeReservation,
  lockUser,
  reserveForNewJob,
} from '../../../server/src/modules/credits/ledger.repository.ts';
import { grantPeriodCredits } from '../../../server/src/modules/credits/period-grant.repository.ts';
import { creditLedger } from '../../../server/src/db/schema/index.ts';
import { insertJob, insertUser } from './ledger-helpers.ts';

const ms = (t0: number) => performance.now() - t0;

for (const kind of DATABASE_KINDS) {
  const tdb = await createTestDatabase(kind);
  const db = tdb.database.db;
  const userId = await insertUser(db);
  await addCredits(db, { userId, kind: 'grant', amount: 1_000_000, idempotencyKey: 'bench' });

  const n = 200;
  let t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const job = await reserveForNewJob(db, userId, 3, (tx) => insertJob(tx, userId, 3));
    await chargeReservation(db, userId, job.id);
  }
  const seq = ms(t0);

  const other = await insertUser(db);
  await addCredits(db, { userId: other, kind: 'grant', amount: 150, idempotencyKey: 'bench' });
  t0 = performance.now();
  const settled = await Promise.allSettled(
    Array.from({ length: 20 }, () => reserveForNewJob(db, other, 30, (tx) => insertJob(tx, other, 30))),
  );
  const conc = ms(t0);
  const made = settled.filter((s) => s.status === 'fulfilled').length;

  const reads: string[] = [];
  for (const size of [1_000, 10_000, 50_000]) {
    const u = await insertUser(db);
    for (let i = 0; i < size; i += 1000) {
      await db.insert(creditLedger).values(
        Array.from({ length: Math.min(1000, size - i) }, (_, k) => ({
          userId: u,
          kind: 'grant',
          amount: 1,
          idempotencyKey: `b${i + k}`,
        })),
      );
    }
    await balanceOf(db, u); // warm
    t0 = performance.now();
    for (let i = 0; i < 20; i++) await balanceOf(db, u);
    reads.push(`${size} entries ${(ms(t0) / 20).toFixed(2)} ms`);
  }

  t0 = performance.now();
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await grantPeriodCredits(tx, {
      userId,
      subscriptionId: 'sub_bench',
      periodStart: new Date(Date.UTC(2026, 0, 1)),
      allowance: 1200,
      rolloverPercent: 33,
      planName: 'pro',
    });
  });
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await grantPeriodCredits(tx, {
      userId,
      subscriptionId: 'sub_bench',
      periodStart: new Date(Date.UTC(2026, 1, 1)),
      allowance: 1200,
      rolloverPercent: 33,
      planName: 'pro',
    });
  });
  const renew = ms(t0) / 2;

  console.log(
    `[${kind}] reserve+charge: ${(n / (seq / 1000)).toFixed(0)} jobs/s (${(seq / n).toFixed(2)} ms each, ${n} sequential)` +
      ` | 20 concurrent reservations, balance for 5: ${made} made in ${conc.toFixed(0)} ms` +
      ` | balance read: ${reads.join(', ')}` +
      ` | period grant with rollover: ${renew.toFixed(2)} ms`,
  );
  await tdb.dispose();
}
