/**
 * Who may change or delete a resource of a team's account (issue 35 item 4; the table is docs/teams.md): the owner
 * and admins act on everything of the account, a plain member only on what they made (their jobs, API keys and
 * webhook endpoints). Outside a team the person is the account and acts on all of it.
 */
import { AppError } from '../../errors.ts';
import { TEAM_MANAGER_ROLES, type TeamRole } from '../../../../contract/teams.ts';

/** The person acting: their user id and role in their team (null outside any team). */
export interface Actor {
  id: string;
  teamRole: TeamRole | null;
}

/**
 * Whether `actor` may change or delete a resource whose maker is `makerId` (null: made by the account itself, i.e.
 * the owner, or before the team existed).
 */
export function mayModify(actor: Actor, makerId: string | null): boolean {
  if (actor.teamRole === null || TEAM_MANAGER_ROLES.includes(actor.teamRole)) return true;
  return makerId === actor.id;
}

/** @throws AppError TEAM_NOT_YOURS (403) when `actor` may not change or delete what `makerId` made (see mayModify) */
export function assertMayModify(actor: Actor, makerId: string | null): void {
  if (!mayModify(actor, makerId)) throw new AppError('TEAM_NOT_YOURS');
}
