/**
 * Issue 24: the editor must not give away work or lose a charge. On the real pipeline and engines, on PGlite and
 * PostgreSQL: one finished jfk.mp4 job (English -> Spanish, subtitles and Standard voice-over) per test, edited
 * through the API as a user (or a probe) would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, type TestUser } from '../jobs/fixtures.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { completed, download, finishedDubJob, ledgerOf, rawJson, waitFor } from './redub-helpers.ts';
import { drainRuns, runningCount } from '../../../server/src/modules/jobs/run-registry.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';

describe.each(DATABASE_KINDS)('re-dub money on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: true } });
    alice = await createUser(t, 1000);
  }, 200_000);
  afterAll(() => t?.close());

  it('item 1: a cue end of 1e999 is refused (400), the track and its SRT keep finite times, the re-dub price stays', async () => {
    const jobId = await finishedDubJob(t, alice);
    const { body } = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const es = body.targets.es.cues;
    // The last cue ends at 1e999 (no cue after it to overlap): JSON.parse reads Infinity.
    const cues = [...es.slice(0, -1), { ...es.at(-1), end: 'END' }];
    const raw = JSON.stringify({ revision: body.revision, targets: { es: { cues } } }).replace('"END"', '1e999');
    expect(raw).toContain('1e999');
    const put = await rawJson(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, raw);
    expect(put.status).toBe(400);
    expect(put.body.code).toBe('VALIDATION_FAILED');

    const after = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    expect(after.status).toBe(200);
    expect(after.body.revision).toBe(body.revision);
    expect(after.body.targets.es.cues.at(-1).end).toBe(es.at(-1).end);
    const job = await api(t, alice, 'GET', `/v1/jobs/${jobId}`);
    const srt = (await download(job.body.output_files.es.subtitle.srt_url)).toString('utf8');
    expect(srt).not.toMatch(/Infinity|NaN/);
    // Nothing changed: nothing to re-dub, nothing to price at 0.
    const est = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub/estimate`, { languages: ['es'] });
    expect(est.body.languages.es.segments_changed).toBe(0);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(1000 - job.body.credits_used);
  });

  it('item 2: an edit saved between the re-dub price and its start is not voiced for the old price', async () => {
    const jobId = await finishedDubJob(t, alice);
    const { body } = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const es = body.targets.es.cues;
    expect(es.length).toBeGreaterThan(3);
    const one = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: body.revision,
      targets: { es: { cues: [{ ...es[0], text: 'Así que, compatriotas' }, ...es.slice(1)] } },
    });
    expect(one.status).toBe(200);
    const est = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub/estimate`, { languages: ['es'] });
    expect(est.body.languages.es.segments_changed).toBe(1);
    const before = await balanceOf(t.ctx.db, alice.id);

    // The re-dub request is held after it has read the dub it prices against (a slow storage read), while an
    // edit of every cue is saved: the race of the issue (a PUT 4 ms after the re-dub request), made certain.
    const storage = t.ctx.storage;
    const stat = storage.stat.bind(storage);
    let reached!: () => void;
    const atPrice = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    storage.stat = async (key: string) => {
      const found = await stat(key);
      if (key.endsWith('dub/es.json')) {
        reached();
        await held;
      }
      return found;
    };
    const redub = api(t, alice, 'POST', `/v1/jobs/${jobId}/redub`, { languages: ['es'] });
    await atPrice;
    storage.stat = stat;
    const all = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: one.body.revision,
      targets: { es: { cues: one.body.targets.es.cues.map((c: any, i: number) => ({ ...c, text: `Frase ${i}.` })) } },
    });
    expect(all.status).toBe(200);
    release();
    const started = await redub;
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ code: 'REVISION_CONFLICT', revision: all.body.revision });
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before);
    const job = await api(t, alice, 'GET', `/v1/jobs/${jobId}`);
    expect(job.body.status).toBe('completed');
    expect(job.body.dub_segments.es.segments_synthesized).toBe(job.body.dub_segments.es.segments_total);

    // Re-estimated on the latest revision, every edited segment is priced and voiced.
    const again = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub/estimate`, { languages: ['es'] });
    expect(again.body.languages.es.segments_changed).toBe(again.body.languages.es.segments_total);
    const ok = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub`, { languages: ['es'] });
    expect(ok.status).toBe(202);
    const done = await completed(t, alice, jobId);
    expect(done.dub_segments.es.segments_synthesized).toBe(again.body.languages.es.segments_changed);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - again.body.credits);
  });
});

describe.each(DATABASE_KINDS)('a worker stopping during a re-dub on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    // A stopped try is taken for stale after 4 s and sent again by the sweep (as after a restart).
    t = await startTestApp({
      kind,
      queue: { work: true },
      env: { JOB_STALE_SECONDS: '4', JOB_RECOVERY_INTERVAL_SECONDS: '1' },
    });
    alice = await createUser(t, 1000);
  }, 200_000);
  afterAll(() => t?.close());

  it('item 4: hands the re-dub back with its reservation held; it completes and is charged exactly once', async () => {
    const jobId = await finishedDubJob(t, alice);
    const { body } = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const es = body.targets.es.cues.map((c: any, i: number) => ({ ...c, text: `Frase número ${i} otra vez.` }));
    expect(
      (
        await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
          revision: body.revision,
          targets: { es: { cues: es } },
        })
      ).status,
    ).toBe(200);
    const est = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub/estimate`, { languages: ['es'] });
    expect(est.body.credits).toBeGreaterThan(0);
    const before = await balanceOf(t.ctx.db, alice.id);
    const started = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub`, { languages: ['es'] });
    expect(started.status).toBe(202);

    // The graceful stop (shutdown.ts) as soon as the re-dub runs: no grace, the run is aborted and handed back.
    await waitFor('the re-dub running', async () => runningCount() > 0, 60_000);
    await drainRuns(0, 5000);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row.redub).not.toBeNull();
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - est.body.credits);

    const done = await completed(t, alice, jobId, 120_000);
    expect(done.error).toBeNull();
    expect(done.dub_segments.es.segments_synthesized).toBe(est.body.languages.es.segments_changed);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - est.body.credits);
    const ledger = (await ledgerOf(t, alice.id)).filter((l) => l.key?.includes(`redub:${jobId}`));
    expect(ledger.map((l) => l.kind)).toEqual(['reserve', 'charge']);
    expect(done.credits_used).toBe(started.body.credits_used + est.body.credits);
  });
});
