/**
 * The render runner of the graph (render-graph.ts): after a tracks revision is saved (an editor save, a restore, a
 * translate-again), every output of the job is checked against the new revision: an output whose inputs did not
 * change becomes the render of the new revision as it is; a stale `text` output is written again at once; a stale
 * `picture` output is marked stale and rendered by the worker's render run (media.render, queued here); a stale
 * `voice` output is marked stale until the user's re-dub renders it. Every new render is stored under its own
 * revision's key (`.../r<N>/<file>`), so a download link, and the offline copy the service worker keys by path,
 * always name one revision's file; the previous file is removed once the row names the new one.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import type { JobOutputRow, JobRow } from '../jobs/job.repository.ts';
import * as jobsRepo from '../jobs/job.repository.ts';
import { RENDER_PATHS, type MediaOutputKind } from '../../../../contract/jobs.ts';
import { inputsHashOf, renderOptionsOf } from './render-graph.ts';
import * as renders from './renders.repository.ts';
import { subtitleTextOf } from './subtitle-render.ts';
import { recordQuality } from '../quality/quality-record.ts';

/** What the render runner uses of the app context. */
export type RenderCtx = Pick<AppContext, 'db' | 'storage' | 'queue' | 'logger' | 'jobLists'>;

/**
 * The storage key of `output`'s render of `revision`: `<folder>/r<revision>/<file>` beside the first run's key
 * `<folder>/<file>` (any earlier `r<N>/` is replaced).
 */
export function renderKeyOf(output: Pick<JobOutputRow, 'storageKey'>, revision: number): string {
  const dir = path.posix.dirname(output.storageKey).replace(/\/r\d+$/, '');
  return `${dir}/r${revision}/${path.posix.basename(output.storageKey)}`;
}

/**
 * Stores the local file `file` as the render of `revision` of `output` with fingerprint `inputsHash`, only while the
 * job's latest revision is still `revision` (renders.repository setRendered); removes the previous file, or the new
 * one when a newer save won. `move`: the local file is moved, not copied.
 * @returns whether the row now names the new render.
 */
export async function storeRender(
  ctx: RenderCtx,
  output: JobOutputRow,
  revision: number,
  inputsHash: string,
  file: string,
): Promise<boolean> {
  const key = renderKeyOf(output, revision);
  const stored = await ctx.storage.putFile(key, file, { contentType: output.contentType, move: true });
  const done = await renders.setRendered(ctx.db, output.id, revision, {
    storageKey: key,
    sizeBytes: stored.sizeBytes,
    inputsHash,
  });
  if (!done) {
    if (key !== output.storageKey) await ctx.storage.delete(key).catch(() => undefined);
    return false;
  }
  if (key !== output.storageKey)
    await ctx.storage
      .delete(output.storageKey)
      .catch((err) => ctx.logger.warn({ err, key: output.storageKey }, 'could not delete a previous render'));
  return true;
}

/** Writes a `text` output (SRT, WebVTT) of `tracks` as the render of `revision`. */
async function renderText(
  ctx: RenderCtx,
  job: JobRow,
  output: JobOutputRow & { kind: 'subtitle_srt' | 'subtitle_vtt' },
  tracks: StoredTracks,
  revision: number,
  inputsHash: string,
): Promise<void> {
  const tmp = path.join(os.tmpdir(), `tarjama-render-${crypto.randomBytes(6).toString('hex')}`);
  try {
    await fsp.writeFile(tmp, subtitleTextOf(output.kind, output.language, tracks, renderOptionsOf(job)));
    await storeRender(ctx, output, revision, inputsHash, tmp);
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

/**
 * Brings every output of `job` up to `revision` (just saved, holding `tracks`; `previous` the tracks of the revision
 * before it, which an output stored before the graph is taken to render): see the file comment. A stale picture
 * queues one render run (media.render) for the job.
 */
export async function renderAfterSave(
  ctx: RenderCtx,
  job: JobRow,
  revision: number,
  tracks: StoredTracks,
  previous: StoredTracks,
): Promise<void> {
  const options = renderOptionsOf(job);
  let picture = false;
  for (const o of await jobsRepo.outputsOf(ctx.db, [job.id])) {
    if (o.kind === 'document') continue;
    const kind: MediaOutputKind = o.kind;
    const hash = inputsHashOf(kind, o.language, tracks, options);
    const had = o.inputsHash ?? inputsHashOf(kind, o.language, previous, options);
    if (had === hash) {
      // Its inputs are the same in the new revision: it is that revision's render as it stands.
      await renders.setRendered(ctx.db, o.id, revision, { inputsHash: hash });
      continue;
    }
    const route = RENDER_PATHS[kind];
    if (route === 'text' && (kind === 'subtitle_srt' || kind === 'subtitle_vtt'))
      await renderText(ctx, job, { ...o, kind }, tracks, revision, hash);
    else {
      await renders.markStale(ctx.db, o.id, had);
      if (route === 'picture') picture = true;
    }
  }
  // The quality check is one of the graph's renders: recounted for every revision.
  await recordQuality(ctx, job, tracks, revision);
  ctx.jobLists.invalidate(job.userId);
  if (picture)
    await ctx.queue
      .send('media.render', { version: 1, jobId: job.id }, { singletonKey: `render:${job.id}` })
      .catch((err) => ctx.logger.error({ err, jobId: job.id }, 'render run not queued; the next save queues it'));
}
