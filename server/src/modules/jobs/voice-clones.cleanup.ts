/**
 * Deleting a job's cloned voices (issue 21 item 4: "deletes the clone when the job's files are deleted"): the
 * clone ids saved by the voice-over (media/voice-clones.ts, artifact `voice-clones.json`) are deleted through the
 * engine that made them. Failures are logged and never block the job's (or the account's) deletion.
 */
import type { AppContext } from '../../context.ts';
import { jobArtifactPrefix, storageArtifacts } from '../../media/artifacts.ts';
import { savedClones } from '../../media/voice-clones.ts';

/** Deletes every clone job `job` made; never throws (each failure is logged with the voice id). */
export async function deleteJobClones(
  ctx: Pick<AppContext, 'storage' | 'logger' | 'engines'>,
  job: { id: string; userId: string },
): Promise<void> {
  try {
    const saved = await savedClones(storageArtifacts(ctx.storage, jobArtifactPrefix(job.userId, job.id)));
    if (!saved) return;
    const engine = ctx.engines.cloner();
    for (const voiceId of Object.values(saved.clones)) {
      if (!engine?.deleteVoice || engine.id !== saved.engine) {
        ctx.logger.warn({ jobId: job.id, voiceId, engine: saved.engine }, 'no configured engine to delete a clone');
        continue;
      }
      await engine
        .deleteVoice(voiceId)
        .catch((err: unknown) => ctx.logger.warn({ err, jobId: job.id, voiceId }, 'could not delete a cloned voice'));
    }
  } catch (err) {
    ctx.logger.warn({ err, jobId: job.id }, 'could not read the cloned voices of a deleted job');
  }
}
