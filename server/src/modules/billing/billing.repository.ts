/**
 * Database access of billing: a user's subscription row, invoices, the Stripe customer id and the plans table.
 * Every function accepts a database or an open transaction.
 */
import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { invoices, plans, subscriptions, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Plan } from './plan-catalog.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** The subscription of a user as billing writes it (one row per user). Dates are instants. */
export interface SubscriptionState {
  planId: string;
  /** active | trialing | past_due | canceled | incomplete | unpaid... (Stripe's words) */
  status: string;
  provider: 'stripe' | 'test';
  providerSubscriptionId: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** An invoice as billing writes it. Amount in cents. */
export interface InvoiceState {
  provider: 'stripe' | 'test';
  providerInvoiceId: string;
  /** The provider's own (English) text; the web words a plan's invoice itself from `planId` and the period. */
  description: string;
  /** The plan whose period this invoice pays (its planName), or null when it pays something else. */
  planId: string | null;
  amountCents: number;
  currency: string;
  paidAt: Date | null;
  invoicePdfUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export async function findSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** Inserts or replaces the user's single subscription row. */
export async function saveSubscription(db: DbOrTx, userId: string, s: SubscriptionState): Promise<void> {
  const values = { ...s, userId, updatedAt: new Date() };
  await db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

/** Marks the user's subscription canceled now (period kept for the record). */
export async function markSubscriptionCanceled(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(eq(subscriptions.userId, userId));
}

/** Inserts or updates invoices by their provider id. */
export async function saveInvoices(db: DbOrTx, userId: string, list: InvoiceState[]): Promise<void> {
  for (const inv of list) {
    await db
      .insert(invoices)
      .values({ ...inv, userId })
      .onConflictDoUpdate({
        target: invoices.providerInvoiceId,
        set: {
          description: inv.description,
          planId: inv.planId,
          amountCents: inv.amountCents,
          paidAt: inv.paidAt,
          invoicePdfUrl: inv.invoicePdfUrl,
          periodStart: inv.periodStart,
          periodEnd: inv.periodEnd,
        },
      });
  }
}

/** Paid invoices of a user, newest first. */
export async function listPaidInvoices(db: DbOrTx, userId: string, limit = 100): Promise<InvoiceRow[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.paidAt), desc(invoices.createdAt))
    .limit(limit);
  return rows.filter((r) => r.paidAt !== null);
}

export async function findInvoiceByProviderId(db: DbOrTx, providerInvoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, providerInvoiceId)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findUserByCustomer(db: DbOrTx, customerId: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return row;
}

/**
 * Records the user's Stripe customer unless one was recorded meanwhile (two checkouts at once). Returns the
 * customer id that is on record afterwards.
 */
export async function setStripeCustomer(db: DbOrTx, userId: string, customerId: string): Promise<string> {
  const updated = await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (updated.length) return customerId;
  const row = await findUserById(db, userId);
  return row?.stripeCustomerId ?? customerId;
}

/** Subscriptions of a provider, still counted as running, whose period ended at or before `now`. */
export async function subscriptionsDue(db: DbOrTx, provider: 'stripe' | 'test', now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
}

/** Mirrors the catalog into the plans table (reporting and SQL joins read it; the catalog stays the source). */
export async function upsertPlans(db: DbOrTx, list: Plan[]): Promise<void> {
  for (const [i, p] of list.entries()) {
    const values = {
      id: p.planName,
      displayName: p.name,
      priceCents: p.priceCents,
      interval: p.interval,
      credits: p.credits,
      rolloverPercent: p.rolloverPercent,
      stripePriceId: p.priceId,
      sortOrder: i,
      card: p as unknown as Record<string, unknown>,
      updatedAt: new Date(),
    };
    await db.insert(plans).values(values).onConflictDoUpdate({ target: plans.id, set: values });
  }
}
