/**
 * The plan a user is on, as the web app compares it (spec section 3): the plan of an active subscription whose
 * period has not ended, else 'Free'. A subscription set to cancel at the period's end keeps its plan until then.
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export const FREE_PLAN_ID = 'Free';

/** Credits granted once to every new account (the Free plan of reading A, spec section 9). */
export const FREE_SIGNUP_CREDITS = 25;

/**
 * Stripe renews a subscription at the end of its period and tells us by webhook a little later; during this
 * window (seconds) a renewing Stripe subscription keeps its plan. Test-mode and canceling subscriptions get none.
 */
export const STRIPE_RENEWAL_GRACE_SECONDS = 24 * 60 * 60;

/** Returns the plan id ('Free', 'explorer', 'pro', 'business') of the user at `now`. */
export async function currentPlanOf(db: DbOrTx, userId: string, now: Date = new Date()): Promise<string> {
  const graceEnd = new Date(now.getTime() - STRIPE_RENEWAL_GRACE_SECONDS * 1000);
  const [row] = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        or(
          isNull(subscriptions.currentPeriodEnd),
          gt(subscriptions.currentPeriodEnd, now),
          and(
            eq(subscriptions.provider, 'stripe'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            gt(subscriptions.currentPeriodEnd, graceEnd),
          ),
        ),
      ),
    )
    .limit(1);
  return row?.planId ?? FREE_PLAN_ID;
}
