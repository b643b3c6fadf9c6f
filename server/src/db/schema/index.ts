// The drizzle schema: every table, for the query builder and drizzle-kit.
export * from './users.schema.ts';
export * from './jobs.schema.ts';
export * from './billing.schema.ts';
// Issue 23: API keys, idempotency, webhooks.
export * from './api.schema.ts';
// Issue 23 item 5: teams.
export * from './teams.schema.ts';
// Issue 20 item 4: the glossary.
export * from './glossary.schema.ts';
// Issue 26 item 6: the network engines' usage per month (spend caps).
export * from './ops.schema.ts';
