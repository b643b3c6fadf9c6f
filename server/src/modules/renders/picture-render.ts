/**
 * The worker's render run (queue job media.render; render path `picture` of render-graph.ts): renders the stale
 * videos with subtitles burnt in of a completed job from its latest tracks revision (only the 2-second GOPs whose
 * cues changed are encoded again, burn-in-spans.ts), then looks again, so a save
 * made while it rendered is rendered too (at most MAX_ROUNDS rounds per run; a later save queues another run). A
 * job that is not completed (a re-dub waits or runs) is left alone: the re-dub runs this at its end. Free: edits
 * and their renders cost nothing (docs/api.md "Editing tracks").
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { DEFAULT_SUBTITLE_STYLE, renderSubtitledVideo, videoSize } from '../../media/burn-in.ts';
import { rerenderSubtitledSpans } from '../../media/burn-in-spans.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import * as jobsRepo from '../jobs/job.repository.ts';
import * as tracksRepo from '../tracks/tracks.repository.ts';
import { toCue } from '../tracks/track-cues.ts';
import { inputsHashOf, renderOptionsOf } from './render-graph.ts';
import { storeRender } from './render.service.ts';

/** Runs `fn` with a local path of the job's input (the job runner's own fetch: upload, S3 or YouTube). */
export type WithInput = <T>(
  job: jobsRepo.JobRow,
  workDir: string,
  signal: AbortSignal,
  fn: (input: string) => Promise<T>,
) => Promise<T>;

/** Rounds of one run: a user saving faster than the picture renders is caught up by the next queued run. */
const MAX_ROUNDS = 3;

/** What the render run uses of the app context. */
export type PictureCtx = Pick<AppContext, 'db' | 'storage' | 'queue' | 'logger' | 'config' | 'jobLists'>;

/**
 * One render run for job `jobId` (see the file comment). `signal` stops it (worker shutdown: the queue's retry runs
 * it again; nothing half-written is stored, each render is stored only once complete).
 * @throws the render's MediaError (FFMPEG_FAILED) or the input's (SOURCE_DELETED), for the queue to retry.
 */
export async function renderPictures(
  ctx: PictureCtx,
  jobId: string,
  withInput: WithInput,
  signal: AbortSignal,
): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const job = await jobsRepo.findJob(ctx.db, jobId);
    if (!job || job.status !== 'completed' || job.tracksRevision === null) return;
    const revision = job.tracksRevision;
    const row = await tracksRepo.findRevision(ctx.db, jobId, revision);
    if (!row) return;
    const tracks = row.tracks;
    const options = renderOptionsOf(job);
    const todo = (await jobsRepo.outputsOf(ctx.db, [jobId]))
      .filter((o) => o.kind === 'subtitled_mp4')
      .map((o) => ({ o, hash: inputsHashOf('subtitled_mp4', o.language, tracks, options) }))
      .filter(({ o, hash }) => o.inputsHash !== hash || o.stale);
    if (!todo.length) return;
    const workDir = path.join(
      ctx.config.app.dataDir,
      'work',
      `${jobId}-render-${crypto.randomBytes(4).toString('hex')}`,
    );
    try {
      await fsp.mkdir(workDir, { recursive: true });
      await withInput(job, workDir, signal, async (input) => {
        const video = await videoSize(input, signal);
        const style = { ...DEFAULT_SUBTITLE_STYLE, ...job.subtitleStyle };
        for (const { o, hash } of todo) {
          const lang = normaliseLanguage(o.language);
          const dir = path.join(workDir, `burn-${lang}`);
          await fsp.mkdir(dir, { recursive: true });
          const outPath = path.join(workDir, `${lang}-${o.filename}`);
          const cuesOf = (t: StoredTracks) => ({
            cues: (t.targets[lang]?.cues ?? []).map((c) => toCue(c, lang)),
            sourceCues:
              options.bilingual && lang !== t.source.language
                ? t.source.cues.map((c) => toCue(c, t.source.language))
                : undefined,
          });
          const next = cuesOf(tracks);
          // The revision the stored file renders: only the spans whose cues differ are encoded again
          // (burn-in-spans.ts); without it (a file older than the graph), the whole picture.
          const rendered = o.revision !== null ? await tracksRepo.findRevision(ctx.db, jobId, o.revision) : null;
          if (rendered) {
            const before = cuesOf(rendered.tracks);
            const r = await ctx.storage.withLocalFile(o.storageKey, dir, (previous) =>
              rerenderSubtitledSpans({
                input,
                previous,
                ...next,
                previousCues: before.cues,
                previousSourceCues: before.sourceCues,
                style,
                video,
                dir,
                outPath,
                signal,
              }),
            );
            ctx.logger.info(
              { jobId, language: lang, mode: r.mode, reencoded_seconds: r.reencodedSeconds, fallback: r.fallback },
              'subtitled video: spans encoded again',
            );
          } else await renderSubtitledVideo({ input, ...next, style, video, dir, outPath, signal });
          if (await storeRender(ctx, o, revision, hash, outPath))
            ctx.logger.info({ jobId, language: lang, revision }, 'subtitled video rendered again');
        }
      });
    } finally {
      ctx.jobLists.invalidate(job.userId);
      await fsp.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}
