/**
 * Issue 14, finding 7 (leftovers): the start-up sweep removes the work folder of a job that is not running and
 * the pipeline's/Apertium's temp folders older than every running job, and keeps what a running job (another
 * live worker) still uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../jobs/fixtures.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { sweepLeftovers } from '../../../server/src/storage/leftover-sweep.ts';
import { deploymentIdOf, tempNamePrefix } from '../../../server/src/storage/temp-folders.ts';

describe('finding 7: start-up sweep of leftovers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  });
  afterAll(() => t?.close());

  async function job(status: 'processing' | 'failed', updatedAt: Date, startedAt: Date): Promise<string> {
    const user = await createUser(t, 0);
    const [row] = await t.ctx.db
      .insert(jobs)
      .values({
        userId: user.id,
        jobType: 'video_translation',
        servicesRequested: ['subtitle'],
        sourceLanguage: 'en',
        targetLanguages: ['es'],
        originalFilename: 'a.mp4',
        sourceFileUrl: 'http://x/v1/uploads/a/file',
        status,
        startedAt,
        updatedAt,
      } as typeof jobs.$inferInsert)
      .returning({ id: jobs.id });
    return row.id;
  }

  it('removes what killed jobs left and keeps what running jobs use', async () => {
    const hourAgo = new Date(Date.now() - 3600_000);
    const minuteAgo = new Date(Date.now() - 60_000);
    const running = await job('processing', new Date(), minuteAgo);
    const killed = await job('processing', hourAgo, hourAgo); // no progress for an hour: its worker is gone
    const failed = await job('failed', hourAgo, hourAgo);

    const work = path.join(t.dataDir, 'work');
    const tmp = path.join(t.dataDir, 'tmp');
    const mk = (dir: string, mtime?: Date) => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'part.wav'), 'x');
      if (mtime) fs.utimesSync(dir, mtime, mtime);
      return dir;
    };
    const keepRunning = mk(path.join(work, `${running}-a1b2c3d4`));
    const dropKilled = mk(path.join(work, `${killed}-a1b2c3d4`));
    const dropFailed = mk(path.join(work, `${failed}-00ff00ff`));
    // Issue 24 (LOW): a try's and a re-dub's work folders, as the runners name them, follow their job.
    const dropKilledTry = mk(path.join(work, `${killed}-2-a1b2c3d4`));
    const dropKilledRedub = mk(path.join(work, `${failed}-redub-0a0b0c0d`));
    const keepRunningTry = mk(path.join(work, `${running}-1-deadbeef`), new Date(Date.now() - 2 * 3600_000));
    const dropOldPut = path.join(work, 'put-old');
    fs.writeFileSync(dropOldPut, 'x');
    fs.utimesSync(dropOldPut, hourAgo, new Date(Date.now() - 2 * 3600_000));
    const keepFreshPut = path.join(work, 'put-fresh');
    fs.writeFileSync(keepFreshPut, 'x');
    const ours = deploymentIdOf(t.dataDir);
    const dropOldMedia = mk(path.join(tmp, `${tempNamePrefix('media', ours)}old1`), hourAgo);
    const dropOldApertium = mk(path.join(tmp, `${tempNamePrefix('apertium', ours)}old2`), hourAgo);
    const keepNewMedia = mk(path.join(tmp, `${tempNamePrefix('media', ours)}new3`));
    const keepOther = mk(path.join(tmp, 'someone-else'), hourAgo);
    // Issue 24 item 14: folders of another deployment (or of a version that did not name its deployment) sharing
    // the temp folder are not this one's to remove, however old.
    const keepOtherDeployment = mk(path.join(tmp, `${tempNamePrefix('media', 'a1b2c3d4e5f6')}inflight`), hourAgo);
    const keepUnnamed = mk(path.join(tmp, 'tarjama-apertium-x9y8z7'), hourAgo);

    const { removed } = await sweepLeftovers(t.ctx, tmp);
    expect(removed.sort()).toEqual(
      [dropKilled, dropFailed, dropKilledTry, dropKilledRedub, dropOldPut, dropOldMedia, dropOldApertium].sort(),
    );
    for (const kept of [
      keepRunning,
      keepRunningTry,
      keepFreshPut,
      keepNewMedia,
      keepOther,
      keepOtherDeployment,
      keepUnnamed,
    ])
      expect(fs.existsSync(kept)).toBe(true);
    for (const gone of removed) expect(fs.existsSync(gone)).toBe(false);
  });
});
