/**
 * GET /metrics (Prometheus text format) and GET /readyz (readiness, apart from /healthz's full report).
 * /metrics answers loopback clients (request.ip: the client's own address, or X-Forwarded-For's with
 * TRUST_PROXY) and, when METRICS_TOKEN is set, any client sending `Authorization: Bearer METRICS_TOKEN`;
 * anyone else gets 403 FORBIDDEN. Registered before the other route modules so its latency hook sees every route.
 */
import crypto from 'node:crypto';
import client from 'prom-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { PLAN_TIERS, planOfTier, tierOfPriority } from '../jobs/job-priority.ts';
import { JOB_DEFINITIONS } from '../../queue/job-definitions.ts';
import { engineMetricsRegistry } from '../../engines/engine-metrics.ts';
import { httpDuration, registry } from './metrics.registry.ts';
import { jobFigures, uploadFigures } from './metrics.repository.ts';
import { engineReadiness } from './engine-readiness.ts';
import { isStopping } from './readiness.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True when the request may read /metrics and /healthz's details (see the module note). */
export function mayReadOps(request: FastifyRequest, token: string | undefined): boolean {
  if (LOOPBACK.has(request.ip)) return true;
  if (!token) return false;
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The figures read from the database and the queue at each scrape (their own registry, per app). */
function databaseRegistry(ctx: AppContext): client.Registry {
  const reg = new client.Registry();
  const readJobs = () => jobFigures(ctx.db);
  new client.Gauge({
    name: 'tarjama_jobs',
    help: 'Jobs by status (all processes)',
    labelNames: ['status'],
    registers: [reg],
    async collect() {
      this.reset();
      for (const r of await readJobs()) this.set({ status: r.status }, r.count);
    },
  });
  new client.Gauge({
    name: 'tarjama_credits_reserved',
    help: 'Credits held by reservations of unfinished jobs (queued or processing)',
    registers: [reg],
    async collect() {
      const rows = await readJobs();
      this.set(
        rows.filter((r) => r.status === 'queued' || r.status === 'processing').reduce((n, r) => n + r.reserved, 0),
      );
    },
  });
  new client.Gauge({
    name: 'tarjama_credits_charged',
    help: 'Credits charged for completed jobs',
    registers: [reg],
    async collect() {
      this.set((await readJobs()).reduce((n, r) => n + (r.status === 'completed' ? r.used : 0), 0));
    },
  });
  new client.Gauge({
    name: 'tarjama_queue_depth',
    help: 'Waiting queue messages by job name and plan (priority tier, modules/jobs/job-priority.ts)',
    labelNames: ['queue', 'plan'],
    registers: [reg],
    async collect() {
      this.reset();
      const sums = new Map<string, { queue: string; plan: string; n: number }>();
      for (const d of await ctx.queue.depth().catch(() => [])) {
        const plan = d.name.endsWith('.translate') ? planOfTier(tierOfPriority(d.priority)) : 'none';
        const key = `${d.name}|${plan}`;
        const s = sums.get(key) ?? { queue: d.name, plan, n: 0 };
        s.n += d.count;
        sums.set(key, s);
      }
      // Every queue and plan has a sample, 0 when nothing waits (issue 39 item 9: an empty queue had none, so
      // an alert on the depth saw no data instead of 0).
      for (const queue of Object.keys(JOB_DEFINITIONS))
        for (const plan of queue.endsWith('.translate') ? Object.keys(PLAN_TIERS) : ['none'])
          this.set({ queue, plan }, 0);
      for (const s of sums.values()) this.set({ queue: s.queue, plan: s.plan }, s.n);
    },
  });
  // The month's engine usage of every process (the engine_usage table), beside this process's counters.
  const readUsage = () => ctx.engines.usage();
  new client.Gauge({
    name: 'tarjama_engine_month_units',
    help: 'Units sent to each network engine this UTC month, all processes (characters, or audio seconds)',
    labelNames: ['engine', 'stage', 'unit'],
    registers: [reg],
    async collect() {
      this.reset();
      for (const r of await readUsage()) this.set({ engine: r.engine, stage: r.stage, unit: r.unit }, r.units);
    },
  });
  new client.Gauge({
    name: 'tarjama_engine_month_cost_usd',
    help: 'Estimated cost in USD of each network engine this UTC month, all processes (configured unit prices)',
    labelNames: ['engine', 'stage'],
    registers: [reg],
    async collect() {
      this.reset();
      for (const r of await readUsage()) this.set({ engine: r.engine, stage: r.stage }, r.costUsd);
    },
  });
  new client.Gauge({
    name: 'tarjama_engine_spend_cap_usd',
    help: 'Monthly spend cap in USD of each capped network engine',
    labelNames: ['engine'],
    registers: [reg],
    collect() {
      this.reset();
      for (const [engine, cap] of Object.entries(ctx.config.engines.spend?.capsUsd ?? {})) this.set({ engine }, cap);
    },
  });
  new client.Gauge({
    name: 'tarjama_upload_bytes',
    help: 'Bytes of uploads by upload status',
    labelNames: ['status'],
    registers: [reg],
    async collect() {
      this.reset();
      for (const r of await uploadFigures(ctx.db)) this.set({ status: r.status }, r.bytes);
    },
  });
  return reg;
}

export async function metricsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const merged = client.Registry.merge([registry, engineMetricsRegistry, databaseRegistry(ctx)]);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadOps(request, ctx.config.app.metricsToken))
      throw new AppError('FORBIDDEN', 'Metrics are served to loopback clients or with the metrics token.');
    const text = await merged.metrics();
    return reply.type(merged.contentType).send(text);
  });

  app.get('/readyz', async (request, reply) => {
    const ops = mayReadOps(request, ctx.config.app.metricsToken);
    const [database, queue, quotas, spend, health] = await Promise.all([
      ctx.database.ping().catch(() => false),
      ctx.queue.ping(),
      ctx.engines.quotas(),
      ctx.engines.spend().catch(() => undefined),
      // Each engine's check, for operators only (at most 30 s old, engine-health.ts): public probes ask nothing.
      ops ? ctx.engines.health() : [],
    ]);
    const stopping = isStopping();
    const ready = database && queue && !stopping;
    // An engine quota used up (DeepL's /v2/usage) is reported, not a reason to take this instance out: every
    // instance shares the quota, and the other engines and the rest of the API still serve (issue 26 item 6).
    const engineQuota = quotas.some((q) => q.exhausted)
      ? 'exhausted'
      : quotas.some((q) => q.exhausted === undefined)
        ? 'unknown'
        : 'ok';
    // An engine's monthly spend cap reached (OPENAI_MONTHLY_SPEND_CAP_USD ...) is reported the same way: shared by
    // every instance, the other engines still serve.
    const engineSpend = !spend ? 'unknown' : spend.some((s) => s.reached) ? 'reached' : 'ok';
    // An engine whose check fails is not a reason either: every instance shares the vendor, so taking instances out
    // would stop the whole API (sign-in, downloads, the other engines) for one vendor's outage; translation moves to
    // the next engine serving the pair, and a job whose engine does not answer fails and gets its credits back.
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not_ready',
      database,
      queue,
      stopping,
      engine_quota: engineQuota,
      engine_spend: engineSpend,
      // Each capped engine's month of estimated spend: for operators only.
      ...(ops && spend?.length
        ? {
            engine_spends: spend.map((s) => ({
              engine: s.engine,
              spent_usd: Math.round(s.spentUsd * 1e6) / 1e6,
              cap_usd: s.capUsd,
              reached: s.reached,
            })),
          }
        : {}),
      // Every configured engine with its last check, quota and spend: for operators only (issue 21 item 5).
      ...(ops ? { engines: engineReadiness(health, quotas, spend) } : {}),
      // Which engine and its figures: for operators only, as /healthz's details (issue 24: no engine names in public).
      ...(ops && quotas.length
        ? {
            engine_quotas: quotas.map((q) => ({
              engine: q.engine,
              exhausted: q.exhausted ?? null,
              used: q.used ?? null,
              limit: q.limit ?? null,
              ...(q.error ? { error: q.error } : {}),
            })),
          }
        : {}),
    });
  });
}
