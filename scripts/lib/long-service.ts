/**
 * The operator configuration of `npm run bench:long -- --postgres --worker [--workers N] [--s3]` (issue 25): a
 * fresh database on the local PostgreSQL (BENCH_POSTGRES_URL, default TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/postgres), one API process (`server/src/main.ts`, RUN_WORKER=false) and N
 * separate worker processes (`server/src/worker-main.ts`, `npm run worker`, WORKER_CONCURRENCY=1) on one DATA_DIR,
 * with STORAGE=s3 against s3rver when asked. A Business account uploads the video through the API (presigned
 * PUT), submits one job (`services_to_run` given, source en, target es), and the job is followed until it ends.
 * Measured: wall seconds from submission to completed, CPU seconds of the worker processes and their children
 * (engines, ffmpeg), peak resident memory of each program of the workers' trees and of the worker's Node process
 * per job stage (sampled every 200 ms, the stage as GET /v1/jobs/{id} reports it), and the MP3/MP4 durations of
 * the downloaded outputs. Everything it starts is stopped and the database and folders are removed.
 */
import crypto from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { openDatabase } from '../../server/src/db/database.ts';
import { subscriptions, users } from '../../server/src/db/schema/index.ts';
import { addCredits } from '../../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../../server/src/modules/auth/token.service.ts';
import { freePort } from './app-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Options of the run: how many worker processes, and S3 (s3rver) instead of local files. */
export interface ServiceOptions {
  workers: number;
  s3: boolean;
}

/** What one job through the service measured (seconds, bytes). */
export interface ServiceRun {
  wall: number;
  cpu: number;
  peakTree: number;
  peakByProgram: Record<string, number>;
  /** Peak resident bytes of the busiest worker Node process per job stage. */
  peakByStage: Record<string, number>;
  durations: Record<string, number>;
  /** The job's source cue texts (for the word error rate). */
  words: string;
}

/** Resident bytes per process of the tree under `pid`: [pid, program name, bytes]. */
export function treeProcesses(pid: number): Array<[number, string, number]> {
  const out: Array<[number, string, number]> = [];
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const name = /Name:\s+(\S+)/.exec(status)?.[1] ?? '?';
      out.push([p, name, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024]);
      for (const t of fs.readdirSync(`/proc/${p}/task`))
        for (const c of fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean))
          visit(Number(c));
    } catch {
      /* ended between reads */
    }
  };
  visit(pid);
  return out;
}

