/**
 * The job queue adapter: pg-boss on the same database as everything else (PGlite through its `db.executeSql`
 * option, or a PostgreSQL server). Handlers are registered per JobName before start(); start() refuses to run
 * when a defined job has no handler.
 */
import PgBoss from 'pg-boss';
import * as v from 'valibot';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { JOB_DEFINITIONS, type JobName, type JobPayload } from './job-definitions.ts';
import { startJobPool, type JobPool } from './job-pool.ts';

/** Context a handler gets with each job. `retryCount` is 0 on the first try. */
export interface JobContext {
  queueJobId: string;
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayload<N>, ctx: JobContext) => Promise<void>;

export class QueueStartError extends Error {}

export interface Queue {
  /**
   * Registers the handler of a job; call before start(). `workers`: how many of its messages this process runs at
   * once, from one fetch loop (job-pool.ts); without it one pg-boss worker (media.translate and document.translate:
   * start()'s `concurrency` workers).
   */
  handle<N extends JobName>(name: N, handler: JobHandler<N>, opts?: { workers?: number }): void;
  /**
   * Starts pg-boss, creates the queues and, when `work` is true, the workers and schedules.
   * @throws QueueStartError naming every job without a handler (only when `work` is true).
   */
  start(opts: { work: boolean; concurrency: number }): Promise<void>;
  /**
   * Enqueues a job. `singletonKey` names the message after the job it runs (the recovery sweep looks it up);
   * `priority` (integer, higher first; default 0) orders waiting messages before their age does
   * (modules/jobs/job-priority.ts computes it for translation jobs).
   */
  send<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    opts?: { singletonKey?: string; startAfterSeconds?: number; priority?: number },
  ): Promise<string | null>;
  /**
   * Stops taking new messages (the handlers already running go on); the first step of a worker's shutdown.
   */
  stopTaking(): Promise<void>;
  /** Waiting messages (created or retry) per job name and priority, for GET /metrics. */
  depth(): Promise<Array<{ name: string; priority: number; count: number }>>;
  /** Cancels a queued or running pg-boss job by its id (the running handler sees its AbortSignal fire via the owner). */
  cancel(name: JobName, queueJobId: string): Promise<void>;
  /** True when pg-boss answers. */
  ping(): Promise<boolean>;
  stop(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for "deadlock detected" (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const DEADLOCK_DETECTED = '40P01';

/**
 * Runs `fn`, again (up to 5 tries, 50-250 ms apart) when PostgreSQL chose it as a deadlock's victim. Two processes
 * starting at once on a fresh database (an API and a worker, as docs/operator.md starts them) both create
 * each queue: pg-boss's create_queue inserts the queue row and attaches its partition table, and the two
 * transactions can deadlock, which stopped one process's start-up (seen in tests/server/ops/running-at-scale.test.ts).
 * PostgreSQL aborts only the victim, and a retry finds the queue made by the other (ON CONFLICT DO NOTHING).
 * @throws the last error, or any error that is not a deadlock.
 */
async function retryOnDeadlock<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

/** Creates the queue adapter over the given database. */
export function createQueue(database: Database, logger: Logger): Queue {
  // Once stop() has given up waiting (its 10 s), a handler still running may end later and pg-boss then writes its
  // result (fail or complete) through this adapter into an embedded database that the app has closed, an unhandled
  // rejection seen in a test run. Those late writes are dropped: the job's expiry and the recovery sweep hand it over.
  // A dropped statement answers as if it changed nothing: no rows, or a count of 0 for pg-boss's commands that end in
  // `SELECT COUNT(*)` (complete, fail, cancel, resume, delete read `rows[0].count`).
  let stopped = false;
  const nothingChanged = (text: string) => ({ rows: /select\s+count\(\*\)/i.test(text) ? [{ count: '0' }] : [] });
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString!, max: 4 })
      : new PgBoss({
          db: {
            executeSql: (text, values) =>
              stopped ? Promise.resolve(nothingChanged(text)) : database.executeSql(text, values),
          },
        });
  boss.on('error', (err) => logger.error({ err }, 'queue error'));
  const handlers = new Map<JobName, JobHandler<JobName>>();
  const workersOf = new Map<JobName, number>();
  const pools: JobPool[] = [];
  let started = false;

  return {
    handle(name, handler, opts = {}) {
      handlers.set(name, handler as JobHandler<JobName>);
      if (opts.workers) workersOf.set(name, opts.workers);
    },

    async start({ work, concurrency }) {
      const names = Object.keys(JOB_DEFINITIONS) as JobName[];
      if (work) {
        const missing = names.filter((n) => !handlers.has(n));
        if (missing.length) throw new QueueStartError(`No handler registered for job(s): ${missing.join(', ')}`);
      }
      await boss.start();
      started = true;
      for (const name of names) {
        const def = JOB_DEFINITIONS[name];
        await retryOnDeadlock(() =>
          boss.createQueue(name, { name, retryLimit: def.retryLimit, expireInSeconds: def.expireInSeconds }),
        );
      }
      if (!work) return;
      for (const name of names) {
        const def = JOB_DEFINITIONS[name];
        const handler = handlers.get(name)!;
        const runJob = async (job: PgBoss.JobWithMetadata<unknown>) => {
          const parsed = v.safeParse(def.payload, job.data);
          if (!parsed.success) {
            logger.error({ name, data: job.data, issues: parsed.issues }, 'job payload rejected');
            return; // a payload that does not parse will never parse: do not retry
          }
          await handler(parsed.output, { queueJobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
        };
        const poolSize = workersOf.get(name);
        if (poolSize) pools.push(startJobPool(boss, name, poolSize, runJob, logger));
        else {
          const workerCount = name === 'media.translate' || name === 'document.translate' ? concurrency : 1;
          for (let i = 0; i < workerCount; i++)
            await boss.work(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, ([job]) =>
              runJob(job),
            );
        }
        if ('cron' in def && def.cron) await boss.schedule(name, def.cron, { version: 1 });
      }
    },

    async send(name, payload, opts = {}) {
      const def = JOB_DEFINITIONS[name];
      v.parse(def.payload, payload);
      return boss.send(name, payload as object, {
        singletonKey: opts.singletonKey,
        startAfter: opts.startAfterSeconds,
        retryLimit: def.retryLimit,
        expireInSeconds: def.expireInSeconds,
        priority: opts.priority ?? 0,
      });
    },

    async stopTaking() {
      if (!started) return;
      for (const pool of pools) pool.stopTaking();
      for (const name of Object.keys(JOB_DEFINITIONS)) await boss.offWork(name).catch(() => undefined);
    },

    async depth() {
      // pg-boss's own table (schema `pgboss`, v10 layout), as job-recovery.ts reads it.
      const { rows } = await database.executeSql(
        `SELECT name, priority, count(*)::int AS count FROM pgboss.job
          WHERE state IN ('created','retry') GROUP BY name, priority`,
        [],
      );
      return (rows as Array<{ name: string; priority: number; count: number }>).map((r) => ({
        name: r.name,
        priority: Number(r.priority),
        count: Number(r.count),
      }));
    },

    async cancel(name, queueJobId) {
      await boss.cancel(name, queueJobId);
    },

    async ping() {
      try {
        await boss.getQueues();
        return started;
      } catch {
        return false;
      }
    },

    async stop() {
      for (const pool of pools) pool.stopTaking();
      await Promise.all(pools.map((pool) => pool.drain(10_000)));
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      started = false;
      stopped = true;
    },
  };
}
