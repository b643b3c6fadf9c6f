/**
 * The process's Prometheus registry (prom-client) and the metrics other modules observe: stage durations and
 * real-time factor (the job runner), HTTP latency (metrics.routes.ts hook). Figures kept in the database (jobs by
 * status, queue depth, credits, upload bytes) are read when /metrics is scraped, so every API process answers the
 * same totals whichever worker process did the work.
 */
import client from 'prom-client';
import type { JobStage } from '../../../../contract/jobs.ts';

/** One registry per process; default process metrics (memory, CPU, event loop) carry the tarjama_ prefix. */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'tarjama_' });

/** Seconds a job spent in each stage (contract JOB_STAGES), per job type, observed when the stage ends. */
export const stageDuration = new client.Histogram({
  name: 'tarjama_stage_duration_seconds',
  help: 'Seconds a job spent in a stage (observed by the worker that ran it)',
  labelNames: ['stage', 'job_type'] as const,
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
  registers: [registry],
});

/** Processing seconds per second of media of each completed media job (below 1: faster than real time). */
export const realTimeFactor = new client.Histogram({
  name: 'tarjama_job_realtime_factor',
  help: 'Processing seconds per media second of completed media jobs',
  labelNames: ['services'] as const,
  buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10],
  registers: [registry],
});

/**
 * The estimated engine cost of each job try this process ended (completed or failed), USD: the sum of its answered
 * network-engine calls at the configured unit prices (engines/job-spend.ts); local engines cost 0.
 */
export const jobEngineCost = new client.Histogram({
  name: 'tarjama_job_engine_cost_usd',
  help: 'Estimated engine cost of each ended job try, USD',
  labelNames: ['job_type', 'outcome'] as const,
  buckets: [0, 0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Jobs this process finished, by outcome (completed, failed, handed_back). */
export const jobsFinished = new client.Counter({
  name: 'tarjama_worker_jobs_total',
  help: 'Job tries this process ended, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/**
 * Jobs whose worker stopped beating for JOB_STALE_SECONDS (killed, frozen, lost) that this process's recovery
 * sweep sent again, to be taken over by the next free worker (job-recovery.ts).
 */
export const staleTakeovers = new client.Counter({
  name: 'tarjama_stale_job_takeovers_total',
  help: 'Jobs whose worker stopped beating, sent again by this process for another worker to take over',
  registers: [registry],
});

/** HTTP answer time in seconds, by method, route pattern and status code. */
export const httpDuration = new client.Histogram({
  name: 'tarjama_http_request_duration_seconds',
  help: 'HTTP answer time (seconds) by method, route and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** One stage of a job run, as `stageTimer` reports it: started, or ended after `seconds`. */
export type StageEvent = { stage: JobStage; event: 'started' } | { stage: JobStage; event: 'ended'; seconds: number };

/**
 * Times the stages of one job run from its stage reports: call `enter(stage)` on every report (repeats of the
 * same stage are ignored) and `end()` once; each finished stage is observed in tarjama_stage_duration_seconds,
 * and `onStage` (the runner's log line) hears every start and end.
 */
export function stageTimer(
  jobType: string,
  onStage: (e: StageEvent) => void = () => undefined,
): { enter(stage: JobStage): void; end(): void } {
  let current: JobStage | null = null;
  let since = 0;
  const close = () => {
    if (!current) return;
    const seconds = (performance.now() - since) / 1000;
    stageDuration.observe({ stage: current, job_type: jobType }, seconds);
    onStage({ stage: current, event: 'ended', seconds });
  };
  return {
    enter(stage) {
      if (stage === current) return;
      close();
      current = stage;
      since = performance.now();
      onStage({ stage, event: 'started' });
    },
    end() {
      close();
      current = null;
    },
  };
}
