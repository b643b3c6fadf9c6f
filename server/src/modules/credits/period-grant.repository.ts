/**
 * Credits of a subscription period: the monthly allowance, and at renewal the rollover of unused credits.
 * Written only through the ledger (entries grant, expiry, rollover), once per subscription period.
 */
import { and, eq, like } from 'drizzle-orm';
import { creditLedger, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/database.ts';
import { balanceOf } from './ledger.repository.ts';

/** What grantPeriodCredits wrote. All amounts in credits. */
export interface PeriodGrantResult {
  /** False when this period had already been granted (a replayed or reordered event): nothing was written. */
  granted: boolean;
  /** True when the period follows an earlier granted period of the same subscription. */
  renewal: boolean;
  /** Balance just before the period began (the unused credits). */
  unused: number;
  /** Credits carried into the new period (floor(unused * rolloverPercent / 100), renewals only). */
  carried: number;
  /** Credits that expired (unused - kept pack credits - carried, renewals only). */
  expired: number;
  /** Pay-as-you-go pack credits among `unused`, kept whole (renewals only; issue 23). */
  packKept?: number;
  allowance: number;
  balanceAfter: number;
}

// Stripe ids hold '_', a LIKE wildcard: escape it (backslash is PostgreSQL's default LIKE escape).
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The idempotency-key stem of one subscription period, e.g. `period:sub_123:2026-11-22T09:00:00.000Z`. */
export const periodKey = (subscriptionId: string, periodStart: Date) =>
  `period:${subscriptionId}:${periodStart.toISOString()}`;

/**
 * Grants the credits of a subscription period once. Must run inside a transaction that holds lockUser(userId).
 *
 * The rule (issue 7, "Credits"; rollover shares from spec section 9, reading A: 25% / 33% / 50%):
 * - First period of a subscription (no earlier period of this subscription was granted): the plan's allowance
 *   is added and every credit the user already has is kept (a Free user with 25 credits who buys Pro has
 *   25 + 1,200 = 1,225).
 * - Renewal (an earlier period of the same subscription was granted): let `unused` be the balance at the start
 *   of the new period (credits reserved by running jobs are not part of it). `carried = floor(unused *
 *   rolloverPercent / 100)` of them stay; the ledger records an `expiry` of all `unused` credits and a
 *   `rollover` of `carried`, then the `grant` of the allowance. New balance = carried + allowance.
 *   Pay-as-you-go pack credits (issue 23) never expire: they are spent last, so `packKept = min(unused,
 *   users.pack_credits)` of the unused credits are pack credits and are left out of the expiry and the rollover
 *   share; users.pack_credits becomes `packKept`. New balance = packKept + carried + allowance.
 *   `rolloverPercent` is that of the plan of the new period.
 * - Idempotent: keys `grant:<period>`, `expiry:<period>`, `rollover:<period>` are unique per user, and the
 *   grant key is checked first, so the same period is never granted twice whatever the order of events.
 *
 * @param entry.allowance credits of the plan per period (whole number >= 0)
 * @param entry.rolloverPercent 0-100
 */
export async function grantPeriodCredits(
  tx: Tx,
  entry: {
    userId: string;
    subscriptionId: string;
    periodStart: Date;
    allowance: number;
    rolloverPercent: number;
    planName: string;
  },
): Promise<PeriodGrantResult> {
  const { userId, allowance, rolloverPercent } = entry;
  if (!Number.isInteger(allowance) || allowance < 0)
    throw new Error(`allowance must be a whole number of credits >= 0, got ${allowance}`);
  if (!(rolloverPercent >= 0 && rolloverPercent <= 100))
    throw new Error(`rolloverPercent must be within 0-100, got ${rolloverPercent}`);
  const key = periodKey(entry.subscriptionId, entry.periodStart);
  const existing = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.idempotencyKey, `grant:${key}`)))
    .limit(1);
  const unused = await balanceOf(tx, userId);
  if (existing.length)
    return { granted: false, renewal: false, unused, carried: 0, expired: 0, allowance: 0, balanceAfter: unused };

  const earlier = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        like(creditLedger.idempotencyKey, `grant:period:${escapeLike(entry.subscriptionId)}:%`),
      ),
    )
    .limit(1);
  const renewal = earlier.length > 0;
  let carried = 0;
  let expired = 0;
  let packKept = 0;
  if (renewal) {
    const [owner] = await tx.select({ pack: users.packCredits }).from(users).where(eq(users.id, userId));
    packKept = Math.max(0, Math.min(unused, owner?.pack ?? 0));
    if ((owner?.pack ?? 0) !== packKept)
      await tx.update(users).set({ packCredits: packKept }).where(eq(users.id, userId));
  }
  const expirable = unused - packKept;
  if (renewal && expirable > 0) {
    carried = Math.floor((expirable * rolloverPercent) / 100);
    expired = expirable - carried;
    await tx.insert(creditLedger).values({
      userId,
      kind: 'expiry',
      amount: -expirable,
      idempotencyKey: `expiry:${key}`,
      note: `unused credits at the end of the ${entry.planName} period`,
    });
    if (carried > 0) {
      await tx.insert(creditLedger).values({
        userId,
        kind: 'rollover',
        amount: carried,
        idempotencyKey: `rollover:${key}`,
        note: `${rolloverPercent}% of ${expirable} unused credits`,
      });
    }
  }
  await tx.insert(creditLedger).values({
    userId,
    kind: 'grant',
    amount: allowance,
    idempotencyKey: `grant:${key}`,
    note: `${entry.planName} allowance`,
  });
  return {
    granted: true,
    renewal,
    unused,
    carried,
    expired,
    packKept,
    allowance,
    balanceAfter: carried + packKept + allowance + (renewal ? 0 : unused),
  };
}
