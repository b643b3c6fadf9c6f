/**
 * Property tests of the credit ledger against real databases: random sequences of grant, reserve, release,
 * charge and period renewal (with replays) keep the balance equal to a simple model, never below zero, and equal
 * to the sum of the entries by kind. Plus the concurrency rule: 20 simultaneous reservations against a balance
 * that covers 5 make exactly 5.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import {
  addCredits,
  balanceOf,
  chargeReservation,
  lockUser,
  releaseReservation,
  reserveForNewJob,
} from '../../../server/src/modules/credits/ledger.repository.ts';
import { grantPeriodCredits } from '../../../server/src/modules/credits/period-grant.repository.ts';
import { AppError } from '../../../server/src/errors.ts';
import { entriesOf, insertJob, insertUser } from './ledger-helpers.ts';

type Op =
  | { op: 'grant'; amount: number }
  | { op: 'reserve'; price: number }
  | { op: 'release'; job: number }
  | { op: 'charge'; job: number }
  | { op: 'renew'; allowance: number; rolloverPercent: number; replay: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), amount: fc.integer({ min: 0, max: 500 }) }),
  fc.record({ op: fc.constant('reserve' as const), price: fc.integer({ min: 0, max: 400 }) }),
  fc.record({ op: fc.constant('release' as const), job: fc.nat(20) }),
  fc.record({ op: fc.constant('charge' as const), job: fc.nat(20) }),
  fc.record({
    op: fc.constant('renew' as const),
    allowance: fc.constantFrom(400, 1200, 3500, 0),
    rolloverPercent: fc.constantFrom(0, 25, 33, 50, 100),
    replay: fc.boolean(),
  }),
);

const SIGN: Record<string, (a: number) => boolean> = {
  grant: (a) => a >= 0,
  rollover: (a) => a > 0,
  release: (a) => a >= 0,
  reserve: (a) => a <= 0,
  expiry: (a) => a < 0,
  charge: (a) => a === 0,
};

describe.each(DATABASE_KINDS)('credit ledger properties on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
  });
  afterAll(() => tdb?.dispose());

  it('keeps balance = model = sum of entries, never below zero, for random operation sequences', async () => {
    const db = tdb.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
        const userId = await insertUser(db);
        let model = 0;
        let grants = 0;
        const jobs: Array<{ id: string; price: number; state: 'reserved' | 'released' | 'charged' }> = [];
        const periods: Date[] = [];
        for (const [i, o] of ops.entries()) {
          if (o.op === 'grant') {
            expect(
              await addCredits(db, { userId, kind: 'grant', amount: o.amount, idempotencyKey: `g${grants}` }),
            ).toBe(true);
            // The same key again is a no-op.
            expect(
              await addCredits(db, { userId, kind: 'grant', amount: o.amount, idempotencyKey: `g${grants++}` }),
            ).toBe(false);
            model += o.amount;
          } else if (o.op === 'reserve') {
            try {
              const job = await reserveForNewJob(db, userId, o.price, (tx) => insertJob(tx, userId, o.price));
              expect(model).toBeGreaterThanOrEqual(o.price);
              jobs.push({ id: job.id, price: o.price, state: 'reserved' });
              model -= o.price;
            } catch (err) {
              expect(err).toBeInstanceOf(AppError);
              expect((err as AppError).code).toBe('PAYMENT_REQUIRED');
              expect(model).toBeLessThan(o.price);
            }
          } else if (o.op === 'release' || o.op === 'charge') {
            const job = jobs[o.job % Math.max(1, jobs.length)];
            if (!job) continue;
            const got =
              o.op === 'release'
                ? await releaseReservation(db, userId, job.id)
                : await chargeReservation(db, userId, job.id);
            if (job.state === 'reserved') {
              expect(got).toBe(job.price);
              job.state = o.op === 'release' ? 'released' : 'charged';
              if (o.op === 'release') model += job.price;
            } else {
              expect(got).toBe(0);
            }
          } else {
            // A replay re-applies the latest period (a replayed webhook); otherwise a new month begins.
            const replay = o.replay && periods.length > 0;
            const start = replay ? periods.at(-1)! : new Date(Date.UTC(2026, periods.length, 1));
            const result = await db.transaction(async (tx) => {
              await lockUser(tx, userId);
              return grantPeriodCredits(tx, {
                userId,
                subscriptionId: 'sub_prop',
                periodStart: start,
                allowance: o.allowance,
                rolloverPercent: o.rolloverPercent,
                planName: 'p',
              });
            });
            if (replay) {
              expect(result.granted).toBe(false);
            } else {
              expect(result.renewal).toBe(periods.length > 0);
              if (periods.length === 0) {
                model += o.allowance; // first period: everything already held is kept
              } else {
                const carried = Math.floor((model * o.rolloverPercent) / 100);
                expect(result.carried).toBe(carried);
                expect(result.expired).toBe(model - carried);
                model = carried + o.allowance;
              }
              expect(result.balanceAfter).toBe(model);
              periods.push(start);
            }
          }
          const balance = await balanceOf(db, userId);
          expect(balance, `after op ${i} ${JSON.stringify(o)}`).toBe(model);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const entries = await entriesOf(db, userId);
        for (const e of entries) expect(SIGN[e.kind](e.amount), `${e.kind} ${e.amount}`).toBe(true);
        expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(model);
      }),
      { numRuns: 50 },
    );
  });

  it('makes exactly 5 of 20 concurrent reservations when the balance covers 5', async () => {
    const db = tdb.database.db;
    const userId = await insertUser(db);
    await addCredits(db, { userId, kind: 'grant', amount: 5 * 30, idempotencyKey: 'start' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => reserveForNewJob(db, userId, 30, (tx) => insertJob(tx, userId, 30))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect((r.reason as AppError).code).toBe('PAYMENT_REQUIRED');
    expect(await balanceOf(db, userId)).toBe(0);
  });
});
