/**
 * The credit ledger: every change of a user's credits is an entry; the balance is the sum of the entries and is
 * never stored. Entry kinds and signs (credits, whole numbers):
 *   grant (+), rollover (+), release (+, returns a reservation), reserve (-), expiry (-),
 *   charge (0: turns a job's reservation into a spend; the credits left the balance when reserved).
 * Money-like safety on both databases: every write that can lower the balance runs in a transaction holding
 * `SELECT ... FOR UPDATE` on the user's row, so concurrent reservations are serialised per user and the balance
 * can never go below zero. Idempotency keys (unique per user) make grants, releases and charges happen once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import { creditLedger, users } from '../../db/schema/index.ts';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';

export type LedgerKind = 'grant' | 'rollover' | 'release' | 'reserve' | 'expiry' | 'charge';

/** Current balance in credits: the sum of the user's ledger entries. */
export async function balanceOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.balance ?? 0);
}

/** Locks the user's row for the rest of the transaction. @throws AppError NOT_FOUND when the user is gone. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'This account no longer exists.');
}

/**
 * Adds credits (grant or rollover) once per `idempotencyKey`. Returns true when the entry was written, false when
 * an entry with this key already existed.
 */
export async function addCredits(
  db: DbOrTx,
  entry: { userId: string; kind: 'grant' | 'rollover'; amount: number; idempotencyKey: string; note?: string },
): Promise<boolean> {
  if (!Number.isInteger(entry.amount) || entry.amount < 0)
    throw new Error(`credit amount must be a whole number >= 0, got ${entry.amount}`);
  const inserted = await db
    .insert(creditLedger)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      amount: entry.amount,
      idempotencyKey: entry.idempotencyKey,
      note: entry.note,
    })
    .onConflictDoNothing({ target: [creditLedger.userId, creditLedger.idempotencyKey] })
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/**
 * Removes up to `amount` credits (expiry), never below zero, once per key. Must run inside a transaction that
 * holds lockUser. Returns the credits actually removed.
 */
export async function expireCredits(
  tx: Tx,
  entry: { userId: string; amount: number; idempotencyKey: string; note?: string },
): Promise<number> {
  const available = await balanceOf(tx, entry.userId);
  const amount = Math.min(Math.max(0, Math.floor(entry.amount)), available);
  if (amount === 0) return 0;
  const inserted = await tx
    .insert(creditLedger)
    .values({
      userId: entry.userId,
      kind: 'expiry',
      amount: -amount,
      idempotencyKey: entry.idempotencyKey,
      note: entry.note,
    })
    .onConflictDoNothing({ target: [creditLedger.userId, creditLedger.idempotencyKey] })
    .returning({ id: creditLedger.id });
  return inserted.length ? amount : 0;
}

/**
 * Reserves `price` credits for a job created by `createJob` in the same transaction. On PGlite transactions are
 * exclusive; on PostgreSQL the user row lock serialises concurrent submissions of one user.
 * @returns what createJob returned.
 * @throws AppError PAYMENT_REQUIRED with `{ price, balance }` when the balance is below the price (nothing written).
 */
export async function reserveForNewJob<T extends { id: string }>(
  db: Db,
  userId: string,
  price: number,
  createJob: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!Number.isInteger(price) || price < 0)
    throw new Error(`price must be a whole number of credits >= 0, got ${price}`);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const balance = await balanceOf(tx, userId);
    if (balance < price) {
      throw new AppError('PAYMENT_REQUIRED', `This job costs ${price} credits but your balance is ${balance}.`, {
        price,
        balance,
      });
    }
    const job = await createJob(tx);
    await tx
      .insert(creditLedger)
      .values({ userId, kind: 'reserve', amount: -price, jobId: job.id, idempotencyKey: `reserve:${job.id}` });
    return job;
  });
}

/** The settlement state of a job's reservation. */
export type ReservationState = 'none' | 'reserved' | 'charged' | 'released';

async function reservationState(
  tx: DbOrTx,
  userId: string,
  jobId: string,
): Promise<{ state: ReservationState; reserved: number }> {
  const rows = await tx
    .select({ kind: creditLedger.kind, amount: creditLedger.amount })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.jobId, jobId)));
  const reserve = rows.find((r) => r.kind === 'reserve');
  if (!reserve) return { state: 'none', reserved: 0 };
  // Math.abs, not negation: a free job's reserve of 0 would otherwise come back as -0.
  const reserved = Math.abs(reserve.amount);
  if (rows.some((r) => r.kind === 'charge')) return { state: 'charged', reserved };
  if (rows.some((r) => r.kind === 'release')) return { state: 'released', reserved };
  return { state: 'reserved', reserved };
}

