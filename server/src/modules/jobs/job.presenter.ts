/**
 * Turns job rows into the Job shape the web app reads (spec section 3 "Job (history item)" plus progress, stage,
 * error and source_expired). output_files is keyed by target language: video entries carry subtitle.vtt_url,
 * subtitle.srt_url, voice_over.voice_over_url and voice_over.video_url; document entries one `<ext>_url`; it holds
 * the current renders only, and `outputs` lists every file with its revision and staleness (render graph).
 * Every URL is a fresh signed, expiring download URL.
 */
import type { FileStorage, LinkHolder } from '../../storage/file-storage.ts';
import { OUTPUT_PLACES, type JobOutput, type JobResponse } from '../../../../contract/jobs.ts';
import type { JobStarter } from '../../../../contract/teams.ts';
import type { JobOutputRow, JobRow } from './job.repository.ts';

export type { JobResponse };

/**
 * credits_used: the reservation while the job runs, the charge once completed, 0 after a release (jobs contract).
 */
export function creditsShown(job: JobRow): number {
  if (job.status === 'completed') return job.creditsUsed;
  if (job.status === 'queued' || job.status === 'processing') return job.creditsReserved;
  return 0;
}

/**
 * `starters`: the e-mail and name of team-job starters by user id (JobResponse.started_by); none outside teams.
 * `holder`: the team member the download links are for (they stop working when the member leaves the team).
 */
export async function presentJobs(
  storage: FileStorage,
  rows: JobRow[],
  outputs: JobOutputRow[],
  starters?: ReadonlyMap<string, JobStarter>,
  holder?: LinkHolder,
): Promise<JobResponse[]> {
  const byJob = new Map<string, JobOutputRow[]>();
  for (const o of outputs) byJob.set(o.jobId, [...(byJob.get(o.jobId) ?? []), o]);
  return Promise.all(rows.map((row) => presentJob(storage, row, byJob.get(row.id) ?? [], starters, holder)));
}

/** One job; `started_by` is set for a team job whose starter is in `starters` (see presentJobs). */
export async function presentJob(
  storage: FileStorage,
  job: JobRow,
  outputs: JobOutputRow[],
  starters?: ReadonlyMap<string, JobStarter>,
  holder?: LinkHolder,
): Promise<JobResponse> {
  const output_files: Record<string, Record<string, unknown>> = {};
  const listed: JobOutput[] = [];
  if (job.status === 'completed') {
    for (const o of outputs) {
      const url = await storage.downloadUrl(o.storageKey, {
        filename: o.filename,
        contentType: o.contentType,
        holder,
      });
      listed.push({
        language: o.language,
        kind: o.kind,
        filename: o.filename,
        revision: o.revision ?? null,
        stale: o.stale,
        url,
      });
      // A stale render is never offered as current (issue 36): it is in `outputs` only, with its revision.
      if (o.stale) continue;
      const entry = (output_files[o.language] ??= {});
      if (o.kind === 'document') {
        entry[`${o.filename.split('.').pop()!.toLowerCase()}_url`] = url;
      } else {
        const [group, field] = OUTPUT_PLACES[o.kind];
        const target = (entry[group] ??= {}) as Record<string, string>;
        target[field] = url;
      }
    }
  }
  return {
    id: job.id,
    original_filename: job.originalFilename,
    job_type: job.jobType,
    services_requested: job.servicesRequested,
    source_language: job.sourceLanguage,
    target_languages: job.targetLanguages,
    voice_over_mode: job.voiceOverMode,
    num_speakers: job.numSpeakers ?? null,
    ...(job.servicesRequested.includes('voice_over') ? { keep_voices_natural: job.keepVoicesNatural } : {}),
    ...(job.voiceClone ? { voice_clone: true } : {}),
    ...(job.servicesRequested.includes('voice_over') ? { remove_original_speech: job.removeOriginalSpeech } : {}),
    source_file_url: job.sourceFileUrl,
    status: job.status,
    credits_used: creditsShown(job),
    created_at: job.createdAt.toISOString(),
    progress: job.progress,
    stage: job.stage,
    error: job.error,
    error_code: job.errorCode,
    source_expired: job.sourceExpired,
    notes: job.notes,
    ...(job.servicesRequested.includes('voice_over') ? { voices: job.voices } : {}),
    ...(job.jobType === 'video_translation' ? { tracks_revision: job.tracksRevision } : {}),
    ...(job.jobType === 'video_translation' && job.qualityToReview !== null ? { to_review: job.qualityToReview } : {}),
    ...(job.dubSegments ? { dub_segments: job.dubSegments } : {}),
    output_files,
    ...(job.status === 'completed' ? { outputs: listed } : {}),
    ...(job.startedBy ? { started_by: starters?.get(job.startedBy) ?? null } : {}),
  };
}
