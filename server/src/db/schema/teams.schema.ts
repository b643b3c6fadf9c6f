/**
 * Teams (issue 23 item 5, migration 0035). The owner's account holds the team's plan, credits, jobs, uploads, API
 * keys and webhooks; a user is in at most one team (team_members_user_key). Roles: contract TEAM_ROLES.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TeamRole } from '../../../../contract/teams.ts';
import { users } from './users.schema.ts';

export const teams = pgTable(
  'teams',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The account whose plan and credits the team uses. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_owner_key').on(t.ownerId)],
);

/** One member of a team, the owner included (role 'owner'). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<TeamRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), uniqueIndex('team_members_user_key').on(t.userId)],
);

/** A pending invitation by e-mail: the SHA-256 of its 6-digit code; one per team and address (a new one replaces it). */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower-cased, trimmed. */
    email: text('email').notNull(),
    role: text('role').$type<TeamRole>().notNull(),
    codeHash: text('code_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Wrong codes tried against this invitation; it stops accepting codes at TEAM_INVITATION_MAX_ATTEMPTS. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('team_invitations_team_email_key').on(t.teamId, t.email),
    index('team_invitations_email_idx').on(t.email),
  ],
);
