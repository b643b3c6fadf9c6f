/**
 * The application context: configuration plus every adapter, built once at start-up (and by tests) and handed
 * to route modules and job handlers. Services receive only the adapters they need from it.
 */
import { useSpeakingRateDir } from './media/speaking-rate.ts';
import { useDeploymentTemp } from './storage/temp-folders.ts';
import path from 'node:path';
import type { Config } from './config/index.ts';
import { createLogger, type Logger } from './logger.ts';
import { openDatabase, type Database, type Db } from './db/database.ts';
import { createQueue, type Queue } from './queue/queue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { loadOrCreateSecret } from './secret.ts';
import { createTokenService, type TokenService } from './modules/auth/token.service.ts';
import { tokenSubjectOf } from './modules/auth/token-subject.repository.ts';
import { shareTokenRevocations } from './modules/auth/token-revocation.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { createStorage } from './storage/storage.factory.ts';
import { createEngineRegistry, type EngineRegistry } from './engines/engine.registry.ts';
import { databaseUsageStore } from './modules/metrics/engine-usage.repository.ts';
import { withApiKeys } from './modules/api-keys/api-key-auth.ts';
import { apiAccessRule } from './modules/api-keys/api-access.ts';
import { createJobListCache, type JobListCache } from './modules/jobs/job-list.cache.ts';
import { createRunRegistry, type RunRegistry } from './modules/jobs/run-registry.ts';

/** What one part reports to GET /healthz. */
export interface HealthReport {
  ok: boolean;
  [detail: string]: unknown;
}

export interface AppContext {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  queue: Queue;
  mailer: Mailer;
  /** HMAC key material for tokens and signed URLs. */
  secret: string;
  tokens: TokenService;
  /** Uploaded files and job outputs (local folder or S3), with signed URLs. */
  storage: FileStorage;
  /** Speech, translation and voice engines as configured (ctx.config.engines). */
  engines: EngineRegistry;
  /**
   * Health contributors for GET /healthz, keyed by part ('storage', 'engines', ...). Each answers
   * `{ ok: boolean, ...details }`; adapters add theirs when they are created.
   */
  healthChecks: Map<string, () => Promise<HealthReport>>;
  /**
   * Run before an account is deleted (DELETE /api/user/delete), with the user's id: each module removes what it
   * keeps outside the database rows that cascade (stored files, the Stripe subscription...).
   */
  userDeletionHooks: Array<(userId: string) => Promise<void>>;
  /** This process's cache of job lists (modules/jobs/job-list.cache.ts). */
  jobLists: JobListCache;
  /** The job runs of this process, to abort on DELETE and to drain on shutdown (modules/jobs/run-registry.ts). */
  runs: RunRegistry;
  /** Callbacks run by close(), in reverse order of registration (workers, storage sweepers...). */
  onClose: Array<() => Promise<void>>;
  /** Releases every resource (queue, database). */
  close(): Promise<void>;
}

/**
 * Opens the database (and applies migrations), creates the queue (not started) and the other adapters.
 * @param overrides adapters a test wants to provide itself (for example an SMTP mailer pointed at smtp-server).
 */
export async function createContext(
  config: Config,
  overrides: Partial<Pick<AppContext, 'logger' | 'mailer' | 'database'>> = {},
): Promise<AppContext> {
  const { app } = config;
  // Temp folders carry this deployment's id, so the start-up sweep knows its own (issue 24 item 14).
  useDeploymentTemp(app.dataDir);
  const stopSpeakingRateDir = useSpeakingRateDir(app.dataDir);
  const logger = overrides.logger ?? createLogger(app.logLevel);
  const database =
    overrides.database ?? (await openDatabase({ url: app.databaseUrl, pgliteDir: path.join(app.dataDir, 'db') }));
  await database.migrate();
  const queue = createQueue(database, logger);
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: app.smtpUrl, from: app.mailFrom, outboxDir: path.join(app.dataDir, 'outbox'), logger });
  const secret = loadOrCreateSecret(app.dataDir, app.secret);
  const revocations = await shareTokenRevocations(
    database,
    createTokenService(secret, app.accessTokenTtlSeconds, (userId) => tokenSubjectOf(database.db, userId)),
    logger,
  );
  const ctx: AppContext = {
    config,
    logger,
    database,
    db: database.db,
    queue,
    mailer,
    secret,
    // Access tokens, and API keys (issue 23) wherever a bearer token is read.
    tokens: withApiKeys(revocations.tokens, {
      db: database.db,
      planHasApiAccess: apiAccessRule(config.billing),
      ratePerMinute: config.api.keyRatePerMinute,
    }),
    storage: createStorage(app.storage, secret, () => config.app.publicUrl),
    // Engine usage and spend caps are kept in the database, so every process sees the month's whole spend.
    engines: createEngineRegistry(config.engines, undefined, databaseUsageStore(database.db)),
    healthChecks: new Map(),
    jobLists: createJobListCache(),
    runs: createRunRegistry(),
    userDeletionHooks: [],
    onClose: [async () => stopSpeakingRateDir(), revocations.stop],
    async close() {
      for (const fn of [...ctx.onClose].reverse()) await fn();
      await queue.stop();
      if (!overrides.database) await database.close();
    },
  };
  ctx.healthChecks.set('storage', () => ctx.storage.health());
  // An engine whose quota is used up (DeepL's /v2/usage, issue 26 item 6) or whose month of estimated spend reached
  // its cap (OPENAI_MONTHLY_SPEND_CAP_USD ...) is not available: the part is not ok.
  ctx.healthChecks.set('engines', async () => {
    const [available, quotas, spend] = await Promise.all([
      ctx.engines.describe(),
      ctx.engines.quotas(),
      ctx.engines.spend(),
    ]);
    const exhausted = quotas.filter((q) => q.exhausted).map((q) => q.engine);
    const capped: string[] = spend.filter((s) => s.reached).map((s) => s.engine);
    const out = (ids: string[]) => ids.filter((id) => !exhausted.includes(id) && !capped.includes(id));
    return {
      ok: exhausted.length === 0 && capped.length === 0,
      speech: out(available.speech),
      translation: out(available.translation),
      voice: out(available.voice),
      ...(exhausted.length ? { quota_exhausted: exhausted } : {}),
      ...(capped.length ? { spend_cap_reached: capped } : {}),
    };
  });
  return ctx;
}
