/**
 * The stop sequence of a process that may run jobs (main.ts, worker-main.ts), on SIGTERM or SIGINT:
 * /readyz answers 503 at once; the queue stops taking messages; running jobs get SHUTDOWN_GRACE_SECONDS (8) to
 * finish, then are handed back to the queue (job-runner.ts, not counted as a try); then `closeHttp` (if any) and
 * the context close, and the process exits 0. A backstop exits 1 after 9.5 s, inside the 10 s an orchestrator
 * gives before SIGKILL (Kubernetes' default is 30 s; systemd's 90 s).
 */
import type { AppContext } from './context.ts';
import { markStopping } from './modules/metrics/readiness.ts';

/** Hard limit of the stop sequence, milliseconds. */
const BACKSTOP_MS = 9500;

/** Installs the SIGTERM/SIGINT handlers. */
export function installShutdown(ctx: AppContext, closeHttp?: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    markStopping();
    const started = Date.now();
    setTimeout(() => {
      ctx.logger.error({ signal }, 'shutdown took too long; exiting');
      process.exit(1);
    }, BACKSTOP_MS).unref();
    ctx.logger.info({ signal }, 'shutting down');
    try {
      await ctx.queue.stopTaking();
      await ctx.runs.drain(ctx.config.app.shutdownGraceSeconds * 1000);
      if (closeHttp) await closeHttp();
      await ctx.close();
      ctx.logger.info({ signal, ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (err) {
      ctx.logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
