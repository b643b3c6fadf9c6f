/**
 * The plan a user is on, as the web app compares it (spec section 3): the plan of an active subscription whose
 * period has not ended, else 'Free'.
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export const FREE_PLAN_ID = 'Free';

/** Credits granted once to every new account (the Free plan of reading A, spec section 9). */
export const FREE_SIGNUP_CREDITS = 25;

/** Returns the plan id ('Free', 'explorer', 'pro', 'business') of the user at `now`. */
export async function currentPlanOf(db: DbOrTx, userId: string, now: Date = new Date()): Promise<string> {
  const [row] = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    )
    .limit(1);
  return row?.planId ?? FREE_PLAN_ID;
}
