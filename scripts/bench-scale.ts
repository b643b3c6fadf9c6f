/**
 * `npm run bench:scale`: throughput and fairness of separate worker processes on the local PostgreSQL, and a chaos
 * round (a script that prints figures, not a timed test). Issue 16.
 * Per round: a fresh database, 2 API processes (`server/src/main.ts`, RUN_WORKER=false) and N worker processes
 * (`server/src/worker-main.ts`, WORKER_CONCURRENCY=1) on one DATA_DIR; 6 users of mixed plans (2 Free, Explorer,
 * Pro, 2 Business) submit BENCH_JOBS (60) short jobs at once through both APIs (subtitles to Spanish of a
 * BENCH_CLIP_SECONDS (4) s clip of the shared JFK speech). Printed: jobs/min per worker count, p50/p95 of the wait
 * (submission to start) per plan, and the order of plans in which jobs started.
 * Chaos round (3 workers): every BENCH_CHAOS_SECONDS (20) a random worker is killed with SIGKILL (its process group:
 * engines included) and a new one started; at the end every job must be completed, tried to completion once (one
 * 'charge' and one 'reserve' ledger entry, no refund), no queue message left waiting or active, no work folder left.
 * Environment: BENCH_POSTGRES_URL (default TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_WORKERS ('1,2,3'), BENCH_JOBS, BENCH_CLIP_SECONDS, BENCH_CHAOS_SECONDS, BENCH_CHAOS (0 skips it).
 */
import fs from 'node:fs';
import os from 'node:os';
import { freePort } from './lib/app-server.ts';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/src/db/database.ts';
import { creditLedger, jobs, subscriptions, users } from '../server/src/db/schema/index.ts';
import { addCredits } from '../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../server/src/modules/auth/token.service.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2,3')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const JOBS = Number(process.env.BENCH_JOBS ?? 60);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 4);
const CHAOS_SECONDS = Number(process.env.BENCH_CHAOS_SECONDS ?? 20);
const CHAOS = process.env.BENCH_CHAOS !== '0';
const PLANS = ['Free', 'Free', 'explorer', 'pro', 'business', 'business'] as const;
const SECRET = crypto.randomBytes(32).toString('hex');
const JFK = path.resolve(ROOT, '../shared/testdata/audio/jfk.wav');

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface Round {
  name: string;
  db: Database;
  dbName: string;
  url: string;
  dataDir: string;
  apis: string[];
  procs: ChildProcess[];
  workers: ChildProcess[];
  env: Record<string, string>;
}

function spawnProc(round: Round, entry: string, extra: Record<string, string>, logName: string): ChildProcess {
  const out = fs.openSync(path.join(round.dataDir, `${logName}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...round.env, ...extra },
    stdio: ['ignore', out, out],
    detached: true,
  });
  round.procs.push(child);
  return child;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* gone */
  }
}

async function startWorker(round: Round, n: number): Promise<ChildProcess> {
  const name = `worker-${n}`;
  // Engines' temp folders under the round's own TMPDIR, so the chaos round can count what killed workers left.
  const w = spawnProc(
    round,
    'server/src/worker-main.ts',
    { WORKER_CONCURRENCY: '1', TMPDIR: path.join(round.dataDir, 'tmp') },
    name,
  );
  round.workers.push(w);
  await until(
    name,
    async () => fs.readFileSync(path.join(round.dataDir, `${name}.log`), 'utf8').includes('worker is running'),
    120_000,
  );
  return w;
}

async function openRound(name: string): Promise<Round> {
  const dbName = `tarjama_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-scale-'));
  fs.mkdirSync(path.join(dataDir, 'tmp'));
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    APP_SECRET: SECRET,
    DATABASE_URL: url,
    RATE_LIMIT_ENABLED: 'false',
    RUN_WORKER: 'false',
    JOB_STALE_SECONDS: '8',
    JOB_RECOVERY_INTERVAL_SECONDS: '2',
  };
  const round: Round = { name, db: undefined as never, dbName, url, dataDir, apis: [], procs: [], workers: [], env };
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    spawnProc(round, 'server/src/main.ts', { PORT: String(port), HOST: '127.0.0.1' }, `api-${i}`);
    const base = `http://127.0.0.1:${port}`;
    await until(`api ${i}`, async () => (await fetch(`${base}/readyz`)).status === 200, 120_000);
    round.apis.push(base);
  }
  round.db = await openDatabase({ url });
  return round;
}

