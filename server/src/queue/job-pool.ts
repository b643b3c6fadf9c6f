/**
 * A pool of `size` concurrent runs of one pg-boss queue with one fetch loop: every second (or as soon as a run
 * ends) it fetches as many messages as there are free places, runs each, then completes or fails it. `size`
 * separate `boss.work` loops would poll the database `size` times a second; this polls once (issue 35: webhook
 * tries wait on other hosts, so many run at once while they cost the process almost nothing).
 */
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** One run: the message's data and metadata; resolves when done, rejects to fail the message. */
export type PoolRun = (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>;

export interface JobPool {
  /** Stops fetching; runs under way go on. */
  stopTaking(): void;
  /** Resolves when every run under way has ended, or after `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
}

/** Starts the pool's fetch loop on queue `name`. Errors of a fetch are logged and retried a second later. */
export function startJobPool(boss: PgBoss, name: string, size: number, run: PoolRun, logger: Logger): JobPool {
  const running = new Set<Promise<void>>();
  let taking = true;
  let fetching: Promise<unknown> = Promise.resolve();
  let wake: (() => void) | undefined;
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const runOne = async (job: PgBoss.JobWithMetadata<unknown>) => {
    try {
      await run(job);
      await boss.complete(name, job.id);
    } catch (err) {
      logger.error({ err, name, queueJobId: job.id }, 'job failed');
      await boss.fail(name, job.id, { message: (err as Error).message }).catch(() => undefined);
    }
  };

  void (async () => {
    while (taking) {
      const free = size - running.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const fetch = boss.fetch<unknown>(name, { batchSize: free, includeMetadata: true });
          fetching = fetch.catch(() => undefined);
          const jobs = await fetch;
          fetched = jobs.length;
          for (const job of jobs) {
            const p: Promise<void> = runOne(job).finally(() => {
              running.delete(p);
              wake?.();
            });
            running.add(p);
          }
        } catch (err) {
          logger.error({ err, name }, 'queue fetch failed');
        }
      }
      // A full batch may mean more are waiting: fetch again once a place is free; else poll a second later.
      if (taking && (fetched === 0 || running.size >= size)) await rest(1000);
    }
  })();

  return {
    stopTaking() {
      taking = false;
      wake?.();
    },
    async drain(timeoutMs) {
      // A fetch under way may still hand out messages: wait for it, then for every run (these include its own).
      const ended = (async () => {
        await fetching;
        await Promise.all(running);
      })();
      await Promise.race([ended, new Promise((r) => setTimeout(r, timeoutMs))]);
    },
  };
}
