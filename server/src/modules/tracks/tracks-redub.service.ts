/**
 * Re-dub from the editor (POST /v1/jobs/{id}/redub and its estimate): the changed dub segments of the latest tracks
 * revision priced at the voice-over rate, reserved, and voiced again by the worker (redub.runner.ts).
 */
import crypto from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { EnginePlan } from '../../engines/engine-choice.ts';
import { planOf } from '../jobs/job-plan.ts';
import { NoEngineError, VoiceNotAvailableError } from '../../engines/engine.registry.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import type { RedubEstimateResponse, RedubRequest } from '../../../../contract/tracks.ts';
import { jobArtifactPrefix, storageArtifacts } from '../../media/artifacts.ts';
import { dubArtifact, type SavedDub } from '../../media/stages/dub-language.ts';
import { savedClones, withClones } from '../../media/voice-clones.ts';
import { balanceOf, reserveExtra } from '../credits/ledger.repository.ts';
import { PRICE_RATES } from '../jobs/pricing.ts';
import { presentJob, type JobResponse } from '../jobs/job.presenter.ts';
import * as jobsRepo from '../jobs/job.repository.ts';
import * as repo from './tracks.repository.ts';
import { redubChanges, trackSegments } from './track-cues.ts';
import { jobWithTracks, latestTracks, requireIdle, targetOf, type Ctx } from './tracks.service.ts';

/**
 * The price of re-dubbing `seconds` of one language: the voice-over rate (the `voice_clone` rate for a job in the
 * speakers' own voices, `cloned`), rounded up to whole credits.
 */
export function redubCredits(seconds: number, cloned = false): number {
  const rate = cloned ? PRICE_RATES.voice_clone : PRICE_RATES.voice_over;
  const perSecond = rate.credits / rate.per / 60; // rates are per minute
  return seconds > 0 ? Math.ceil(seconds * perSecond - 1e-9) : 0;
}

/**
 * The voices a re-dub of `job` is planned with, as redub.runner.ts plans them; null when no engine can voice it now
 * (the estimate then prices on the last dub's engine and the re-dub reports the engine's failure).
 */
function voicePlanOf(ctx: Ctx, job: jobsRepo.JobRow): EnginePlan | null {
  try {
    return planOf(ctx.engines, job);
  } catch (err) {
    if (err instanceof NoEngineError || err instanceof VoiceNotAvailableError) return null;
    throw err;
  }
}

interface RedubPlan {
  job: jobsRepo.JobRow;
  languages: string[];
  estimate: Omit<RedubEstimateResponse, 'balance'>;
  removed: number;
}

async function planRedub(ctx: Ctx, userId: string, jobId: string, req: RedubRequest): Promise<RedubPlan> {
  const job = await jobWithTracks(ctx, userId, jobId);
  if (!job.servicesRequested.includes('voice_over')) throw new AppError('NO_VOICE_OVER');
  const tracks = await latestTracks(ctx, job);
  // Only targets that have a dub: a target in the source language is captions, never voiced (issue 24, item 6:
  // its re-dub was charged and made nothing).
  const source = normaliseLanguage(tracks.source.language);
  const languages = [...new Set(req.languages.map((c) => targetOf(tracks, c, 'languages')))].filter(
    (lang) => lang !== source,
  );
  const artifacts = storageArtifacts(ctx.storage, jobArtifactPrefix(job.userId, job.id));
  let credits = 0;
  let seconds = 0;
  let removed = 0;
  const perLanguage: RedubEstimateResponse['languages'] = {};
  const clones = job.voiceClone ? await savedClones(artifacts) : null;
  const plan = voicePlanOf(ctx, job);
  for (const lang of languages) {
    const before = await artifacts.readJson<SavedDub>(dubArtifact(lang));
    // The voices the re-dub will speak (redub.runner.ts plans the same), else the last dub's engine.
    const choice = plan?.voices[lang];
    const engineId = choice?.engine.id ?? before?.voice.split(':')[0];
    // A job in the speakers' own voices re-dubs with its clones (as redub.runner.ts does).
    const now = withClones(
      trackSegments(tracks.targets[lang].cues, lang, tracks.speakers, choice ?? engineId),
      clones?.engine === engineId ? clones : null,
    );
    const c = redubChanges(now, before?.segments ?? null);
    credits += redubCredits(c.seconds, job.voiceClone);
    seconds += c.seconds;
    removed += c.removed;
    perLanguage[lang] = { segments_total: now.length, segments_changed: c.changed.length };
  }
  return {
    job,
    languages,
    estimate: { credits, seconds: Math.round(seconds * 1000) / 1000, languages: perLanguage },
    removed,
  };
}

/** POST /v1/jobs/{id}/redub/estimate. @throws AppError NO_VOICE_OVER, JOB_NOT_FOUND, TRACKS_NOT_READY */
export async function estimateRedub(
  ctx: Ctx,
  userId: string,
  jobId: string,
  req: RedubRequest,
): Promise<RedubEstimateResponse> {
  const p = await planRedub(ctx, userId, jobId, req);
  return { ...p.estimate, balance: await balanceOf(ctx.db, userId) };
}

/**
 * POST /v1/jobs/{id}/redub: reserves the price and puts the job back in the queue at stage voice_over; the worker
 * voices the changed segments of the revision priced (tracks/redub.runner.ts).
 * @throws AppError NOTHING_TO_REDUB, PAYMENT_REQUIRED, JOB_BUSY, NO_VOICE_OVER, JOB_NOT_FOUND, TRACKS_NOT_READY,
 *   REVISION_CONFLICT `{ revision }` when a revision was saved after the one priced
 */
export async function redub(ctx: Ctx, userId: string, jobId: string, req: RedubRequest): Promise<JobResponse> {
  const p = await planRedub(ctx, userId, jobId, req);
  requireIdle(p.job);
  const changed = Object.values(p.estimate.languages).reduce((n, l) => n + l.segments_changed, 0);
  if (!changed && !p.removed) throw new AppError('NOTHING_TO_REDUB');
  const ref = `redub:${jobId}:${crypto.randomUUID()}`;
  const queued = await reserveExtra(ctx.db, userId, jobId, ref, p.estimate.credits, (tx) =>
    repo.queueRedub(tx, jobId, {
      languages: p.languages,
      ref,
      credits: p.estimate.credits,
      revision: p.job.tracksRevision!,
    }),
  );
  if (!queued) {
    // Busy, or a revision saved since the price was computed: the user re-estimates on the latest.
    const now = await jobsRepo.findJob(ctx.db, jobId);
    if (!now || now.status !== 'completed') throw new AppError('JOB_BUSY');
    throw new AppError('REVISION_CONFLICT', undefined, { revision: now.tracksRevision ?? p.job.tracksRevision });
  }
  ctx.jobLists.invalidate(userId);
  await ctx.queue
    .send('media.translate', { version: 1, jobId }, { singletonKey: jobId })
    .catch((err) => ctx.logger.error({ err, jobId }, 'enqueue failed; the recovery sweep will retry'));
  const job = (await jobsRepo.findJob(ctx.db, jobId))!;
  return presentJob(ctx.storage, job, await jobsRepo.outputsOf(ctx.db, [jobId]));
}
