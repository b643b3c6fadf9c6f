/**
 * The one write path of billing: a snapshot of what the payment provider (Stripe, or the local test mode) says
 * about a customer is written as plan, period, invoices and credits. Stripe webhooks, the test-mode confirm and
 * renewals all end here, so they behave the same. Idempotent: applying the same snapshot twice, or an older one
 * after a newer one, leaves the same state.
 */
import type { Db } from '../../db/database.ts';
import { lockUser } from '../credits/ledger.repository.ts';
import { grantPeriodCredits, type PeriodGrantResult } from '../credits/period-grant.repository.ts';
import {
  findSubscription,
  markSubscriptionCanceled,
  saveInvoices,
  saveSubscription,
  type InvoiceState,
  type SubscriptionRow,
  type SubscriptionState,
} from './billing.repository.ts';
import type { PlanCatalog } from './plan-catalog.ts';

/** What the provider says now. `subscription` null means the customer has no subscription at all. */
export interface BillingSnapshot {
  provider: 'stripe' | 'test';
  subscription: SubscriptionState | null;
  invoices: InvoiceState[];
}

/** Statuses under which the plan is in force and its period's credits are granted (Stripe's meaning). */
export const PAID_STATUSES = ['active', 'trialing'];

/** The outcome of applySnapshot, for logs and tests. */
export interface SyncResult {
  planId: string;
  status: string;
  grant: PeriodGrantResult | null;
  /** True when the snapshot was older than what is stored and was not written. */
  stale: boolean;
}

/**
 * Writes a snapshot for `userId` in one transaction holding the user's row lock. `snapshotOrBuilder` is the
 * snapshot, or a function building it from the stored subscription read under that lock (test mode); a builder
 * returning null means there is nothing to change.
 * Stale snapshots (same provider subscription, earlier period, or active after it was canceled) do not overwrite
 * newer state: two syncs that read the provider at nearly the same time may commit in either order.
 * Credits: grantPeriodCredits once per (subscription, period start) when the status is active or trialing and
 * the plan is known to the catalog.
 */
export async function applySnapshot(
  db: Db,
  catalog: PlanCatalog,
  userId: string,
  snapshotOrBuilder: BillingSnapshot | ((current: SubscriptionRow | undefined) => BillingSnapshot | null),
): Promise<SyncResult> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await findSubscription(tx, userId);
    // A builder sees the stored subscription under the lock, so concurrent confirms cannot both start a period.
    const snapshot = typeof snapshotOrBuilder === 'function' ? snapshotOrBuilder(current) : snapshotOrBuilder;
    if (!snapshot)
      return { planId: current?.planId ?? 'Free', status: current?.status ?? 'none', grant: null, stale: false };
    await saveInvoices(tx, userId, snapshot.invoices);
    const next = snapshot.subscription;
    if (!next) {
      if (current && current.provider === snapshot.provider && current.status !== 'canceled')
        await markSubscriptionCanceled(tx, userId);
      return { planId: 'Free', status: 'canceled', grant: null, stale: false };
    }
    if (current && current.providerSubscriptionId === next.providerSubscriptionId && isOlder(current, next)) {
      return { planId: current.planId, status: current.status, grant: null, stale: true };
    }
    // A canceled subscription of another id must not replace a running one (an old subscription's late event).
    if (
      current &&
      current.providerSubscriptionId !== next.providerSubscriptionId &&
      next.status === 'canceled' &&
      current.status !== 'canceled'
    ) {
      return { planId: current.planId, status: current.status, grant: null, stale: true };
    }
    await saveSubscription(tx, userId, next);
    const plan = catalog.byName(next.planId);
    let grant: PeriodGrantResult | null = null;
    if (plan && plan.interval === 'month' && PAID_STATUSES.includes(next.status)) {
      grant = await grantPeriodCredits(tx, {
        userId,
        subscriptionId: next.providerSubscriptionId,
        periodStart: next.currentPeriodStart,
        allowance: plan.credits,
        rolloverPercent: plan.rolloverPercent,
        planName: plan.planName,
      });
    }
    return { planId: next.planId, status: next.status, grant, stale: false };
  });
}

function isOlder(current: { currentPeriodStart: Date | null; status: string }, next: SubscriptionState): boolean {
  if (current.currentPeriodStart && next.currentPeriodStart.getTime() < current.currentPeriodStart.getTime())
    return true;
  // Canceled is final for a Stripe subscription: an 'active' read of the same id is from before the cancel.
  return current.status === 'canceled' && next.status !== 'canceled';
}
