/** Accounts: users, e-mail verification codes and password-reset tokens. Codes and tokens are stored hashed. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SubtitleStyle } from '../../../../contract/jobs.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Lower-cased, trimmed. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull().default(''),
    /** argon2id hash; null for accounts created through Google only. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** OpenID Connect `sub` of the Google account. */
    googleSubject: text('google_subject'),
    stripeCustomerId: text('stripe_customer_id'),
    /** Interface language last chosen (en or ar). */
    language: text('language').notNull().default('en'),
    /** Access tokens issued before this moment are refused (sign-out, password reset); null: all are valid. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, precision: 3 }),
    /** E-mail the user when a job finishes (Settings; migration 0006). */
    emailJobFinished: boolean('email_job_finished').notNull().default(true),
    /** The studio's last burned-in subtitle style (contract SubtitleStyle); null: the defaults (migration 0009). */
    subtitleStyle: jsonb('subtitle_style').$type<SubtitleStyle>(),
    /**
     * Pay-as-you-go credits bought and not known to be spent (migration 0033): a renewal expires none of them (they
     * are spent last) and sets this to what is left of them.
     */
    packCredits: integer('pack_credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    uniqueIndex('users_stripe_customer_key').on(t.stripeCustomerId),
  ],
);

/** 6-digit e-mail verification codes: single use, 10 minutes, at most 5 wrong tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull().default('verify_email'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId)],
);

/** Password-reset tokens: single use, 1 hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);
