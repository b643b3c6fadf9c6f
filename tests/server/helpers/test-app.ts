/**
 * Starts the real application for a server test: a fresh database of the given kind (PGlite in memory or a new
 * PostgreSQL database), a temp DATA_DIR, the real Fastify app listening on a random loopback port, and
 * optionally the queue with workers. `env` overrides any configuration variable.
 * Every answer to a call of contract/endpoints.ts is checked against it (contract-check.ts): a mismatch fails the
 * request with a 500 naming it, and `close()` throws listing every one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { loadConfig } from '../../../server/src/config/index.ts';
import { createContext, type AppContext } from '../../../server/src/context.ts';
import { buildApp } from '../../../server/src/app.ts';
import { closeHttpGracefully } from '../../../server/src/http-close.ts';
import { registerJobHandlers } from '../../../server/src/worker.ts';
import type { Mailer } from '../../../server/src/mail/mailer.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';
import { openDatabase } from '../../../server/src/db/database.ts';
import { checkAnswersAgainstContract, type ContractCheck } from './contract-check.ts';

export interface TestApp {
  ctx: AppContext;
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  dataDir: string;
  /** PostgreSQL URL of its database (undefined on PGlite), for a second app joining it. */
  databaseUrl?: string;
  /** Every route the app registered (Fastify onRoute), in order. */
  routes: RouteOptions[];
  /** The answers that did not match the contract so far. */
  contract: ContractCheck;
  /** @throws Error after closing everything when an answer did not match the contract. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  kind: DatabaseKind;
  env?: Record<string, string>;
  mailer?: Mailer;
  /**
   * Another server process on the same PostgreSQL database: this URL is opened with a pool of its own (and not
   * dropped on close) instead of a fresh database.
   */
  databaseUrl?: string;
  /** Start the queue; with `work: true` also the job workers (default: queue not started). */
  queue?: { work: boolean; concurrency?: number };
  /** The app's logger (default: one at LOG_LEVEL silent), e.g. to read the log lines back. */
  logger?: AppContext['logger'];
}

/** An already migrated PostgreSQL database, opened with its own pool; dispose only closes the pool. */
async function joinDatabase(url: string): Promise<TestDatabase> {
  const database = await openDatabase({ url });
  return { database, url, dispose: () => database.close() };
}

export async function startTestApp(opts: TestAppOptions): Promise<TestApp> {
  // The database first: when it cannot be made (no PostgreSQL server), no data folder is left behind.
  const testDb = opts.databaseUrl ? await joinDatabase(opts.databaseUrl) : await createTestDatabase(opts.kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PORT: '0',
    ...opts.env,
  });
  const ctx = await createContext(config, { database: testDb.database, mailer: opts.mailer, logger: opts.logger });
  const routes: RouteOptions[] = [];
  const app = await buildApp(ctx, { onRoute: (route) => void routes.push(route) });
  const contract = checkAnswersAgainstContract(app);
  if (opts.queue) {
    if (opts.queue.work) registerJobHandlers(ctx);
    await ctx.queue.start({ work: opts.queue.work, concurrency: opts.queue.concurrency ?? 1 });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The public URL must match the real port for links in e-mails and signed URLs.
  ctx.config.app.publicUrl = `http://127.0.0.1:${port}`;
  return {
    ctx,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl: testDb.url,
    routes,
    contract,
    async close() {
      await closeHttpGracefully(app);
      await ctx.close();
      await testDb.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
      contract.assertNone();
    },
  };
}
