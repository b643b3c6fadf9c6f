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
    // jfk.mp4 three times over (33 s): both workers are up before it is submitted, so it only has to outlast its
    // first stage and the stop's 2 s grace; one language, so that finishing it after the hand-over costs one dub.
    const long = path.join(t.dataDir, 'jfk-x3.mp4');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-stream_loop', '2', '-i', JFK_MP4, '-c', 'copy', '-y', long]);
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

  /** A worker serving its health and metrics on its own port (WORKER_HTTP_PORT). */
  interface Worker {
    name: string;
    child: ChildProcess;
    port: number;
  }

  /** Starts two workers at once (their start-ups overlap) and waits until both take jobs. */
  async function startTwoWorkers(names: [string, string], env: Record<string, string> = {}): Promise<Worker[]> {
    const workers: Worker[] = [];
    for (const name of names) {
      const port = await freePort();
      workers.push({ name, port, child: startWorker(name, { ...env, WORKER_HTTP_PORT: String(port) }) });
    }
    for (const w of workers)
      await until(`worker ${w.name}`, async () => log(w.name).includes('Tarjama worker is running'), 90_000);
    return workers;
  }

  const metricsOf = async (w: Worker) => (await fetch(`http://127.0.0.1:${w.port}/metrics`)).text();
  /** A stage timed by this worker: it is the one running the job (only the worker that ran a stage has it). */
  const STAGE_TIMED = /tarjama_stage_duration_seconds_count\{[^}]*\} [1-9]/;

  /** Once the job has reported progress: the worker running it and the other one. */
  async function runnerOf(id: string, workers: Worker[]): Promise<{ runner: Worker; other: Worker }> {
    await until('the job to run', async () => (await row(id)).progress > 0, 120_000);
    const runner = await until(
      'the worker that runs the job',
      async () => {
        for (const w of workers) if (STAGE_TIMED.test(await metricsOf(w))) return w;
        return undefined;
      },
      30_000,
    );
    return { runner, other: workers.find((w) => w !== runner)! };
  }

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
    const workers = await startTwoWorkers(['a', 'b'], { SHUTDOWN_GRACE_SECONDS: '2' });
    for (const w of workers) {
      const health = await fetch(`http://127.0.0.1:${w.port}/healthz`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe('ok');
      expect((await fetch(`http://127.0.0.1:${w.port}/readyz`)).status).toBe(200);
    }
    const id = await submitLongJob();
    const { runner, other } = await runnerOf(id, workers);
    expect(STAGE_TIMED.test(await metricsOf(other))).toBe(false);

    const sent = Date.now();
    process.kill(runner.child.pid!, 'SIGTERM');
    const result = await exited(runner.child);
    const seconds = (Date.now() - sent) / 1000;
    expect(result).toEqual({ code: 0, signal: null });
    expect(seconds).toBeLessThan(10);
    expect(log(runner.name)).toContain('job handed back to the queue');

    const done = await until(
      'the other worker to finish the job',
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
    const metrics = await metricsOf(other);
    expect(metrics).toMatch(STAGE_TIMED);
    expect(metrics).toMatch(/tarjama_worker_jobs_total\{[^}]*\} [1-9]/);
    expect(metrics).toContain('process_resident_memory_bytes');
    process.kill(other.child.pid!, 'SIGTERM');
    expect((await exited(other.child)).code).toBe(0);
  }, 600_000);

  it('a frozen worker loses its job to another and, woken, writes nothing: the job completes once', async () => {
    const workers = await startTwoWorkers(['c', 'd']);
    const id = await submitLongJob();
    const { runner, other } = await runnerOf(id, workers);
    const a = runner.child;
    const b = other.child;
    process.kill(-a.pid!, 'SIGSTOP');
    await until('the other worker to take the job over', async () => (await row(id)).attempts === 2, 120_000);
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
