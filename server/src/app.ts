/**
 * Builds the Fastify application: plugins, the one error handler, every route module, and the PWA (./dist) with
 * a single-page-app fallback. Route modules are Fastify plugins taking the AppContext.
 */
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyError,
  type FastifyReply,
  type RouteOptions,
} from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { AppError } from './errors.ts';
import type { AppContext } from './context.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { tracksRoutes } from './modules/tracks/tracks.routes.ts';
import { qualityRoutes } from './modules/quality/quality.routes.ts';
import { downloadRoutes } from './modules/downloads/downloads.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { googleRoutes } from './modules/auth/google.routes.ts';
import { capabilitiesRoutes } from './modules/capabilities/capabilities.routes.ts';
import { docsRoutes } from './modules/docs/docs.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { storageFailure } from './storage/storage-failure.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { idempotencySweep } from './modules/idempotency/idempotency.sweep.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { teamRoutes } from './modules/teams/teams.routes.ts';
import { glossaryRoutes } from './modules/glossary/glossary.routes.ts';

/** A route module: registers its routes on the app with the context it needs. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

// Every route module of the API, in registration order.
const ROUTE_MODULES: RouteModule[] = [
  // First: its HTTP latency hook must see every route.
  metricsRoutes,
  healthRoutes,
  authRoutes,
  googleRoutes,
  usersRoutes,
  billingRoutes,
  uploadRoutes,
  capabilitiesRoutes,
  jobRoutes,
  tracksRoutes,
  // Issue 37: the quality check of a job's tracks.
  qualityRoutes,
  downloadRoutes,
  docsRoutes,
  // Issue 23: the way in for programs.
  apiKeyRoutes,
  idempotencySweep,
  webhookRoutes,
  // Issue 23 item 5: teams.
  teamRoutes,
  // Issue 20 item 4.
  glossaryRoutes,
];

/** Paths that belong to the API, never to the single-page app. */
const API_PREFIXES = [
  '/v1/',
  '/api/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/files/',
  '/uploads/',
  '/auth/login/google',
  '/auth/google/',
  '/docs',
];

/** JSON bodies are small; file bytes go through the upload routes, which read the raw stream. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Options of buildApp for tests and tools. */
export interface BuildOptions {
  /** Sees every route as it is registered (a Fastify onRoute hook added before any route). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { app: cfg } = ctx.config;
  const app: FastifyInstance = Fastify({
    // pino's Logger and Fastify's logger type differ only in generics.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // Router refusals (a path parameter over 100 characters, a malformed URL) answer in the error contract's shape,
    // not Fastify's own (issue 24: a 10,000-character voice id answered a bare 414).
    frameworkErrors: (err, _request, reply) => {
      const appError =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('BAD_REQUEST', 'A part of the address is too long.')
          : new AppError('BAD_REQUEST', 'The address is not valid.');
      void (reply as FastifyReply).status(appError.status).send(appError.toBody());
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count trusts that many proxies from the server back (what Fastify does with a number).
    trustProxy: fastifyTrustProxy(cfg.trustProxy),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // CSP, nosniff, frame-ancestors, Referrer-Policy, HSTS on https (issue 14).
  await registerSecurityHeaders(app, cfg);

  await app.register(cors, {
    origin: cfg.corsOrigins.length ? [cfg.publicUrl, ...cfg.corsOrigins] : true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'x-amz-acl',
      'Tus-Resumable',
      'Upload-Length',
      'Upload-Offset',
      'Upload-Metadata',
      'Upload-Defer-Length',
      'Upload-Concat',
      'X-HTTP-Method-Override',
      'X-Requested-With',
      'Idempotency-Key',
    ],
    exposedHeaders: [
      'Location',
      'Upload-Offset',
      'Upload-Length',
      'Upload-Metadata',
      'Upload-Expires',
      'Tus-Resumable',
      'Tus-Version',
      'Tus-Extension',
      'Tus-Max-Size',
      'Content-Disposition',
      'Retry-After',
      'Idempotent-Replayed',
    ],
    maxAge: 600,
  });
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`, {
        retry_after_seconds: Math.ceil(context.ttl / 1000),
      }),
  });

  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const appError = toAppError(err, request.routeOptions.bodyLimit);
    if (appError.status >= 500) request.log.error({ err }, 'request failed');
    if (appError.code === 'RATE_LIMITED' && appError.details.retry_after_seconds)
      reply.header('Retry-After', String(Number(appError.details.retry_after_seconds)));
    return reply.status(appError.status).send(appError.toBody());
  });

  for (const register of ROUTE_MODULES) await register(app, ctx);

  await registerWebApp(app, cfg.webDistDir, API_PREFIXES);
  return app;
}

/** A byte count as the limit messages state it: "64 KB", "1 MB". */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Maps Fastify's own errors (bad JSON, body too large, unsupported type) and storage failures (503
 * STORAGE_UNAVAILABLE, no paths) to the AppError table. `bodyLimit` is the route's own limit, bytes.
 */
function toAppError(err: FastifyError | AppError, bodyLimit = BODY_LIMIT_BYTES): AppError {
  if (err instanceof AppError) return err;
  const storage = storageFailure(err);
  if (storage) return storage;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${sizeText(bodyLimit)}.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This Content-Type is not accepted here.');
  }
  if (err.statusCode === 429) return new AppError('RATE_LIMITED', err.message);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new AppError('BAD_REQUEST', err.message);
  return new AppError('INTERNAL');
}
