/**
 * Teams (issue 23 item 5): create, invite by e-mail (a 6-digit code, like the sign-up code), accept, change a
 * member's role, remove a member, leave, dissolve. Every action is checked here against the caller's own
 * membership: ids of another team answer 404 TEAM_MEMBER_NOT_FOUND, members who are not owner or admin get 403
 * TEAM_ROLE_REQUIRED. The owner's account holds the team's plan, credits, jobs, uploads, API keys and webhooks
 * (see accountIdOf), so joining or leaving moves no money or rows: it changes which account the user acts for.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentPlanOf } from '../billing/current-plan.ts';
import { loadPlanCatalog } from '../billing/plan-catalog.ts';
import type { BillingConfig } from '../../config/billing.config.ts';
import { lockUser } from '../credits/ledger.repository.ts';
import { generateCode, hashOneTimeSecret, sameHash } from '../auth/one-time-secret.service.ts';
import { findUserById } from '../users/user.repository.ts';
import {
  MAX_TEAM_SEATS,
  TEAM_INVITATION_MAX_ATTEMPTS,
  TEAM_INVITATION_TTL_DAYS,
  TEAM_MANAGER_ROLES,
  type AcceptTeamInvitationRequest,
  type CreateTeamRequest,
  type InviteTeamMemberRequest,
  type TeamResponse,
  type UpdateTeamMemberRequest,
} from '../../../../contract/teams.ts';
import { teamInvitationMail } from './team.mails.ts';
import * as repo from './team.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer' | 'secret' | 'logger'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

const teamsRules = new WeakMap<BillingConfig, (planId: string) => boolean>();

/** Whether a plan id includes team management (plan catalog `teams`; built in: Business). */
export function teamsRule(config: BillingConfig): (planId: string) => boolean {
  let rule = teamsRules.get(config);
  if (!rule) {
    const catalog = loadPlanCatalog(config);
    rule = (planId) => catalog.byName(planId)?.teams ?? false;
    teamsRules.set(config, rule);
  }
  return rule;
}

const planHasTeams = async (ctx: Ctx, accountId: string) =>
  teamsRule(ctx.config.billing)(await currentPlanOf(ctx.db, accountId));

const codeHash = (ctx: Ctx, email: string, code: string) => hashOneTimeSecret(ctx.secret, `team-invite:${email}`, code);

async function userOf(ctx: Ctx, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** The caller's membership. @throws AppError TEAM_NOT_FOUND when in no team */
async function membershipOrThrow(ctx: Ctx, userId: string): Promise<repo.Membership> {
  const m = await repo.membershipOf(ctx.db, userId);
  if (!m) throw new AppError('TEAM_NOT_FOUND');
  return m;
}

/** The caller's membership as owner or admin. @throws AppError TEAM_NOT_FOUND, TEAM_ROLE_REQUIRED */
async function managerOrThrow(ctx: Ctx, userId: string): Promise<repo.Membership> {
  const m = await membershipOrThrow(ctx, userId);
  if (!TEAM_MANAGER_ROLES.includes(m.role)) throw new AppError('TEAM_ROLE_REQUIRED');
  return m;
}

/** A member of the caller's team by user id. @throws AppError TEAM_MEMBER_NOT_FOUND (any other id: no IDOR) */
async function memberOf(ctx: Ctx, m: repo.Membership, memberId: string) {
  const member = UUID.test(memberId) ? await repo.findMember(ctx.db, m.teamId, memberId.toLowerCase()) : undefined;
  if (!member) throw new AppError('TEAM_MEMBER_NOT_FOUND');
  return member;
}

/** GET /v1/team: the caller's team, role, whether their plan has teams, and invitations waiting for them. */
export async function viewTeam(ctx: Ctx, userId: string): Promise<TeamResponse> {
  const user = await userOf(ctx, userId);
  const m = await repo.membershipOf(ctx.db, userId);
  const now = Date.now();
  const forMe = m
    ? []
    : (await repo.invitationsTo(ctx.db, user.email))
        .filter((r) => r.invitation.expiresAt.getTime() > now)
        .map((r) => ({
          id: r.invitation.id,
          team_name: r.teamName,
          invited_by: r.invitedBy,
          role: r.invitation.role === 'admin' ? ('admin' as const) : ('member' as const),
          expires_at: r.invitation.expiresAt.toISOString(),
        }));
  const base = { teams_in_plan: await planHasTeams(ctx, m?.ownerId ?? userId), invitations_for_me: forMe };
  if (!m) return { team: null, role: null, ...base };
  const team = (await repo.findTeam(ctx.db, m.teamId))!;
  const members = await repo.listMembers(ctx.db, m.teamId);
  const invitations = TEAM_MANAGER_ROLES.includes(m.role) ? await repo.listInvitations(ctx.db, m.teamId) : [];
  return {
    team: {
      id: team.id,
      name: team.name,
      owner_id: team.ownerId,
      created_at: team.createdAt.toISOString(),
      members: members.map((r) => ({
        user_id: r.userId,
        email: r.email,
        full_name: r.fullName,
        role: r.role,
        joined_at: r.joinedAt.toISOString(),
      })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role === 'admin' ? ('admin' as const) : ('member' as const),
        created_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
      })),
    },
    role: m.role,
    ...base,
  };
}

