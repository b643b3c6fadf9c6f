/**
 * Settings of the server itself: HTTP, database, files, e-mail, tokens, sign-in with Google, worker.
 * Every variable here is listed in docs/configuration.md.
 */
import * as v from 'valibot';
import path from 'node:path';
import {
  trustedProxies,
  boolWithDefault,
  choiceWithDefault,
  intWithDefault,
  optionalInt,
  optionalString,
  optionalUrl,
  stringWithDefault,
} from './env.ts';

export const appEnv = {
  NODE_ENV: choiceWithDefault(['development', 'production', 'test'], 'production'),
  HOST: stringWithDefault('127.0.0.1'),
  PORT: intWithDefault(8080, 0, 65535),
  PUBLIC_URL: optionalUrl(),
  LOG_LEVEL: choiceWithDefault(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  DATA_DIR: stringWithDefault('./data'),
  WEB_DIST_DIR: stringWithDefault('./dist'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.union([
        v.undefined(),
        v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
      ]),
    ),
  ),
  APP_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.union([v.undefined(), v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))]),
    ),
  ),
  ACCESS_TOKEN_TTL_SECONDS: intWithDefault(60 * 60 * 24 * 7, 60, 60 * 60 * 24 * 90),
  CORS_ORIGINS: stringWithDefault(''),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.union([v.undefined(), v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))]),
    ),
  ),
  MAIL_FROM: stringWithDefault('Tarjama <no-reply@tarjama.local>'),
  OIDC_ISSUER: optionalUrl(),
  OIDC_CLIENT_ID: optionalString(),
  OIDC_CLIENT_SECRET: optionalString(),
  RATE_LIMIT_ENABLED: boolWithDefault(true),
  TRUST_PROXY: trustedProxies(),
  RUN_WORKER: boolWithDefault(true),
  WORKER_CONCURRENCY: intWithDefault(1, 1, 64),
  WORKER_HTTP_PORT: optionalInt(0, 65535),
  STORAGE: choiceWithDefault(['local', 's3'], 'local'),
  S3_ENDPOINT: optionalUrl(),
  S3_REGION: stringWithDefault('us-east-1'),
  S3_BUCKET: optionalString(),
  S3_ACCESS_KEY_ID: optionalString(),
  S3_SECRET_ACCESS_KEY: optionalString(),
  S3_FORCE_PATH_STYLE: boolWithDefault(true),
  SIGNED_URL_TTL_SECONDS: intWithDefault(60 * 60, 30, 60 * 60 * 24 * 7),
  YOUTUBE_MAX_SECONDS: intWithDefault(2 * 60 * 60, 10, 24 * 60 * 60),
  UPLOAD_RETENTION_DAYS: intWithDefault(30, 1, 3650),
  JOB_STALE_SECONDS: intWithDefault(120, 3, 60 * 60),
  JOB_RECOVERY_INTERVAL_SECONDS: intWithDefault(60, 1, 60 * 60),
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.union([v.undefined(), v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))]),
    ),
  ),
  SHUTDOWN_GRACE_SECONDS: intWithDefault(8, 0, 60),
  /** How often a process that works jobs removes this deployment's stale temp files (0: only at start-up). */
  TEMP_SWEEP_INTERVAL_SECONDS: intWithDefault(3600, 0, 86_400),
};

type AppEnv = v.InferOutput<v.ObjectSchema<typeof appEnv, undefined>>;

/** Typed server settings derived from the environment. Paths are absolute. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Origin the browser reaches the app on, e.g. http://127.0.0.1:8080 (no trailing slash). */
  publicUrl: string;
  logLevel: string;
  dataDir: string;
  webDistDir: string;
  /** PostgreSQL server URL; undefined means embedded PGlite in `${dataDir}/db`. */
  databaseUrl?: string;
  /** HMAC/JWT secret; undefined means one is generated once and kept in `${dataDir}/secret.key`. */
  secret?: string;
  accessTokenTtlSeconds: number;
  corsOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  oidc?: { issuer: string; clientId: string; clientSecret?: string };
  rateLimitEnabled: boolean;
  /**
   * The proxies trusted to tell the client address in X-Forwarded-For (Fastify `trustProxy`): false (none), a hop
   * count, or proxy addresses / CIDR ranges. Only the entries those proxies added are read (env.ts trustedProxies).
   */
  trustProxy: false | number | string[];
  runWorker: boolean;
  workerConcurrency: number;
  /**
   * Port on which `npm run worker` serves its own GET /healthz, /readyz and /metrics (on HOST); 0: a free port
   * the system picks (logged at start-up, so two workers on one machine sharing an env file do not collide);
   * undefined: none. The API process ignores it (its own PORT serves those).
   */
  workerHttpPort?: number;
  /** Bearer token that GET /metrics also accepts from a non-loopback address; undefined: loopback only. */
  metricsToken?: string;
  /**
   * Seconds a stopping worker (SIGTERM) lets its running jobs finish before it hands them back to the queue;
   * with the hand-back and the queue's stop it exits within 10 s at the default 8.
   */
  shutdownGraceSeconds: number;
  /**
   * Seconds between two sweeps of this deployment's stale temp folders and work folders (leftover-sweep.ts) by a
   * process that works jobs; 0: only the start-up sweep.
   */
  tempSweepIntervalSeconds: number;
  storage:
    | { kind: 'local'; dir: string; signedUrlTtlSeconds: number }
    | {
        kind: 's3';
        endpoint?: string;
        region: string;
        bucket: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
        signedUrlTtlSeconds: number;
      };
  /** Jobs and uploads (server/src/modules/jobs, uploads). */
  jobs: {
    /** Longest YouTube video accepted, seconds (yt-dlp --match-filter). */
    youtubeMaxSeconds: number;
    /** Uploaded media is deleted this many days after upload (spec section 9: 30). */
    retentionDays: number;
    /** A processing job whose worker has not written for this long is taken over by another worker. */
    staleSeconds: number;
    /** How often the worker re-sends queued jobs and takes over stale ones. */
    recoveryIntervalSeconds: number;
  };
}

/** Cross-field checks valibot's per-field schemas cannot express; returns messages naming each variable. */
export function checkAppEnv(e: AppEnv): string[] {
  const problems: string[] = [];
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID].filter(Boolean).length;
  if (oidcSet === 1)
    problems.push('OIDC_ISSUER and OIDC_CLIENT_ID: set both to enable sign-in with Google, or neither');
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  return problems;
}

export function toAppConfig(e: AppEnv): AppConfig {
  const dataDir = path.resolve(e.DATA_DIR);
  const signedUrlTtlSeconds = e.SIGNED_URL_TTL_SECONDS;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(
      /\/+$/,
      '',
    ),
    logLevel: e.LOG_LEVEL,
    dataDir,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    secret: e.APP_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    trustProxy: e.TRUST_PROXY,
    runWorker: e.RUN_WORKER,
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerHttpPort: e.WORKER_HTTP_PORT,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    tempSweepIntervalSeconds: e.TEMP_SWEEP_INTERVAL_SECONDS,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            signedUrlTtlSeconds,
          }
        : { kind: 'local', dir: path.join(dataDir, 'files'), signedUrlTtlSeconds },
    jobs: {
      youtubeMaxSeconds: e.YOUTUBE_MAX_SECONDS,
      retentionDays: e.UPLOAD_RETENTION_DAYS,
      staleSeconds: e.JOB_STALE_SECONDS,
      recoveryIntervalSeconds: e.JOB_RECOVERY_INTERVAL_SECONDS,
    },
  };
}