async function closeRound(round: Round): Promise<void> {
  for (const p of round.procs) killGroup(p, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 3000));
  for (const p of round.procs) killGroup(p, 'SIGKILL');
  await round.db.close();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${round.dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(round.dataDir, { recursive: true, force: true });
}

interface User {
  id: string;
  plan: string;
  auth: Record<string, string>;
  fileUrl: string;
}

async function seedUsers(round: Round, clip: string): Promise<User[]> {
  const tokens = createTokenService(SECRET, 3600);
  const out: User[] = [];
  for (const [i, plan] of PLANS.entries()) {
    const [row] = await round.db.db
      .insert(users)
      .values({
        email: `scale-${i}-${crypto.randomBytes(3).toString('hex')}@example.test`,
        emailVerifiedAt: new Date(),
      })
      .returning();
    await addCredits(round.db.db, { userId: row.id, kind: 'grant', amount: 10_000, idempotencyKey: `scale:${row.id}` });
    if (plan !== 'Free')
      await round.db.db.insert(subscriptions).values({
        userId: row.id,
        planId: plan,
        status: 'active',
        provider: 'test',
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86400_000),
      });
    const auth = { authorization: `Bearer ${await tokens.issue(row.id)}` };
    const api = round.apis[i % round.apis.length];
    const target = (await (
      await fetch(`${api}/v1/uploads/presigned-url`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ filename: 'clip.wav', content_type: 'audio/wav' }),
      })
    ).json()) as { upload_url: string; file_url: string };
    const put = await fetch(target.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav' },
      body: fs.readFileSync(clip),
    });
    if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
    out.push({ id: row.id, plan, auth, fileUrl: target.file_url });
  }
  return out;
}

/** Submits JOBS jobs at once (round robin over users and API processes); returns their ids. */
async function submitAll(round: Round, people: User[]): Promise<string[]> {
  const calls = Array.from({ length: JOBS }, (_, k) => {
    const u = people[k % people.length];
    const api = round.apis[k % round.apis.length];
    return fetch(`${api}/v1/jobs/translate`, {
      method: 'POST',
      headers: { ...u.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        media_url: u.fileUrl,
        source_language: 'en',
        target_languages: ['es'],
        services_to_run: ['subtitle'],
      }),
    }).then(async (r) => {
      const body = (await r.json()) as { id: string; error?: string };
      if (r.status !== 201) throw new Error(`submit answered ${r.status}: ${JSON.stringify(body)}`);
      return body.id;
    });
  });
  return Promise.all(calls);
}

async function waitAllFinished(round: Round, ids: string[], onTick?: () => Promise<void>) {
  return until(
    'every job to finish',
    async () => {
      if (onTick) await onTick();
      const rows = await round.db.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
      return rows.every((r) => r.status === 'completed' || r.status === 'failed') && rows;
    },
    60 * 60_000,
  );
}

async function figures(round: Round, people: User[], ids: string[]) {
  const rows = await round.db.db.select().from(jobs).where(inArray(jobs.id, ids));
  const planOf = new Map(people.map((p) => [p.id, p.plan]));
  const first = Math.min(...rows.map((r) => r.createdAt.getTime()));
  const last = Math.max(...rows.map((r) => (r.finishedAt ?? r.updatedAt).getTime()));
  const waits: Record<string, number[]> = {};
  for (const r of rows) {
    if (!r.startedAt) continue;
    (waits[planOf.get(r.userId)!] ??= []).push((r.startedAt.getTime() - r.createdAt.getTime()) / 1000);
  }
  const order = rows
    .filter((r) => r.startedAt)
    .sort((a, b) => a.startedAt!.getTime() - b.startedAt!.getTime())
    .map((r) => planOf.get(r.userId)![0].toUpperCase())
    .join('');
  return {
    completed: rows.filter((r) => r.status === 'completed').length,
    failed: rows.filter((r) => r.status === 'failed').length,
    seconds: round1((last - first) / 1000),
    jobsPerMinute: round1((rows.length / ((last - first) / 1000)) * 60),
    waitSeconds: Object.fromEntries(
      Object.entries(waits).map(([plan, w]) => [
        plan,
        { p50: round1(percentile(w, 50)), p95: round1(percentile(w, 95)) },
      ]),
    ),
    startOrder: order,
  };
}