/**
 * POST /v1/team: the caller becomes the owner of a new team; their account's plan and credits become the team's.
 * @throws AppError TEAM_ALREADY_MEMBER (409), TEAMS_NOT_IN_PLAN (403)
 */
export async function createTeam(ctx: Ctx, userId: string, req: CreateTeamRequest): Promise<TeamResponse> {
  if (await repo.membershipOf(ctx.db, userId)) throw new AppError('TEAM_ALREADY_MEMBER');
  if (!(await planHasTeams(ctx, userId))) throw new AppError('TEAMS_NOT_IN_PLAN');
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId); // one team per user, even for two requests at once
    if (await repo.membershipOf(tx, userId)) throw new AppError('TEAM_ALREADY_MEMBER');
    await repo.insertTeam(tx, userId, req.name);
  });
  return viewTeam(ctx, userId);
}

/**
 * POST /v1/team/invitations: e-mails a 6-digit code to the address (a new invitation to the same address replaces
 * the old one and its code). Owner and admins only; the team's plan must include teams.
 * @throws AppError TEAM_NOT_FOUND, TEAM_ROLE_REQUIRED, TEAMS_NOT_IN_PLAN, TEAM_MEMBER_EXISTS, TEAM_FULL
 */
export async function invite(ctx: Ctx, userId: string, req: InviteTeamMemberRequest): Promise<TeamResponse> {
  const m = await managerOrThrow(ctx, userId);
  if (!(await planHasTeams(ctx, m.ownerId))) throw new AppError('TEAMS_NOT_IN_PLAN');
  const members = await repo.listMembers(ctx.db, m.teamId);
  if (members.some((x) => x.email === req.email)) throw new AppError('TEAM_MEMBER_EXISTS');
  const team = (await repo.findTeam(ctx.db, m.teamId))!;
  const inviter = await userOf(ctx, userId);
  const code = generateCode();
  // Seats are counted and the invitation written under the owner's row lock, so concurrent invitations cannot pass
  // MAX_TEAM_SEATS together (issue 35 item 5).
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, m.ownerId);
    const pending = await repo.listInvitations(tx, m.teamId);
    const seats = (await repo.listMembers(tx, m.teamId)).length + pending.length;
    if (!pending.some((i) => i.email === req.email) && seats >= MAX_TEAM_SEATS) throw new AppError('TEAM_FULL');
    await repo.upsertInvitation(tx, {
      teamId: m.teamId,
      email: req.email,
      role: req.role,
      codeHash: codeHash(ctx, req.email, code),
      invitedBy: userId,
      expiresAt: new Date(Date.now() + TEAM_INVITATION_TTL_DAYS * DAY_MS),
    });
  });
  await ctx.mailer.send(
    teamInvitationMail(req.email, {
      teamName: team.name,
      inviter: inviter.fullName ? `${inviter.fullName} (${inviter.email})` : inviter.email,
      code,
      appUrl: ctx.config.app.publicUrl,
      days: TEAM_INVITATION_TTL_DAYS,
    }),
  );
  if (ctx.mailer.kind === 'outbox') ctx.logger.info({ email: req.email, code }, 'team invitation code (outbox mailer)');
  return viewTeam(ctx, userId);
}

/** DELETE /v1/team/invitations/{id}: withdraws a pending invitation. @throws AppError TEAM_ROLE_REQUIRED, NOT_FOUND */
export async function cancelInvitation(ctx: Ctx, userId: string, id: string): Promise<TeamResponse> {
  const m = await managerOrThrow(ctx, userId);
  const row = (await repo.listInvitations(ctx.db, m.teamId)).find((i) => i.id === id.toLowerCase());
  if (!row) throw new AppError('NOT_FOUND', 'No such invitation.');
  await repo.deleteInvitation(ctx.db, row.id);
  return viewTeam(ctx, userId);
}

/**
 * POST /v1/team/invitations/accept: the caller joins the team whose invitation to the caller's e-mail has this
 * code. A wrong code counts against every pending invitation to the address; after TEAM_INVITATION_MAX_ATTEMPTS
 * wrong codes an invitation accepts none.
 * @throws AppError TEAM_ALREADY_MEMBER (409), TEAM_INVITATION_INVALID (400)
 */
