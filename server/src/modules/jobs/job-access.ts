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
  assertMayModify(actor, job.startedBy);
  return job;
}
