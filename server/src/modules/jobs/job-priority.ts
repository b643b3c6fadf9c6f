/**
 * The queue priority of a translation job: plan first, then fair share between users (spec section 9: Pro has a
 * "priority queue", Business is "first-in-line"; issue 16).
 *
 * Policy (docs/operator.md "Queue priority and fair share"):
 * - tier: Business 3, Pro 2, Explorer 1, Free 0 (the owner's plan when the message is sent, billing/current-plan);
 *   every waiting job of a higher tier starts before any of a lower tier;
 * - within a tier, a job's turn is its owner's number of unfinished jobs (queued or processing) created before
 *   it: every user's first job comes before anyone's second, and so on (round robin by turn). A user's backlog
 *   therefore delays another user's first job only by the jobs already running (one per worker slot);
 * - equal tier and turn: oldest first (pg-boss orders by priority desc, then created_on).
 * pg-boss priority = tier * TIER_SPAN + (TIER_SPAN - 1 - min(turn, TIER_SPAN - 1)).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import { currentPlanOf } from '../billing/current-plan.ts';

/** Tier per plan id (contract/auth.ts PLAN_NAMES); an unknown plan id counts as Free. */
export const PLAN_TIERS: Readonly<Record<string, number>> = { business: 3, pro: 2, explorer: 1, Free: 0 };

/** Priority values one tier spans (turns beyond it share the last value). */
export const TIER_SPAN = 10_000;

/** The pg-boss priority of a tier and a turn (0 = the user's first unfinished job). */
export function priorityOf(tier: number, turn: number): number {
  return tier * TIER_SPAN + (TIER_SPAN - 1 - Math.min(Math.max(0, turn), TIER_SPAN - 1));
}

/** The tier of a priority value (for the queue-depth metric). */
export function tierOfPriority(priority: number): number {
  return Math.floor(priority / TIER_SPAN);
}

/** Plan id of a tier ('business', 'pro', 'explorer', 'Free'). */
export function planOfTier(tier: number): string {
  return Object.entries(PLAN_TIERS).find(([, t]) => t === tier)?.[0] ?? 'Free';
}

/**
 * The pg-boss priority of the job `jobId` of `userId`, computed now (at submission, and again when the recovery
 * sweep or a worker's shutdown sends it again).
 */
export async function queuePriorityOf(db: DbOrTx, userId: string, jobId: string): Promise<number> {
  const plan = await currentPlanOf(db, userId);
  const [row] = await db
    .select({ turn: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        inArray(jobs.status, ['queued', 'processing']),
        lt(jobs.createdAt, sql`(select ${jobs.createdAt} from ${jobs} where ${jobs.id} = ${jobId})`),
      ),
    );
  return priorityOf(PLAN_TIERS[plan] ?? 0, Number(row?.turn ?? 0));
}
