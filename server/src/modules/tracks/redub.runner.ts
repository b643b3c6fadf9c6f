/**
 * A re-dub try in the worker (job-runner.ts hands over a claimed job whose `redub` is set): per language the dub
 * segments of the revision the re-dub was priced on (`redub.revision`) are voiced, reusing every stored clip
 * (only segments whose text or voice changed are synthesised, each in its speaker's voice; only those whose slot
 * changed are stretched again), mixed
 * over the input and written as new
 * MP3/MP4 of the input's length over the job's outputs. Success charges the re-dub's reservation with the job
 * back to completed and `dub_segments` reported; a failure gives the credits back and leaves the previous outputs
 * (the job is completed again with the failure's message and code); a stopping worker hands the re-dub back to
 * the queue with its reservation held.
 */
import { backgroundOf } from '../../media/background.ts';
import { savedClones, withClones } from '../../media/voice-clones.ts';
import { voicesUsed } from '../../media/voices-used.ts';
import type { DubSegmentsReport } from '../../../../contract/tracks.ts';
import { syncShares } from '../../../../contract/sync.ts';
import { syncArtifact, type SavedSync } from '../../media/sync-report.ts';
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import type { JobNote, JobStage, MediaOutputKind } from '../../../../contract/jobs.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { CodedError, ERRORS, type ErrorCode } from '../../errors.ts';
import { jobArtifactPrefix, storageArtifacts } from '../../media/artifacts.ts';
import { probeMedia, type MediaInfo } from '../../media/probe.ts';
import { dubLanguage } from '../../media/stages/dub-language.ts';
import { dubLanguageNatural, videoSlowedNote } from '../../media/stages/natural-dub.ts';
import { settleExtra } from '../credits/ledger.repository.ts';
import * as jobsRepo from '../jobs/job.repository.ts';
import { ShutdownError } from '../jobs/run-registry.ts';
import * as repo from './tracks.repository.ts';
import { toCue, trackSegments } from './track-cues.ts';
import { renderPictures, type WithInput } from '../renders/picture-render.ts';
import { inputsHashOf, renderOptionsOf } from '../renders/render-graph.ts';
import { storeRender } from '../renders/render.service.ts';
import { recordQuality } from '../quality/quality-record.ts';
import { planOf } from '../jobs/job-plan.ts';

