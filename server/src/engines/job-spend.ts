/**
 * The estimated engine cost of one job try (issue 39 item 9: per-job engine cost for operators). A job try runs
 * inside `withJobSpend`; every answered engine call made from it, however deep (the meter of engine-usage.ts),
 * adds its estimated cost here through Node's AsyncLocalStorage, so no engine signature carries the job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a job try's engine calls cost so far: in all and per engine, USD (unit prices: config/spend.config.ts). */
export interface JobSpend {
  costUsd: number;
  byEngine: Record<string, number>;
}

const current = new AsyncLocalStorage<JobSpend>();

/** Runs `fn` with a fresh spend of its own; `fn` gets it (read it at the end of the try). */
export function withJobSpend<T>(fn: (spend: JobSpend) => Promise<T>): Promise<T> {
  const spend: JobSpend = { costUsd: 0, byEngine: {} };
  return current.run(spend, () => fn(spend));
}

/** Adds `costUsd` (USD) of `engine` to the spend of the job try this call runs in; nothing outside a try. */
export function addJobSpend(engine: string, costUsd: number): void {
  const spend = current.getStore();
  if (!spend || !(costUsd > 0)) return;
  spend.costUsd += costUsd;
  spend.byEngine[engine] = (spend.byEngine[engine] ?? 0) + costUsd;
}
