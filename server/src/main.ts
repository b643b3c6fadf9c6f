/**
 * The server process: validates configuration, opens the database and applies migrations, builds the API and
 * the PWA, starts the media worker inside the same process (RUN_WORKER) and listens on HOST:PORT.
 */
import { loadConfig, ConfigError } from './config/index.ts';
import { createContext } from './context.ts';
import { buildApp } from './app.ts';
import { registerJobHandlers } from './worker.ts';
import { installShutdown } from './shutdown.ts';
import { closeHttpGracefully } from './http-close.ts';
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
  const ctx = await createContext(config);
  // Work folders and temp files of jobs a killed process left behind (issue 14); a process working jobs sweeps
  // again every TEMP_SWEEP_INTERVAL_SECONDS (issue 26 item 6).
  await startLeftoverSweeps(ctx, config.app.runWorker ? config.app.tempSweepIntervalSeconds : 0);
  const app = await buildApp(ctx);
  registerJobHandlers(ctx);
  await ctx.queue.start({ work: config.app.runWorker, concurrency: config.app.workerConcurrency });
  await app.listen({ host: config.app.host, port: config.app.port });
  ctx.logger.info(
    { url: config.app.publicUrl, database: ctx.database.kind, worker: config.app.runWorker },
    'Tarjama is listening',
  );

  installShutdown(ctx, () => closeHttpGracefully(app));
}

main().catch((err) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
