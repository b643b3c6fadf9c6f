/**
 * Teams (issue 23, item 5): an owner, admins and members sharing one plan and one credit balance. The team's
 * owner's account holds the plan, the credits, the jobs, the uploads, the API keys and the webhooks; a member's
 * jobs reserve and charge the owner's balance while the member is in the team. Owner and admins invite by e-mail
 * (a 6-digit code), remove members and change roles; the owner can be neither removed nor demoted and cannot
 * leave; a member may leave and then keeps nothing of the team's. A user is in at most one team. Only plans whose
 * catalog entry has `teams` (built in: Business) may create a team. Times are ISO 8601 strings.
 */
import * as v from 'valibot';

/** Roles in a team, most powerful first. */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Roles an invitation or a role change can give (there is one owner, the team's creator). */
export const ASSIGNABLE_TEAM_ROLES = ['admin', 'member'] as const;
export type AssignableTeamRole = (typeof ASSIGNABLE_TEAM_ROLES)[number];

/** Roles that may invite, remove members and change roles. */
export const TEAM_MANAGER_ROLES: readonly TeamRole[] = ['owner', 'admin'];

/** An invitation's code works for this many days. */
export const TEAM_INVITATION_TTL_DAYS = 7;

/** Wrong codes an invitation takes before it stops accepting any (a new invitation must be sent). */
export const TEAM_INVITATION_MAX_ATTEMPTS = 5;

/** At most this many members (owner included) plus pending invitations per team. */
export const MAX_TEAM_SEATS = 50;

const Email = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.toLowerCase(),
  v.email('Please enter a valid email address'),
  v.maxLength(254, 'Please enter a valid email address'),
);

/** POST /v1/team: create a team owned by the caller. */
export const CreateTeamRequest = v.object({
  name: v.pipe(
    v.string('Give the team a name.'),
    v.trim(),
    v.minLength(1, 'Give the team a name.'),
    v.maxLength(100, 'The name is limited to 100 characters.'),
  ),
});
export type CreateTeamRequest = v.InferOutput<typeof CreateTeamRequest>;

/** POST /v1/team/invitations: e-mail a 6-digit code to `email`; `role` defaults to 'member'. */
export const InviteTeamMemberRequest = v.object({
  email: Email,
  role: v.optional(v.picklist(ASSIGNABLE_TEAM_ROLES, "role must be 'admin' or 'member'"), 'member'),
});
export type InviteTeamMemberRequest = v.InferOutput<typeof InviteTeamMemberRequest>;

/** POST /v1/team/invitations/accept: the 6-digit code of an invitation sent to the caller's e-mail. */
export const AcceptTeamInvitationRequest = v.object({
  code: v.pipe(
    v.string('The invitation code has 6 digits.'),
    v.trim(),
    v.regex(/^\d{6}$/, 'The invitation code has 6 digits.'),
  ),
});
export type AcceptTeamInvitationRequest = v.InferOutput<typeof AcceptTeamInvitationRequest>;

/** PATCH /v1/team/members/{id} */
export const UpdateTeamMemberRequest = v.object({
  role: v.picklist(ASSIGNABLE_TEAM_ROLES, "role must be 'admin' or 'member'"),
});
export type UpdateTeamMemberRequest = v.InferOutput<typeof UpdateTeamMemberRequest>;

/** One member of the team. */
export const TeamMember = v.object({
  user_id: v.string(),
  email: v.string(),
  full_name: v.string(),
  role: v.picklist(TEAM_ROLES),
  joined_at: v.string(),
});
export type TeamMember = v.InferOutput<typeof TeamMember>;

/** A pending invitation (the code itself is only in the e-mail). */
export const TeamInvitation = v.object({
  id: v.string(),
  email: v.string(),
  role: v.picklist(ASSIGNABLE_TEAM_ROLES),
  created_at: v.string(),
  expires_at: v.string(),
});
export type TeamInvitation = v.InferOutput<typeof TeamInvitation>;

/** The caller's team; `invitations` (pending) only for the owner and admins, else empty. */
export const Team = v.object({
  id: v.string(),
  name: v.string(),
  owner_id: v.string(),
  created_at: v.string(),
  members: v.array(TeamMember),
  invitations: v.array(TeamInvitation),
});
export type Team = v.InferOutput<typeof Team>;

/** An invitation sent to the caller's e-mail, not accepted yet: accept it with the code from the e-mail. */
export const InvitationForMe = v.object({
  id: v.string(),
  team_name: v.string(),
  invited_by: v.nullable(v.string()),
  role: v.picklist(ASSIGNABLE_TEAM_ROLES),
  expires_at: v.string(),
});
export type InvitationForMe = v.InferOutput<typeof InvitationForMe>;

/**
 * GET /v1/team (and the answer of every team change): the caller's team (null when in none), their role in it,
 * whether their own plan may create a team, and the invitations waiting for them.
 */
export const TeamResponse = v.object({
  team: v.nullable(Team),
  role: v.nullable(v.picklist(TEAM_ROLES)),
  teams_in_plan: v.boolean(),
  invitations_for_me: v.array(InvitationForMe),
});
export type TeamResponse = v.InferOutput<typeof TeamResponse>;

/** Who started a team job (JobResponse.started_by). */
export const JobStarter = v.object({ user_id: v.string(), email: v.string(), full_name: v.string() });
export type JobStarter = v.InferOutput<typeof JobStarter>;
