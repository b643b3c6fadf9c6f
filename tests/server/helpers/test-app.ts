/**
 * Starts the real application for a server test: a fresh database of the given kind (PGlite in memory or a new
 * PostgreSQL database), a temp DATA_DIR, the real Fastify app listening on a random loopback port, and
 * optionally the queue with workers. `env` overrides any configuration variable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/src/config/index.ts';
import { createContext, type AppContext } from '../../../server/src/context.ts';
import { buildApp } from '../../../server/src/app.ts';
import { registerJobHandlers } from '../../../server/src/worker.ts';
import type { Mailer } from '../../../server/src/mail/mailer.ts';
import { createTestDatabase, type DatabaseKind } from './databases.ts';

export interface TestApp {
  ctx: AppContext;
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  kind: DatabaseKind;
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Start the queue; with `work: true` also the job workers (default: queue not started). */
  queue?: { work: boolean; concurrency?: number };
}

export async function startTestApp(opts: TestAppOptions): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-test-'));
  const testDb = await createTestDatabase(opts.kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PORT: '0',
    ...opts.env,
  });
  const ctx = await createContext(config, { database: testDb.database, mailer: opts.mailer });
  const app = await buildApp(ctx);
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
    async close() {
      await app.close();
      await ctx.close();
      await testDb.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