/** One re-dub try of a claimed job (`job.redub` set). Never throws: every outcome settles the reservation. */
export async function runRedub(
  ctx: Pick<AppContext, 'db' | 'storage' | 'engines' | 'logger' | 'config' | 'queue' | 'jobLists' | 'runs'>,
  job: jobsRepo.JobRow,
  withInput: WithInput,
): Promise<void> {
  const redub = job.redub!;
  const controller = new AbortController();
  const { signal } = controller;
  const unregister = ctx.runs.register(job.id, controller);
  const workDir = path.join(ctx.config.app.dataDir, 'work', `${job.id}-redub-${crypto.randomBytes(4).toString('hex')}`);
  // Progress writes also beat the heartbeat; a job deleted meanwhile stops the run.
  const report = (stage: JobStage, progress: number) => {
    ctx.jobLists.invalidate(job.userId);
    void jobsRepo
      .updateProgress(ctx.db, job.id, { stage, progress: Math.max(0, Math.min(99, Math.round(progress))) })
      .then(
        (alive) => {
          if (!alive && !signal.aborted) controller.abort(new Error('The job was deleted.'));
        },
        () => undefined,
      );
  };
  let lastProgress = 0;
  // As often as the job runner beats (a quarter of JOB_STALE_SECONDS): a live re-dub is never taken for stale.
  const beatMs = Math.max(1000, (ctx.config.app.jobs.staleSeconds * 1000) / 4);
  const beat = setInterval(() => report('voice_over', lastProgress), beatMs);
  try {
    await fsp.mkdir(path.join(workDir, 'out'), { recursive: true });
    report('voice_over', 0);
    const plan = planOf(ctx.engines, job);
    const artifacts = storageArtifacts(ctx.storage, jobArtifactPrefix(job.userId, job.id));
    // The revision the price was computed on (POST redub), never a later one.
    const revision = await repo.findRevision(ctx.db, job.id, redub.revision);
    if (!revision) throw new Error(`job ${job.id} has no revision ${redub.revision}`);
    const outputs = await jobsRepo.outputsOf(ctx.db, [job.id]);
    const dubSegments: DubSegmentsReport = {};
    const written: { file: string; row: jobsRepo.JobOutputRow }[] = [];
    // The seconds a slowed MP4 gained, per language re-rendered ("Keep voices natural"): its note is replaced.
    const slowed: Record<string, number> = {};
    await withInput(job, workDir, signal, async (input) => {
      const info =
        (await artifacts.readJson<MediaInfo>('probe.json')) ?? (await probeMedia(input, signal).catch(() => null));
      if (!info) throw new CodedError('CORRUPT_MEDIA');
      // "Remove the original speech": the stored background (no engine call; made again only if it was lost).
      const background = job.removeOriginalSpeech
        ? await backgroundOf({ input, engine: plan.separation, artifacts, workDir, signal })
        : undefined;
      for (const [i, lang] of redub.languages.entries()) {
        const choice = plan.voices[lang];
        // A job in the speakers' own voices re-dubs with the clones it made (voice-clones.ts).
        const clones = job.voiceClone ? await savedClones(artifacts) : null;
        // A speaker without a voice (one the editor added) gets one of its own (track-cues.ts speakerVoicesOf).
        const voiced = trackSegments(revision.tracks.targets[lang].cues, lang, revision.tracks.speakers, choice);
        const speakerVoices = voicesUsed(voiced, choice).speakers;
        const segments = withClones(voiced, clones?.engine === choice.engine.id ? clones : null);
        const mine = outputs.filter((o) => normaliseLanguage(o.language) === lang);
        const mp3 = mine.find((o) => o.kind === 'voice_over_mp3');
        const mp4 = mine.find((o) => o.kind === 'voice_over_mp4');
        if (!mp3) continue;
        // "Keep voices natural": the slowed MP4 and its SRT/VTT are rendered again from this revision's cues.
        const srt = mine.find((o) => o.kind === 'voice_over_srt');
        const vtt = mine.find((o) => o.kind === 'voice_over_vtt');
        const file = (o: jobsRepo.JobOutputRow) => path.join(workDir, 'out', `${lang}-${o.filename}`);
        const dub = {
          s: {
            req: { inputPath: input, baseName: '', outDir: '', targetLanguages: [], services: [], signal },
            artifacts,
          },
          language: lang,
          segments,
          choice,
          duration: info.durationSeconds,
          workDir: path.join(workDir, `voice-${lang}`),
          mp3Path: file(mp3),
          mp4Path: mp4 ? file(mp4) : undefined,
          // The speaking rate the first dub measured gives the budgets again.
          charsPerSecond: (await artifacts.readJson<SavedSync>(syncArtifact(lang)))?.chars_per_second,
          background,
          onProgress: (f: number) => {
            lastProgress = ((i + f) / redub.languages.length) * 95;
            report('voice_over', lastProgress);
          },
        };
        const natural = job.keepVoicesNatural && mp4 && srt && vtt;
        const r = natural
          ? await dubLanguageNatural({
              ...dub,
              mp4Path: file(mp4),
              cues: revision.tracks.targets[lang].cues.map((c) => toCue(c, lang)),
              srtPath: file(srt),
              vttPath: file(vtt),
            })
          : { ...(await dubLanguage(dub)), addedSeconds: undefined };
        if (r.addedSeconds !== undefined) slowed[lang] = r.addedSeconds;
        dubSegments[lang] = {
          segments_total: segments.length,
          segments_synthesized: r.synthesized,
          sync: r.sync.counts,
          sync_shares: syncShares(r.sync.counts),
          ...(Object.keys(speakerVoices).length ? { speaker_voices: speakerVoices } : {}),
        };
        for (const o of natural ? [mp3, mp4, srt, vtt] : [mp3, mp4]) if (o) written.push({ file: file(o), row: o });
      }
    });
    if (signal.aborted) throw signal.reason;
    report('storing', 99);
    // Each dub output is now the render of the revision it voiced (render-graph.ts), under that revision's key.
    const options = renderOptionsOf(job);
    for (const w of written) {
      const kind = w.row.kind as MediaOutputKind;
      const hash = inputsHashOf(kind, w.row.language, revision.tracks, options);
      await storeRender(ctx, w.row, redub.revision, hash, w.file);
    }
    await settleExtra(ctx.db, job.userId, redub.ref, 'charge', (tx) =>
      repo.endRedub(tx, job.id, {
        dubSegments,
        creditsUsed: job.creditsUsed + redub.credits,
        ...(Object.keys(slowed).length ? { notes: slowedNotes(job.notes, slowed) } : {}),
      }),
    );
    // The quality check of the re-dubbed revision (the dub's sync changed).
    await recordQuality(ctx, job, revision.tracks, redub.revision);
    // The graph's other stale renders of this revision (the video with subtitles burnt in), by the same runner as
    // after a save; on a failure the queue's render run tries again.
    await renderPictures(ctx, job.id, withInput, signal).catch(async (err) => {
      ctx.logger.warn({ err, jobId: job.id }, 'render after the re-dub failed; queued again');
      await ctx.queue.send('media.render', { version: 1, jobId: job.id }, { singletonKey: `render:${job.id}` });
    });
  } catch (err) {
    if (signal.aborted && signal.reason instanceof ShutdownError) {
      // The worker is stopping: the re-dub goes back to the queue with its reservation held (charged once, by
      // the try that completes it).
      if (await repo.handBackRedub(ctx.db, job.id).catch(() => false)) {
        await ctx.queue
          .send('media.translate', { version: 1, jobId: job.id }, { singletonKey: job.id })
          .catch((e) => ctx.logger.error({ err: e, jobId: job.id }, 'hand-back send failed; the recovery sweep will'));
        ctx.logger.info({ jobId: job.id }, 're-dub handed back to the queue (worker stopping)');
      }
      return;
    }
    if (signal.aborted) {
      // Deleted while running: DELETE gave the reservation back (settled once; this is a no-op then).
      await settleExtra(ctx.db, job.userId, redub.ref, 'release').catch(() => undefined);
      return;
    }
    ctx.logger.warn({ err, jobId: job.id }, 're-dub failed');
    const coded = err instanceof CodedError;
    const code: ErrorCode = coded ? err.code : 'INTERNAL';
    await settleExtra(ctx.db, job.userId, redub.ref, 'release', (tx) =>
      repo.endRedub(tx, job.id, {
        failure: {
          code,
          message: coded ? err.message : ERRORS.INTERNAL.message,
          detail: (coded ? err.detail : (err as Error)?.message)?.slice(0, 4000) ?? null,
        },
      }),
    );
  } finally {
    clearInterval(beat);
    unregister();
    ctx.jobLists.invalidate(job.userId);
    await fsp.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** `notes` with the VIDEO_SLOWED note of each language in `slowed` (seconds added; none for 0) replaced. */
function slowedNotes(notes: JobNote[], slowed: Record<string, number>): JobNote[] {
  const kept = notes.filter((n) => !(n.code === 'VIDEO_SLOWED' && String(n.params?.language) in slowed));
  const fresh = Object.entries(slowed)
    .filter(([, seconds]) => seconds > 0)
    .map(([lang, seconds]) => videoSlowedNote(lang, seconds));
  return [...kept, ...fresh];
}
