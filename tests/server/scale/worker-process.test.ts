/**
 * `npm run worker` as real child processes on PostgreSQL beside an API that does not work jobs (RUN_WORKER=false):
 * - SIGTERM to every process of `npm run worker` in the middle of a stage (npm, its shell, tsx, the worker and its
 *   engine programs, as systemd's default KillMode sends it; issue 39 item 1): the worker hands the job back at
 *   once (its engines died of the signal: the stop's doing, not a failed try) and exits; a second worker takes it
 *   within seconds, finishes it, the stopped try does not count, and the ledger holds one reserve and one charge;
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

  /**
   * `npm run worker`'s process (tsx server/src/worker-main.ts) in its own process group, on the API's files; with
   * `viaNpm` the command itself (npm, its shell and tsx's CLI wrapping the worker's node).
   */
  function startWorker(name: string, env: Record<string, string> = {}, viaNpm = false): ChildProcess {
    const out = fs.openSync(path.join(t.dataDir, `${name}.log`), 'a');
    const [program, args] = viaNpm
      ? ['npm', ['run', '--silent', 'worker']]
      : [process.execPath, ['--import', 'tsx', 'server/src/worker-main.ts']];
    const child = spawn(program, args, {
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
  async function startTwoWorkers(
    names: [string, string],
    env: Record<string, string> = {},
    viaNpm = false,
  ): Promise<Worker[]> {
    const workers: Worker[] = [];
    for (const name of names) {
      const port = await freePort();
      workers.push({ name, port, child: startWorker(name, { ...env, WORKER_HTTP_PORT: String(port) }, viaNpm) });
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

  /** The processes started under `pid` (itself included), read from /proc: [pid, command name]. */
  function processTree(pid: number): Array<[number, string]> {
    const parentOf = new Map<number, { ppid: number; comm: string }>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        // /proc/PID/stat: "pid (comm) state ppid ...": read after the command name, which may hold spaces.
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (state !== 'Z')
          parentOf.set(Number(name), {
            ppid: Number(ppid),
            comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
          });
      } catch {
        /* gone */
      }
    }
    const tree: Array<[number, string]> = [];
    const walk = (p: number) => {
      const me = parentOf.get(p);
      if (!me) return;
      tree.push([p, me.comm]);
      for (const [child, info] of parentOf) if (info.ppid === p) walk(child);
    };
    walk(pid);
    return tree;
  }

  /** True while process `pid` runs (a zombie, ended but not yet reaped, counts as gone). */
  function alive(pid: number): boolean {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  }

  /** SIGTERM to each of `tree`'s processes (one gone in between is fine). */
  function signalAll(tree: Array<[number, string]>): void {
    for (const [pid] of tree) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    }
  }

  it('SIGTERM to the whole tree of `npm run worker` mid-stage (engines included): handed back in the bound, not a try', async () => {
    // The default grace (8 s, SHUTDOWN_GRACE_SECONDS in docs/configuration.md); the worker runs under npm, its shell and tsx, as `ExecStart=npm run worker` did.
    const workers = await startTwoWorkers(['g', 'h'], {}, true);
    for (const w of workers) {
      const health = await fetch(`http://127.0.0.1:${w.port}/healthz`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe('ok');
      expect((await fetch(`http://127.0.0.1:${w.port}/readyz`)).status).toBe(200);
    }
    const id = await submitLongJob();
    const { runner, other } = await runnerOf(id, workers);
    expect(STAGE_TIMED.test(await metricsOf(other))).toBe(false);
    // Mid-stage, past the probe: an engine program (ffmpeg, pocketsphinx, espeak-ng...) runs under the worker's
    // node (whose thread is named MainThread; esbuild is tsx's compiler).
    const WRAPPERS = /^(npm.*|sh|node|MainThread|esbuild|tsx)$/;
    const engines = await until(
      'an engine child of the busy worker past the probe',
      async () => {
        if (['fetching', 'probe'].includes((await row(id)).stage ?? 'fetching')) return null;
        const found = processTree(runner.child.pid!).filter(([, comm]) => !WRAPPERS.test(comm));
        return found.length > 0 && found;
      },
      120_000,
    );
    const stageAtStop = (await row(id)).stage;
    // What systemd's default KillMode=control-group does: SIGTERM to every process of the unit at once, the
    // wrappers, the worker and its engines (which run in process groups of their own).
    const tree = processTree(runner.child.pid!);
    const sent = Date.now();
    signalAll(tree);
    // Handed back: the runner logs it, and the row reads queued with the try uncounted until the other worker
    // takes it, which may be within one poll of this loop (then it reads processing, as the same first try).
    const handedBack = await until(
      'the job handed back',
      async () => {
        const r = await row(id);
        const logged = log(runner.name).includes('job handed back to the queue');
        return logged || r.status !== 'processing' || r.attempts !== 1 ? r : null;
      },
      15_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the stopped worker's log ends:\n${log(runner.name).slice(-3000)}`);
    });
    const handBackSeconds = (Date.now() - sent) / 1000;
    // The other worker takes it at once (its queue polls every second), as the same first try.
    const taken = await until(
      'the other worker to take the job',
      async () => {
        const r = await row(id);
        return r.status === 'processing' && r.attempts === 1 && r;
      },
      10_000,
    );
    const takenSeconds = (Date.now() - sent) / 1000;
    // Every process signalled is gone, the worker's node too (npm may exit first and leave it to finish its stop).
    await until('the stopped worker to exit', async () => tree.every(([pid]) => !alive(pid)), 15_000);
    // Its own stop sequence ran to the end (exit 0), not the backstop nor a crash.
    expect(log(runner.name)).toMatch(/"msg":"stopped"/);
    const exitSeconds = (Date.now() - sent) / 1000;
    console.log(
      `SIGTERM to ${tree.length} processes (${tree.map(([, c]) => c).join(', ')}; engines ${engines.map(([, c]) => c).join(', ')}) ` +
        `during stage ${stageAtStop}: handed back after ${handBackSeconds.toFixed(1)} s, taken by the other worker ` +
        `after ${takenSeconds.toFixed(1)} s, worker gone after ${exitSeconds.toFixed(1)} s`,
    );
    expect(['queued 0', 'processing 1']).toContain(`${handedBack.status} ${handedBack.attempts}`);
    expect(handBackSeconds).toBeLessThan(10);
    expect(taken.attempts).toBe(1);
    expect(log(runner.name)).toContain('job handed back to the queue');
    expect(log(runner.name)).not.toContain('job try failed');

    const done = await until(
      'the other worker to finish the job',
      async () => {
        const r = await row(id);
        if (r.status === 'failed') throw new Error(`failed: ${r.error}`);
        return r.status === 'completed' && r;
      },
      300_000,
    );
    expect(done.attempts).toBe(1);
    expect(done.errorCode).toBeNull();
    expect(await ledger(id)).toEqual(['charge', 'reserve']);
    const job = await api(t, user, 'GET', `/v1/jobs/${id}`);
    expect(Object.keys(job.body.output_files).sort()).toEqual(['es']);
    // The figures only the worker that ran the job has: its stage timings and its finished job.
    const metrics = await metricsOf(other);
    expect(metrics).toMatch(STAGE_TIMED);
    expect(metrics).toMatch(/tarjama_worker_jobs_total\{[^}]*\} [1-9]/);
    expect(metrics).toContain('process_resident_memory_bytes');
    const otherTree = processTree(other.child.pid!);
    signalAll(otherTree);
    await until('the other worker to exit', async () => otherTree.every(([pid]) => !alive(pid)), 15_000);
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
