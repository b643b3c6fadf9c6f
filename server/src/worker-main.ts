/**
 * `npm run worker`: a worker-only process (no API; with WORKER_HTTP_PORT its own /healthz, /readyz and /metrics,
 * worker-http.ts; 0 picks a free port, logged in the start-up line): validates configuration, opens the database (applying
 * migrations), registers every job handler and works the queue with WORKER_CONCURRENCY jobs at once, with the
 * recovery sweep and the sweep of this deployment's stale temp files. Run it beside API processes started with RUN_WORKER=false, all on one PostgreSQL DATABASE_URL
 * (PGlite is one process's database). SIGTERM: see shutdown.ts (exits within 10 s, handing unfinished jobs back).
 */
import { loadConfig, ConfigError } from './config/index.ts';
import { createContext } from './context.ts';
import { registerJobHandlers } from './worker.ts';
import { installShutdown } from './shutdown.ts';
import { closeHttpGracefully } from './http-close.ts';
import { startWorkerHttp } from './worker-http.ts';
import { startLeftoverSweeps } from './storage/leftover-sweep.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(
        `${err.message}\nFix the variables above (see the configuration table in docs/configuration.md) and start again.\n`,
      );
      process.exit(1);
    }
    throw err;
  }
  // A worker process always works, whatever RUN_WORKER says (that setting is for the API process).
  config = { ...config, app: { ...config.app, runWorker: true } };
  const ctx = await createContext(config);
  // A worker host's TMPDIR and DATA_DIR/work: what killed tries of this deployment left, at start-up and every
  // TEMP_SWEEP_INTERVAL_SECONDS (issue 26 item 6; nothing else cleans them on a host without the API).
  await startLeftoverSweeps(ctx);
  registerJobHandlers(ctx);
  const http =
    config.app.workerHttpPort === undefined ? undefined : await startWorkerHttp(ctx, config.app.workerHttpPort);
  installShutdown(ctx, http && (() => closeHttpGracefully(http.app)));
  await ctx.queue.start({ work: true, concurrency: config.app.workerConcurrency });
  ctx.logger.info(
    {
      database: ctx.database.kind,
      concurrency: config.app.workerConcurrency,
      pid: process.pid,
      // The port it listens on (WORKER_HTTP_PORT=0: the one the system picked): what Prometheus is pointed at.
      http: http ? `${config.app.host}:${http.port}` : 'none',
      http_port: http?.port ?? null,
    },
    'Tarjama worker is running',
  );
}

main().catch((err) => {
  process.stderr.write(`Worker start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
