/**
 * GET /healthz: database, queue, mail and every contributed part (storage, engines...). 200 when every part is
 * ok, 503 otherwise, so a load balancer can take the instance out.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext, HealthReport } from '../../context.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
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
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', ...parts });
  });
}