/** Exactly-once checks of the chaos round. */
async function checkExactlyOnce(round: Round, ids: string[]) {
  const rows = await round.db.db.select().from(jobs).where(inArray(jobs.id, ids));
  const ledger = await round.db.db.select().from(creditLedger).where(inArray(creditLedger.jobId, ids));
  const byJob = new Map<string, string[]>();
  for (const e of ledger) byJob.set(e.jobId!, [...(byJob.get(e.jobId!) ?? []), e.kind]);
  const badLedger = ids.filter((id) => (byJob.get(id) ?? []).sort().join(',') !== 'charge,reserve');
  const chargedRight = rows.filter(
    (r) => r.status === 'completed' && r.creditsUsed === r.creditsReserved && r.creditsUsed > 0,
  ).length;
  const { rows: pending } = await round.db.executeSql(
    `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'media.translate' AND state IN ('created','retry','active') GROUP BY state`,
    [],
  );
  const workDir = path.join(round.dataDir, 'work');
  const leftovers = fs.existsSync(workDir) ? fs.readdirSync(workDir).length : 0;
  const tmpDir = path.join(round.dataDir, 'tmp');
  const tempLeft = fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir) : [];
  const outputs = await round.db.executeSql(
    `SELECT job_id, count(*)::int AS n FROM job_outputs WHERE job_id = ANY($1::uuid[]) GROUP BY job_id`,
    [ids],
  );
  const outputsPerJob = [...new Set((outputs.rows as Array<{ n: number }>).map((r) => Number(r.n)))];
  return {
    completed: rows.filter((r) => r.status === 'completed').length,
    failed: rows.filter((r) => r.status === 'failed').length,
    jobsWithOneReserveAndOneCharge: ids.length - badLedger.length,
    chargedTheirPrice: chargedRight,
    tries: Object.fromEntries(
      [...new Set(rows.map((r) => r.attempts))].sort().map((a) => [a, rows.filter((r) => r.attempts === a).length]),
    ),
    queueMessagesLeft: pending,
    workFoldersLeft: leftovers,
    tempFoldersLeftByKilledEngines: tempLeft,
    outputsPerJob,
  };
}

/** Sums the user+system CPU seconds of this machine (all processes), from /proc/stat. */
function machineCpuSeconds(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return (line[0] + line[1] + line[2]) / 100;
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-scale-clip-'));
  const clip = path.join(tmp, 'clip.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', JFK, '-t', String(CLIP_SECONDS), clip]);
  const report: Record<string, unknown> = {
    cores: os.cpus().length,
    loadAverageAtStart: os.loadavg().map(round1),
    jobs: JOBS,
    clipSeconds: CLIP_SECONDS,
    plans: PLANS,
    rounds: [] as unknown[],
  };
  try {
    for (const n of WORKER_COUNTS) {
      const round = await openRound(`${n} workers`);
      try {
        const people = await seedUsers(round, clip);
        for (let i = 0; i < n; i++) await startWorker(round, i);
        const cpu0 = machineCpuSeconds();
        const ids = await submitAll(round, people);
        await waitAllFinished(round, ids);
        const f = await figures(round, people, ids);
        (report.rounds as unknown[]).push({
          workers: n,
          ...f,
          machineCpuBusy: round1((machineCpuSeconds() - cpu0) / f.seconds),
        });
        process.stderr.write(`${JSON.stringify({ workers: n, ...f })}\n`);
      } finally {
        await closeRound(round);
      }
    }
    if (CHAOS) {
      const round = await openRound('chaos');
      try {
        const people = await seedUsers(round, clip);
        let next = 0;
        for (; next < 3; next++) await startWorker(round, next);
        const ids = await submitAll(round, people);
        let kills = 0;
        let lastKill = Date.now();
        let busy = false;
        await waitAllFinished(round, ids, async () => {
          if (busy || Date.now() - lastKill < CHAOS_SECONDS * 1000) return;
          busy = true;
          try {
            const alive = round.workers.filter((w) => w.exitCode === null && w.signalCode === null);
            const victim = alive[Math.floor(Math.random() * alive.length)];
            killGroup(victim, 'SIGKILL');
            kills++;
            await startWorker(round, next++);
            lastKill = Date.now();
          } finally {
            busy = false;
          }
        });
        const f = await figures(round, people, ids);
        // Let the recovery sweep (every 2 s) cancel the killed workers' messages and remove their folders.
        await new Promise((r) => setTimeout(r, 6000));
        const checks = await checkExactlyOnce(round, ids);
        report.chaos = { workers: 3, killEverySeconds: CHAOS_SECONDS, kills, ...f, ...checks };
      } finally {
        await closeRound(round);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench:scale failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
