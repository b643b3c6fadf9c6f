/** Rows of teams, team_members and team_invitations (migration 0035), and the account a user acts for. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { apiKeys, teamInvitations, teamMembers, teams, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { JobStarter, TeamRole } from '../../../../contract/teams.ts';

export type TeamRow = typeof teams.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;

/** The caller's place in a team: the team, its owner (the account it acts for) and the caller's role. */
export interface Membership {
  teamId: string;
  ownerId: string;
  role: TeamRole;
}

/** The user's team membership, or undefined when the user is in no team. */
export async function membershipOf(db: DbOrTx, userId: string): Promise<Membership | undefined> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId, ownerId: teams.ownerId, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  return row;
}

/**
 * The account (user id) whose plan, credits, jobs, uploads, API keys and webhooks the user acts with: the team
 * owner's while the user is in a team, else the user's own.
 */
export async function accountIdOf(db: DbOrTx, userId: string): Promise<string> {
  return (await membershipOf(db, userId))?.ownerId ?? userId;
}

export async function insertTeam(db: DbOrTx, ownerId: string, name: string): Promise<TeamRow> {
  const [team] = await db.insert(teams).values({ ownerId, name }).returning();
  await db.insert(teamMembers).values({ teamId: team.id, userId: ownerId, role: 'owner' });
  return team;
}

export async function findTeam(db: DbOrTx, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** The members with their e-mail and name, owner first, then by joining time. */
export async function listMembers(db: DbOrTx, teamId: string) {
  return db
    .select({
      userId: teamMembers.userId,
      email: users.email,
      fullName: users.fullName,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'owner' desc`, asc(teamMembers.joinedAt));
}

export async function countSeats(db: DbOrTx, teamId: string): Promise<number> {
  const [m] = await db
    .select({ n: sql<number>`count(*)` })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  const [i] = await db
    .select({ n: sql<number>`count(*)` })
    .from(teamInvitations)
    .where(eq(teamInvitations.teamId, teamId));
  return Number(m?.n ?? 0) + Number(i?.n ?? 0);
}

export async function findMember(db: DbOrTx, teamId: string, userId: string) {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

export async function setMemberRole(db: DbOrTx, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/**
 * Takes the user out of the team: the member row goes, and the API keys the member made for the team are revoked
 * (they would stop authenticating anyway: a key acts only while its maker's account is the key's account).
 */
export async function deleteMember(db: DbOrTx, team: { id: string; ownerId: string }, userId: string): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)));
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, team.ownerId), eq(apiKeys.createdBy, userId), sql`${apiKeys.revokedAt} is null`));
}

export async function addMember(db: DbOrTx, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.insert(teamMembers).values({ teamId, userId, role });
}

/** Inserts an invitation, replacing a pending one of the same team and address. */
export async function upsertInvitation(
  db: DbOrTx,
  row: { teamId: string; email: string; role: TeamRole; codeHash: string; invitedBy: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [created] = await db
    .insert(teamInvitations)
    .values(row)
    .onConflictDoUpdate({
      target: [teamInvitations.teamId, teamInvitations.email],
      set: {
        role: row.role,
        codeHash: row.codeHash,
        invitedBy: row.invitedBy,
        expiresAt: row.expiresAt,
        failedAttempts: 0,
        createdAt: new Date(),
      },
    })
    .returning();
  return created;
}

export async function listInvitations(db: DbOrTx, teamId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.teamId, teamId))
    .orderBy(asc(teamInvitations.createdAt));
}

/** Invitations to an e-mail address, with the team's name and the inviter's e-mail. */
export async function invitationsTo(db: DbOrTx, email: string) {
  return db
    .select({ invitation: teamInvitations, teamName: teams.name, invitedBy: users.email })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.email, email))
    .orderBy(asc(teamInvitations.createdAt));
}

export async function deleteInvitation(db: DbOrTx, id: string): Promise<void> {
  await db.delete(teamInvitations).where(eq(teamInvitations.id, id));
}

export async function countFailedAttempt(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(teamInvitations)
    .set({ failedAttempts: sql`${teamInvitations.failedAttempts} + 1` })
    .where(inArray(teamInvitations.id, ids));
}

/** The e-mail and name of each team-job starter, by user id (JobResponse.started_by). */
export async function startersOf(db: DbOrTx, userIds: string[]): Promise<Map<string, JobStarter>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { user_id: r.id, email: r.email, full_name: r.fullName }]));
}

/** Deletes the team, its member rows and invitations (cascade). */
export async function deleteTeam(db: DbOrTx, teamId: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}
