/** Plans, subscriptions, invoices and the credit ledger. The balance is never stored: it is the ledger's sum. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.schema.ts';
import { jobs } from './jobs.schema.ts';

/** The plan catalog (reading A of spec section 9), loaded from the catalog file at start-up. */
export const plans = pgTable('plans', {
  /** planName as the web app compares it: Free, explorer, pro, business. */
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  priceCents: integer('price_cents').notNull(),
  /** 'month' or 'one_time' */
  interval: text('interval').notNull(),
  credits: integer('credits').notNull(),
  /** Share of unused credits carried into the next period, 0-100. */
  rolloverPercent: integer('rollover_percent').notNull().default(0),
  stripePriceId: text('stripe_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The whole plan card (features, limitations, button text...). */
  card: jsonb('card').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's current subscription (one row per user). Free users have none or a canceled one. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    /** active | trialing | past_due | canceled | incomplete */
    status: text('status').notNull(),
    /** 'stripe' or 'test' (local test mode, no payment taken). */
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_key').on(t.userId),
    uniqueIndex('subscriptions_provider_sub_key').on(t.providerSubscriptionId),
  ],
);

/** Paid (or, in test mode, simulated and clearly marked) invoices shown in the billing history. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    description: text('description').notNull(),
    /** The plan this invoice pays a period of (plans.plan_name), or null for anything else (migration 0009). */
    planId: text('plan_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    invoicePdfUrl: text('invoice_pdf_url'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_provider_invoice_key').on(t.providerInvoiceId),
    index('invoices_user_idx').on(t.userId),
  ],
);

/**
 * The credit ledger. Entry kinds and the sign of `amount` (credits):
 * grant (+), rollover (+), release (+, gives a reservation back), reserve (-), expiry (-),
 * charge (0: marks a reservation as spent; the credits already left the balance at reserve).
 * Balance = SUM(amount), never below zero (reserve checks under a row lock on the user).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** Idempotency key, e.g. `grant:pro:2026-11` or `reserve:<jobId>`; unique per user. */
    idempotencyKey: text('idempotency_key'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId),
    uniqueIndex('credit_ledger_user_key').on(t.userId, t.idempotencyKey),
  ],
);
