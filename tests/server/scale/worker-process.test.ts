/**
 * `npm run worker` as real child processes on PostgreSQL beside an API that does not work jobs (RUN_WORKER=false):
 * - SIGTERM in the middle of a long job: the worker exits 0 within 10 s and hands the job back; a second worker
 *   finishes it, the stopped try does not count, and the ledger holds one reserve and one charge;
 * - a worker frozen (SIGSTOP) past JOB_STALE_SECONDS loses its job to another; woken up (SIGCONT), it stops
 *   without writing anything, so the job runs in one place at a time and completes once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exited, freePort, removeDeploymentTemp, ROOT, until } from '../helpers/server-process.ts';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { creditLedger, jobs } from '../../../server/src/db/schema/index.ts';

describe('worker processes (npm run worker) on postgres', () => {
  let t: TestApp;
  let user: TestUser;
  let fileUrl: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp({ kind: 'postgres', env: { RUN_WORKER: 'false' }, queue: { work: false } });
    user = await createUser(t, 1000);
    // jfk.mp4 six times over (66 s): a job that lasts well past a worker's start-up on any machine (its recognition
    // alone does); one language, so that finishing it after the hand-over costs one dub, not three.
    const long = path.join(t.dataDir, 'jfk-x6.mp4');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-stream_loop', '5', '-i', JFK_MP4, '-c', 'copy', '-y', long]);
    const up = await uploadByPut(t, user, long, 'jfk.mp4', 'video/mp4');
    expect(up.status).toBe(200);
    fileUrl = up.fileUrl;
  });
  // A test that failed half-way leaves no worker behind to take the next test's job.
  afterEach(() => {
    for (const c of children.splice(0)) {
      try {
        process.kill(-c.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });
  afterAll(async () => {
    for (const c of children) {
      try {
        process.kill(-c.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    await t?.close();
    if (t) removeDeploymentTemp(t.dataDir);
  });

  /** `npm run worker`'s process (tsx server/src/worker-main.ts) in its own process group, on the API's files. */
  function startWorker(name: string, env: Record<string, string> = {}): ChildProcess {
    const out = fs.openSync(path.join(t.dataDir, `${name}.log`), 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker-main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.databaseUrl!,
        APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        JOB_STALE_SECONDS: '6',
        JOB_RECOVERY_INTERVAL_SECONDS: '1',
        ...env,
      },
      stdio: ['ignore', out, out],
      detached: true,
    });
    children.push(child);
    return child;
  }

  const log = (name: string) => fs.readFileSync(path.join(t.dataDir, `${name}.log`), 'utf8');

  async function submitLongJob(): Promise<string> {
    const res = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle', 'voice_over'],
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  const row = async (id: string) => (await t.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const ledger = async (id: string) =>
    (
      await t.ctx.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.jobId, id)))
    )
      .map((e) => e.kind)
      .sort();

  it('SIGTERM mid-job: exits 0 within 10 s, the job is handed back and finished by another worker once', async () => {
    // A short grace, so the job is surely still running when it ends.
    const a = startWorker('a', { SHUTDOWN_GRACE_SECONDS: '2' });
    await until('worker a', async () => log('a').includes('Tarjama worker is running'), 90_000);
    const id = await submitLongJob();
    await until('the job to run in worker a', async () => (await row(id)).progress > 0, 120_000);

    // Worker b serves its own health and metrics (WORKER_HTTP_PORT).
    const bPort = await freePort();
    const b = startWorker('b', { WORKER_HTTP_PORT: String(bPort) });
    await until('worker b', async () => log('b').includes('Tarjama worker is running'), 90_000);
    const health = await fetch(`http://127.0.0.1:${bPort}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
    expect((await fetch(`http://127.0.0.1:${bPort}/readyz`)).status).toBe(200);
    const sent = Date.now();
    process.kill(a.pid!, 'SIGTERM');
    const result = await exited(a);
    const seconds = (Date.now() - sent) / 1000;
    expect(result).toEqual({ code: 0, signal: null });
    expect(seconds).toBeLessThan(10);
    expect(log('a')).toContain('job handed back to the queue');

    const done = await until(
      'worker b to finish the job',
      async () => {
        const r = await row(id);
        if (r.status === 'failed') throw new Error(`failed: ${r.error}`);
        return r.status === 'completed' && r;
      },
      300_000,
    );
    // The stopped try did not count.
    expect(done.attempts).toBe(1);
    expect(await ledger(id)).toEqual(['charge', 'reserve']);
    const job = await api(t, user, 'GET', `/v1/jobs/${id}`);
    expect(Object.keys(job.body.output_files).sort()).toEqual(['es']);
    // The figures only the worker that ran the job has: its stage timings and its finished job.
    const metrics = await (await fetch(`http://127.0.0.1:${bPort}/metrics`)).text();
    expect(metrics).toMatch(/tarjama_stage_duration_seconds_count\{[^}]*\} [1-9]/);
    expect(metrics).toMatch(/tarjama_worker_jobs_total\{[^}]*\} [1-9]/);
    expect(metrics).toContain('process_resident_memory_bytes');
    process.kill(b.pid!, 'SIGTERM');
    expect((await exited(b)).code).toBe(0);
  }, 600_000);

  it('a frozen worker loses its job to another and, woken, writes nothing: the job completes once', async () => {
    const a = startWorker('c');
    await until('worker c', async () => log('c').includes('Tarjama worker is running'), 90_000);
    const id = await submitLongJob();
    await until('the job to run in worker c', async () => (await row(id)).progress > 0, 120_000);
    process.kill(-a.pid!, 'SIGSTOP');
    const b = startWorker('d');
    await until('worker d to take the job over', async () => (await row(id)).attempts === 2, 120_000);
    process.kill(-a.pid!, 'SIGCONT');

    const done = await until(
      'the job to complete',
      async () => {
        const r = await row(id);
        if (r.status === 'failed') throw new Error(`failed: ${r.error}`);
        return r.status === 'completed' && r;
      },
      300_000,
    );
    expect(done.attempts).toBe(2);
    expect(await ledger(id)).toEqual(['charge', 'reserve']);
    // The woken worker kept running and took no part in the finish.
    expect(a.exitCode).toBeNull();
    const job = await api(t, user, 'GET', `/v1/jobs/${id}`);
    expect(Object.keys(job.body.output_files).sort()).toEqual(['es']);
    for (const w of [a, b]) process.kill(w.pid!, 'SIGTERM');
    for (const w of [a, b]) expect((await exited(w)).code).toBe(0);
  }, 600_000);
});