export async function acceptInvitation(
  ctx: Ctx,
  userId: string,
  req: AcceptTeamInvitationRequest,
): Promise<TeamResponse> {
  const user = await userOf(ctx, userId);
  if (await repo.membershipOf(ctx.db, userId)) throw new AppError('TEAM_ALREADY_MEMBER');
  const now = Date.now();
  const open = (await repo.invitationsTo(ctx.db, user.email))
    .map((r) => r.invitation)
    .filter((i) => i.expiresAt.getTime() > now && i.failedAttempts < TEAM_INVITATION_MAX_ATTEMPTS);
  const hash = codeHash(ctx, user.email, req.code);
  const match = open.find((i) => sameHash(i.codeHash, hash));
  if (!match) {
    await repo.countFailedAttempt(
      ctx.db,
      open.map((i) => i.id),
    );
    throw new AppError('TEAM_INVITATION_INVALID');
  }
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (await repo.membershipOf(tx, userId)) throw new AppError('TEAM_ALREADY_MEMBER');
    await repo.addMember(tx, match.teamId, userId, match.role);
    await repo.deleteInvitation(tx, match.id);
  });
  return viewTeam(ctx, userId);
}

/**
 * PATCH /v1/team/members/{id}: makes a member an admin or a member. Owner and admins only; the owner's role is fixed.
 * @throws AppError TEAM_NOT_FOUND, TEAM_ROLE_REQUIRED, TEAM_MEMBER_NOT_FOUND, TEAM_OWNER_FIXED
 */
export async function updateMember(
  ctx: Ctx,
  userId: string,
  memberId: string,
  req: UpdateTeamMemberRequest,
): Promise<TeamResponse> {
  const m = await managerOrThrow(ctx, userId);
  const member = await memberOf(ctx, m, memberId);
  if (member.role === 'owner') throw new AppError('TEAM_OWNER_FIXED');
  await repo.setMemberRole(ctx.db, m.teamId, member.userId, req.role);
  return viewTeam(ctx, userId);
}

/**
 * DELETE /v1/team/members/{id}: takes a member out of the team (they keep nothing of the team's). Owner and
 * admins only; the owner cannot be removed.
 * @throws AppError TEAM_NOT_FOUND, TEAM_ROLE_REQUIRED, TEAM_MEMBER_NOT_FOUND, TEAM_OWNER_FIXED
 */
export async function removeMember(ctx: Ctx, userId: string, memberId: string): Promise<TeamResponse> {
  const m = await managerOrThrow(ctx, userId);
  const member = await memberOf(ctx, m, memberId);
  if (member.role === 'owner') throw new AppError('TEAM_OWNER_FIXED');
  await ctx.db.transaction((tx) => repo.deleteMember(tx, { id: m.teamId, ownerId: m.ownerId }, member.userId));
  return viewTeam(ctx, userId);
}

/**
 * POST /v1/team/leave: the caller leaves the team and acts for their own account again (their own plan and
 * credits, none of the team's jobs, keys or webhooks). The owner cannot leave (they may dissolve the team).
 * @throws AppError TEAM_NOT_FOUND, TEAM_OWNER_FIXED
 */
export async function leaveTeam(ctx: Ctx, userId: string): Promise<TeamResponse> {
  const m = await membershipOrThrow(ctx, userId);
  if (m.role === 'owner') throw new AppError('TEAM_OWNER_FIXED');
  await ctx.db.transaction((tx) => repo.deleteMember(tx, { id: m.teamId, ownerId: m.ownerId }, userId));
  return viewTeam(ctx, userId);
}

/**
 * DELETE /v1/team: the owner dissolves the team; every other member leaves it (as by POST /v1/team/leave) and the
 * owner keeps the account's plan, credits, jobs, keys and webhooks.
 * @throws AppError TEAM_NOT_FOUND, TEAM_ROLE_REQUIRED
 */
export async function dissolveTeam(ctx: Ctx, userId: string): Promise<TeamResponse> {
  const m = await membershipOrThrow(ctx, userId);
  if (m.role !== 'owner') throw new AppError('TEAM_ROLE_REQUIRED');
  await ctx.db.transaction(async (tx) => {
    for (const member of await repo.listMembers(tx, m.teamId))
      if (member.role !== 'owner') await repo.deleteMember(tx, { id: m.teamId, ownerId: m.ownerId }, member.userId);
    await repo.deleteTeam(tx, m.teamId);
  });
  return viewTeam(ctx, userId);
}
