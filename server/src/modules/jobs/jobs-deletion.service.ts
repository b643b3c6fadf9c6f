/**
 * Deleting jobs: one job (DELETE /v1/jobs/{id}) and every job file of a deleted account (ctx.userDeletionHooks).
 * Credits of an unfinished job go back, a running job stops, stored outputs and voice clones are removed.
 */
import type { AppContext } from '../../context.ts';
import { releaseReservation, settleExtra } from '../credits/ledger.repository.ts';
import { listUserUploadKeys } from '../uploads/upload.repository.ts';
import * as repo from './job.repository.ts';
import { deleteJobClones } from './voice-clones.cleanup.ts';
import { assertJobWritable } from './job-access.ts';
import type { Actor } from '../teams/team-roles.ts';

type Ctx = Pick<
  AppContext,
  'db' | 'storage' | 'secret' | 'config' | 'logger' | 'queue' | 'engines' | 'jobLists' | 'runs'
>;

/**
 * DELETE /v1/jobs/{id}: gives back the credits of a job that had not finished, stops it if it runs (here, or in
 * another worker process, which sees the row gone at its next progress write) and removes its files. `userId` is
 * the account, `actor` the person deleting (a plain team member deletes only the jobs they started).
 * @throws AppError JOB_NOT_FOUND (404), TEAM_NOT_YOURS (403)
 */
export async function deleteJob(
  ctx: Ctx,
  userId: string,
  id: string,
  actor: Actor,
): Promise<{ statusCode: 200; message: string }> {
  const job = await assertJobWritable(ctx, userId, actor, id);
  const outputs = await repo.outputsOf(ctx.db, [id]);
  // Release before the row goes: the ledger's job_id is set to null when the job is deleted.
  if (job.status !== 'completed') await releaseReservation(ctx.db, userId, id, 'job deleted before it finished');
  // A re-dub waiting or running (the editor) gives its own reservation back.
  if (job.redub) await settleExtra(ctx.db, userId, job.redub.ref, 'release');
  ctx.runs.abortLocal(id);
  if (job.voiceClone) await deleteJobClones(ctx, job);
  await repo.deleteJob(ctx.db, id);
  ctx.jobLists.invalidate(userId);
  for (const o of outputs)
    await ctx.storage
      .delete(o.storageKey)
      .catch((err) => ctx.logger.warn({ err, key: o.storageKey }, 'could not delete output'));
  return { statusCode: 200, message: 'Job deleted successfully.' };
}

/**
 * Account deletion hook (ctx.userDeletionHooks): removes every stored file of the user (uploads and outputs) and
 * stops their running jobs here; the rows go with the account (foreign keys cascade).
 */
export async function deleteUserFiles(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger' | 'engines' | 'jobLists' | 'runs'>,
  userId: string,
): Promise<void> {
  const userJobs = await repo.listUserJobs(ctx.db, userId, 100_000);
  for (const j of userJobs) ctx.runs.abortLocal(j.id);
  for (const j of userJobs.filter((x) => x.voiceClone)) await deleteJobClones(ctx, j);
  const outputs = await repo.outputsOf(
    ctx.db,
    userJobs.map((j) => j.id),
  );
  const uploads = await listUserUploadKeys(ctx.db, userId);
  for (const key of [...outputs.map((o) => o.storageKey), ...uploads]) {
    await ctx.storage
      .delete(key)
      .catch((err) => ctx.logger.warn({ err, key }, 'could not delete a file of a deleted account'));
  }
  ctx.jobLists.invalidate(userId);
}
