/**
 * The uploads.retention job (daily, server/src/queue/job-definitions.ts): uploaded media is deleted
 * UPLOAD_RETENTION_DAYS (30, spec section 9: "Uploaded videos are deleted after 30 days") after upload and the
 * jobs made from it say their source expired; uploads never finished within 24 hours are removed (tus expiration).
 */
import type { AppContext } from '../../context.ts';
import { createTusAdapter, TUS_EXPIRATION_MS } from './tus.adapter.ts';
import * as repo from './upload.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs one retention pass; returns what it removed. `now` is for tests. */
export async function runUploadRetention(
  ctx: AppContext,
  now = new Date(),
): Promise<{ expiredMedia: number; stalePending: number; tusRemoved: number }> {
  let expiredMedia = 0;
  const before = new Date(now.getTime() - ctx.config.app.jobs.retentionDays * DAY_MS);
  for (;;) {
    const batch = await repo.findExpiredMedia(ctx.db, before);
    if (!batch.length) break;
    for (const u of batch) await ctx.storage.delete(u.storageKey);
    const ids = batch.map((u) => u.id);
    await repo.markDeleted(ctx.db, ids, 'expired');
    await repo.markJobSourcesExpired(ctx.db, ids);
    expiredMedia += ids.length;
  }
  const stale = await repo.findStalePending(ctx.db, new Date(now.getTime() - TUS_EXPIRATION_MS));
  for (const u of stale) await ctx.storage.delete(u.storageKey).catch(() => undefined);
  await repo.markDeleted(
    ctx.db,
    stale.map((u) => u.id),
    'expired',
  );
  const tusRemoved = await createTusAdapter(ctx).cleanUpExpired();
  ctx.logger.info({ expiredMedia, stalePending: stale.length, tusRemoved }, 'upload retention done');
  return { expiredMedia, stalePending: stale.length, tusRemoved };
}

/** Registers the uploads.retention handler (server/src/worker.ts). */
export function registerUploadWorkers(ctx: AppContext): void {
  ctx.queue.handle('uploads.retention', async () => {
    await runUploadRetention(ctx);
  });
}
