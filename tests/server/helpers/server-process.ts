/**
 * Real server processes for the crash and shutdown tests: start `npm start`'s server (or `npm run worker`) as a child
 * in its own process group, wait for a condition, kill the whole group, and wait for the exit.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { deploymentIdOf, TEMP_KINDS, tempNamePrefix } from '../../../server/src/storage/temp-folders.ts';

/** The repository's root folder (the child's working directory). */
export const ROOT = new URL('../../../', import.meta.url).pathname;

/**
 * Removes the temp folders the processes of the deployment whose DATA_DIR is `dataDir` made in os.tmpdir()
 * (`tarjama-<kind>-<deployment>-*`, storage/temp-folders.ts). A process killed mid-job leaves its folder, and the
 * start-up sweep of the next process spares the folders of a job that is still running, so a crash test removes
 * them itself when it is done.
 */
export function removeDeploymentTemp(dataDir: string): void {
  const id = deploymentIdOf(dataDir);
  for (const name of fs.readdirSync(os.tmpdir()))
    if (TEMP_KINDS.some((kind) => name.startsWith(tempNamePrefix(kind, id))))
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Polls `fn` every 200 ms until it returns a truthy value (a thrown error counts as not yet) and returns it.
 * @throws Error "timed out waiting for WHAT" after `timeoutMs` milliseconds
 */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The environment of a crash-test server on 127.0.0.1:`port`: its own DATA_DIR, no web build, no rate limits, and
 * a recovery sweep every second that takes over jobs whose heartbeat is older than 4 s. `databaseUrl` '' is the
 * embedded PGlite in DATA_DIR.
 */
export function crashTestEnv(opts: {
  port: number;
  dataDir: string;
  secret: string;
  databaseUrl: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    WEB_DIST_DIR: `${opts.dataDir}/no-web`,
    APP_SECRET: opts.secret,
    RATE_LIMIT_ENABLED: 'false',
    JOB_STALE_SECONDS: '4',
    JOB_RECOVERY_INTERVAL_SECONDS: '1',
    DATABASE_URL: opts.databaseUrl,
  };
}

/**
 * Starts a server entry point (default `server/src/main.ts`, without the set-up step) with `env` added to this
 * process's environment, stdout and stderr appended to `log`, in its own process group (for killGroup).
 */
export function startServer(env: Record<string, string>, log: string, entry = 'server/src/main.ts'): ChildProcess {
  const out = fs.openSync(log, 'a');
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
}

/** Sends `signal` to the child's whole process group (the server and the engines it started); gone is fine. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

/** Resolves with the exit code and signal once the child has exited (at once when it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((r) =>
    child.exitCode !== null || child.signalCode !== null
      ? r({ code: child.exitCode, signal: child.signalCode })
      : child.once('exit', (code, signal) => r({ code, signal })),
  );

/**
 * Waits until `GET {base}{probe}` answers 200 from the server process `child`, which logs to `log`.
 * @throws Error with the end of the server's log when the process exits first (a failed start-up) or after
 *   `timeoutMs` milliseconds, so a failure says why the server never became ready.
 */
export async function untilServing(
  base: string,
  child: ChildProcess,
  log: string,
  timeoutMs: number,
  probe = '/readyz',
): Promise<void> {
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  let why = `timed out after ${timeoutMs} ms`;
  try {
    await until(`${base}${probe}`, async () => gone() || (await fetch(`${base}${probe}`)).status === 200, timeoutMs);
    if (!gone()) return;
    why = `the server exited (${child.exitCode ?? child.signalCode})`;
  } catch {
    // timed out: `why` says so
  }
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '(no log)';
  throw new Error(`${base}${probe} never answered 200: ${why}; the end of its log:\n${text.slice(-4000)}`);
}
