/**
 * Builds the Fastify application: plugins, the one error handler, every route module, and the PWA (./dist) with
 * a single-page-app fallback. Route modules are Fastify plugins taking the AppContext.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyError } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { AppError } from './errors.ts';
import type { AppContext } from './context.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { downloadRoutes } from './modules/downloads/downloads.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { googleRoutes } from './modules/auth/google.routes.ts';

/** A route module: registers its routes on the app with the context it needs. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

// Every route module of the API, in registration order.
const ROUTE_MODULES: RouteModule[] = [healthRoutes, authRoutes, googleRoutes, usersRoutes, billingRoutes, uploadRoutes, jobRoutes, downloadRoutes];

/** Paths that belong to the API, never to the single-page app. */
const API_PREFIXES = ['/v1/', '/api/', '/healthz', '/files/', '/uploads/', '/auth/login/google', '/auth/google/'];

/** JSON bodies are small; file bytes go through the upload routes, which read the raw stream. */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { app: cfg } = ctx.config;
  const app: FastifyInstance = Fastify({ loggerInstance: ctx.logger as FastifyBaseLogger, bodyLimit: BODY_LIMIT_BYTES, trustProxy: cfg.trustProxy });

  await app.register(cors, {
    origin: cfg.corsOrigins.length ? [cfg.publicUrl, ...cfg.corsOrigins] : true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'x-amz-acl', 'Tus-Resumable', 'Upload-Length', 'Upload-Offset', 'Upload-Metadata', 'Upload-Defer-Length', 'Upload-Concat', 'X-HTTP-Method-Override', 'X-Requested-With'],
    exposedHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Upload-Metadata', 'Upload-Expires', 'Tus-Resumable', 'Tus-Version', 'Tus-Extension', 'Tus-Max-Size', 'Content-Disposition', 'Retry-After'],
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
    const appError = toAppError(err);
    if (appError.status >= 500) request.log.error({ err }, 'request failed');
    if (appError.code === 'RATE_LIMITED' && appError.details.retry_after_seconds) reply.header('Retry-After', String(appError.details.retry_after_seconds));
    return reply.status(appError.status).send(appError.toBody());
  });

  for (const register of ROUTE_MODULES) await register(app, ctx);

  await registerWebApp(app, cfg.webDistDir);
  return app;
}

/** Maps Fastify's own errors (bad JSON, body too large, unsupported type) to the AppError table. */
function toAppError(err: FastifyError | AppError): AppError {
  if (err instanceof AppError) return err;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This Content-Type is not accepted here.');
  }
  if (err.statusCode === 429) return new AppError('RATE_LIMITED', err.message);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new AppError('BAD_REQUEST', err.message);
  return new AppError('INTERNAL');
}

/** Serves the built PWA; unknown GET paths outside the API get index.html so client routes work on reload. */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) res.header('Cache-Control', 'no-cache');
      },
    });
    // Every file of the build at its own path (wildcard: false registers them one by one at start-up).
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((p) => url.startsWith(p)) || request.method !== 'GET';
    if (!isApi && hasWeb) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
    }
    const err = new AppError('NOT_FOUND', `No route for ${request.method} ${url}.`);
    return reply.status(404).send(err.toBody());
  });
}
