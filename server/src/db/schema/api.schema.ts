/** The way in for programs (issue 23): API keys, idempotent requests and webhook endpoints. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema.ts';

/**
 * A secret API key of a user (migration 0030). Only the SHA-256 of the secret is kept; `prefix` (its first
 * characters) is what lists show. A revoked key stays listed as revoked and never authenticates again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The secret's first characters, e.g. 'tjk_3fQ9xA'. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex. */
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last authenticated request, to the minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The member whose key this is when user_id is their team's owner account (migration 0035); null: user_id's own.
     * The key authenticates as this member, and only while the member's account is still user_id.
     */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

/**
 * An `Idempotency-Key` a user sent (migration 0031), Stripe's scheme: the first request with a key runs and its
 * answer is kept; a later request with the same key and the same method, path and body gets that answer again,
 * one with anything different 422. `response_status` is null while the first request still runs (`locked_at`).
 * Rows older than 24 hours no longer count and are removed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and the canonical JSON body, hex. */
    requestHash: text('request_hash').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** One try of a webhook delivery: when, the receiver's HTTP status (null when none answered) and why it failed. */
export interface WebhookAttempt {
  at: string;
  status: number | null;
  error: string | null;
}

/**
 * A URL that receives the account's job events (migration 0032), signed with `secret` (`whsec_...`, kept in clear:
 * it is the HMAC key). `disabled_at` is set after a delivery failed for 24 hours, or by the owner.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    /** contract WEBHOOK_EVENTS */
    events: text('events').array().notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The team member who added it when user_id is their team's owner account; null: the account's own (issue 35
     * item 4: a plain member deletes only the endpoints they added). A member's account deletion leaves it to the team.
     */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One event sent (or being sent) to one endpoint, with the log of its tries. `status`: pending | succeeded | failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** `evt_...`, the same for every endpoint the event goes to. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact event object sent (the body is its JSON). */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: jsonb('attempts').$type<WebhookAttempt[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
  ],
);