/** CPU seconds of a process and its waited-for children (utime + stime + cutime + cstime of /proc/PID/stat). */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ": state is field 0, utime 11, stime 12, cutime 13, cstime 14.
    return [11, 12, 13, 14].reduce((s, i) => s + Number(fields[i]), 0) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Runs `video` through the service as one job and measures it (see the file's docstring).
 * @throws Error when a process does not start, the upload or the submission is refused, or the job fails (its
 *         error code and text).
 */
export async function runThroughService(video: string, services: string[], opts: ServiceOptions): Promise<ServiceRun> {
  const dbName = `tarjama_long_${crypto.randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-long-service-'));
  const secret = crypto.randomBytes(32).toString('hex');
  const procs: ChildProcess[] = [];
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  let s3: S3rver | undefined;
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      APP_SECRET: secret,
      DATABASE_URL: dbUrl.toString(),
      RATE_LIMIT_ENABLED: 'false',
      RUN_WORKER: 'false',
    };
    if (opts.s3) {
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: path.join(dataDir, 's3'),
        configureBuckets: [{ name: 'tarjama', configs: [] }],
      });
      const { port } = await s3.run();
      Object.assign(env, {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'tarjama',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      });
    }
    const start = (entry: string, extra: Record<string, string>, log: string) => {
      const out = fs.openSync(path.join(dataDir, `${log}.log`), 'a');
      const child = spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: ROOT,
        env: { ...process.env, ...env, ...extra },
        stdio: ['ignore', out, out],
        detached: true,
      });
      procs.push(child);
      return child;
    };
    const port = await freePort();
    start('server/src/main.ts', { PORT: String(port), HOST: '127.0.0.1' }, 'api');
    const base = `http://127.0.0.1:${port}`;
    await until('the API', async () => (await fetch(`${base}/readyz`)).status === 200, 180_000);
    const workers: ChildProcess[] = [];
    for (let n = 0; n < opts.workers; n++) {
      workers.push(start('server/src/worker-main.ts', { WORKER_CONCURRENCY: '1' }, `worker-${n}`));
      await until(
        `worker ${n}`,
        async () => fs.readFileSync(path.join(dataDir, `worker-${n}.log`), 'utf8').includes('worker is running'),
        180_000,
      );
    }

    db = await openDatabase({ url: dbUrl.toString() });
    const [user] = await db.db
      .insert(users)
      .values({ email: `long-${crypto.randomBytes(3).toString('hex')}@example.test`, emailVerifiedAt: new Date() })
      .returning();
    await addCredits(db.db, { userId: user.id, kind: 'grant', amount: 1_000_000, idempotencyKey: `long:${user.id}` });
    await db.db.insert(subscriptions).values({
      userId: user.id,
      planId: 'business',
      status: 'active',
      provider: 'test',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 86400_000),
    });
    const auth = { authorization: `Bearer ${await createTokenService(secret, 24 * 3600).issue(user.id)}` };
    const call = async (method: string, url: string, body?: unknown) => {
      const r = await fetch(`${base}${url}`, {
        method,
        headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const target = await call('POST', '/v1/uploads/presigned-url', {
      filename: path.basename(video),
      content_type: 'video/mp4',
    });
    if (target.status !== 200)
      throw new Error(`presigned-url answered ${target.status}: ${JSON.stringify(target.body)}`);
    const put = await fetch(target.body.upload_url as string, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', ...(opts.s3 ? { 'x-amz-acl': 'public-read' } : {}) },
      body: fs.readFileSync(video),
    });
    if (put.status !== 200) throw new Error(`upload answered ${put.status}: ${await put.text()}`);

    const cpu0 = workers.reduce((s, w) => s + cpuSecondsOf(w.pid!), 0);
    const t0 = performance.now();
    const sub = await call('POST', '/v1/jobs/translate', {
      media_url: target.body.file_url,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: services,
    });
    if (sub.status !== 201) throw new Error(`submit answered ${sub.status}: ${JSON.stringify(sub.body)}`);
    let stage = 'queued';
    let peakTree = 0;
    const peakByProgram: Record<string, number> = {};
    const peakByStage: Record<string, number> = {};
    const timer = setInterval(() => {
      let tree = 0;
      let node = 0;
      for (const w of workers) {
        const procs = treeProcesses(w.pid!);
        tree += procs.reduce((n, [, , b]) => n + b, 0);
        for (const [, name, b] of procs) peakByProgram[name] = Math.max(peakByProgram[name] ?? 0, b);
        node = Math.max(node, procs[0]?.[2] ?? 0);
      }
      peakTree = Math.max(peakTree, tree);
      peakByStage[stage] = Math.max(peakByStage[stage] ?? 0, node);
    }, 200);
    let job: Record<string, unknown>;
    try {
      job = await until(
        'the job to end',
        async () => {
          const j = await call('GET', `/v1/jobs/${sub.body.id as string}`);
          stage = (j.body.stage as string | null) ?? stage;
          return j.body.status === 'completed' || j.body.status === 'failed' ? j.body : null;
        },
        6 * 3600_000,
      );
    } finally {
      clearInterval(timer);
    }
    const wall = (performance.now() - t0) / 1000;
    const cpu = workers.reduce((s, w) => s + cpuSecondsOf(w.pid!), 0) - cpu0;
    if (job.status !== 'completed') throw new Error(`the job failed: ${String(job.error_code)} ${String(job.error)}`);

    const durations: Record<string, number> = {};
    const entry = (job.output_files as Record<string, { voice_over?: Record<string, string | null> }>).es;
    for (const [kind, url] of [
      ['mp3', entry?.voice_over?.voice_over_url],
      ['mp4', entry?.voice_over?.video_url],
    ] as const) {
      if (!url) continue;
      const file = path.join(dataDir, `out.${kind}`);
      // A presigned S3 address carries its own signature: an Authorization header beside it is refused (400).
      const address = url.startsWith('http') ? url : `${base}${url}`;
      const res = await fetch(address, { headers: address.startsWith(base) ? auth : {} });
      if (res.status !== 200) throw new Error(`download of the ${kind} answered ${res.status}`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      durations[kind] = Number(
        execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
          encoding: 'utf8',
        }).trim(),
      );
    }
    const tracks = await call('GET', `/v1/jobs/${sub.body.id as string}/tracks`);
    const source = (tracks.body.source as { cues?: Array<{ text: string }> } | undefined)?.cues ?? [];
    return {
      wall,
      cpu,
      peakTree,
      peakByProgram,
      peakByStage,
      durations,
      words: source.map((c) => c.text).join(' '),
    };
  } finally {
    for (const p of procs)
      try {
        process.kill(-p.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
    await new Promise((r) => setTimeout(r, 3000));
    for (const p of procs)
      try {
        process.kill(-p.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    await db?.close();
    await s3?.close();
    const drop = new pg.Client({ connectionString: ADMIN_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await drop.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
