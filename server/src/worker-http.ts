/**
 * The worker process's own HTTP port (WORKER_HTTP_PORT): GET /healthz, GET /readyz and GET /metrics, the same
 * routes and rules as on the API (metrics to loopback or the metrics token), so an orchestrator can probe a worker
 * host and Prometheus can scrape the figures only a worker has (its stage timings, engine calls, its memory).
 * Nothing else is served here: a worker host exposes no API.
 */
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';

/**
 * Starts the worker's HTTP server on `ctx.config.app.host` and `port` (0: a free port the system picks).
 * @returns the listening server (close it on shutdown) and the port it listens on.
 * @throws the listen error (for example EADDRINUSE) so start-up fails loudly.
 */
export async function startWorkerHttp(ctx: AppContext, port: number): Promise<{ app: FastifyInstance; port: number }> {
  const app: FastifyInstance = Fastify({
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(ctx.config.app.trustProxy),
  });
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const appError = err instanceof AppError ? err : new AppError('INTERNAL');
    if (appError.status >= 500) request.log.error({ err }, 'request failed');
    return reply.status(appError.status).send(appError.toBody());
  });
  await metricsRoutes(app, ctx);
  await healthRoutes(app, ctx);
  await app.listen({ host: ctx.config.app.host, port });
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : port };
}
