/** The write check of a job (issue 35 item 4): who may change, re-run or delete it (docs/teams.md). */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertMayModify, type Actor } from '../teams/team-roles.ts';
import * as repo from './job.repository.ts';

/**
 * Checks that `actor` may change or delete the job `jobId` of the account `accountId`: the owner and admins any of
 * the team's jobs, a plain member only the jobs they started.
 * @throws AppError JOB_NOT_FOUND (404) when the job is not the account's, TEAM_NOT_YOURS (403) when another member's
 */
export async function assertJobWritable(
  ctx: Pick<AppContext, 'db'>,
  accountId: string,
  actor: Actor,
  jobId: string,
): Promise<repo.JobRow> {
  const job = await repo.findUserJob(ctx.db, accountId, jobId);
  if (!job) throw new AppError('JOB_NOT_FOUND');
  // A member's own job (from before they joined) is theirs alone: the account is then theirs, not the team's.
  if (job.userId !== actor.id) assertMayModify(actor, job.startedBy);
  return job;
}

/**
 * The account that holds the job `jobId` for the person `user` (issue 38 item 2): the team's account when the team
 * has it, the person's own when it is one of their own jobs from before they joined, else the acting account (so
 * the call goes on to answer JOB_NOT_FOUND as for any other id).
 */
export async function jobAccountOf(
  ctx: Pick<AppContext, 'db'>,
  user: { id: string; accountId: string },
  jobId: string,
): Promise<string> {
  if (user.id === user.accountId) return user.accountId;
  const job = await repo.findUserJob(ctx.db, [user.accountId, user.id], jobId);
  return job?.userId ?? user.accountId;
}
