/**
 * GET /healthz: database, queue, mail and every contributed part (storage, engines...). 200 when every part is
 * ok, 503 otherwise, so a load balancer can take the instance out. The public answer says only which parts are ok
 * (issue 24: it named the engines and the database, storage and mail kinds); clients that may read /metrics
 * (loopback, or METRICS_TOKEN: metrics.routes.ts mayReadOps) also get each part's kind and error.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext, HealthReport } from '../../context.ts';
import { mayReadOps } from '../metrics/metrics.routes.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/healthz', async (request, reply) => {
    const parts: Record<string, HealthReport> = {
      database: { ok: await ctx.database.ping().catch(() => false), kind: ctx.database.kind },
      queue: { ok: await ctx.queue.ping() },
      mail: { ok: true, kind: ctx.mailer.kind },
    };
    for (const [name, check] of ctx.healthChecks) {
      parts[name] = await check().catch((err: unknown) => ({
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      }));
    }
    const ok = Object.values(parts).every((p) => p.ok);
    const shown = mayReadOps(request, ctx.config.app.metricsToken)
      ? parts
      : Object.fromEntries(Object.entries(parts).map(([name, p]) => [name, { ok: p.ok }]));
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', ...shown });
  });
}