/**
 * The job's own state change that a settlement belongs to (the job marked failed or completed), run in the same
 * transaction after the user's lock: a poller never sees a failed job whose credits are not back yet. When it
 * returns false (the job was no longer processing) nothing is settled.
 */
export type JobGuard = (tx: Tx) => Promise<boolean>;

/**
 * Gives a job's reserved credits back (failed, canceled or deleted before it finished). Idempotent: a second call,
 * or a call after the job was charged, changes nothing. Returns the credits given back.
 */
export async function releaseReservation(
  db: Db,
  userId: string,
  jobId: string,
  note?: string,
  guard?: JobGuard,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (guard && !(await guard(tx))) return 0;
    const { state, reserved } = await reservationState(tx, userId, jobId);
    if (state !== 'reserved') return 0;
    await tx
      .insert(creditLedger)
      .values({ userId, kind: 'release', amount: reserved, jobId, idempotencyKey: `release:${jobId}`, note });
    return reserved;
  });
}

/**
 * Turns a finished job's reservation into a charge. Idempotent: charging twice (a retried worker) or after a
 * release changes nothing. `credits`: what was delivered, when less than the reservation (a job on Auto-detect
 * whose language, once known, made part of it unnecessary, issue 24 item 6); the rest comes back in the same
 * ledger entry (the charge's amount is the credits given back, so the balance is the sum of the entries).
 * Returns the credits charged (0 when nothing was reserved or already settled).
 */
export async function chargeReservation(
  db: Db,
  userId: string,
  jobId: string,
  guard?: JobGuard,
  credits?: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (guard && !(await guard(tx))) return 0;
    const { state, reserved } = await reservationState(tx, userId, jobId);
    if (state !== 'reserved') return 0;
    const charged = credits === undefined ? reserved : Math.max(0, Math.min(reserved, credits));
    await tx.insert(creditLedger).values({
      userId,
      kind: 'charge',
      amount: reserved - charged,
      jobId,
      idempotencyKey: `charge:${jobId}`,
      note: charged === reserved ? `${reserved} credits` : `${charged} of ${reserved} credits`,
    });
    return charged;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Extra charges of an existing job (the editor's re-dub): each has its own reference `ref` (idempotency keys
// `reserve:<ref>`, `charge:<ref>`, `release:<ref>`), reserved, then charged or released exactly once, like a job.

/**
 * Reserves `price` credits for a charge `ref` of the job `jobId`, then runs `then` in the same transaction (e.g.
 * queueing the work); when `then` returns false nothing is written and false is returned.
 * @throws AppError PAYMENT_REQUIRED with `{ price, balance }` when the balance is below the price.
 */
export async function reserveExtra(
  db: Db,
  userId: string,
  jobId: string,
  ref: string,
  price: number,
  then: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  if (!Number.isInteger(price) || price < 0)
    throw new Error(`price must be a whole number of credits >= 0, got ${price}`);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const balance = await balanceOf(tx, userId);
    if (balance < price)
      throw new AppError('PAYMENT_REQUIRED', `This re-dub costs ${price} credits but your balance is ${balance}.`, {
        price,
        balance,
      });
    if (!(await then(tx))) return false;
    await tx
      .insert(creditLedger)
      .values({ userId, kind: 'reserve', amount: -price, jobId, idempotencyKey: `reserve:${ref}` });
    return true;
  });
}

/**
 * Charges (`charge`) or gives back (`release`) the reservation `ref` once, with the job's own state change
 * (`guard`) in the same transaction. Idempotent. Returns the credits reserved under `ref` (0 when already settled).
 */
export async function settleExtra(
  db: Db,
  userId: string,
  ref: string,
  how: 'charge' | 'release',
  guard?: JobGuard,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (guard && !(await guard(tx))) return 0;
    const rows = await tx
      .select({ kind: creditLedger.kind, amount: creditLedger.amount, jobId: creditLedger.jobId })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, userId),
          inArray(creditLedger.idempotencyKey, [`reserve:${ref}`, `charge:${ref}`, `release:${ref}`]),
        ),
      );
    const reserve = rows.find((r) => r.kind === 'reserve');
    if (!reserve || rows.length > 1) return 0;
    const reserved = Math.abs(reserve.amount);
    await tx.insert(creditLedger).values({
      userId,
      kind: how,
      amount: how === 'release' ? reserved : 0,
      jobId: reserve.jobId,
      idempotencyKey: `${how}:${ref}`,
      note: how === 'charge' ? `${reserved} credits (re-dub)` : 're-dub failed',
    });
    return reserved;
  });
}
