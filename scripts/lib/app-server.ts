/**
 * The real app for benchmarks: builds the web app when its sources changed (the rule of scripts/setup.sh), starts
 * the server (API + built PWA, no media worker) on a free port with a temporary data folder, and makes a verified
 * account through the API. Everything the server writes, its temporary files included, stays under one folder that
 * `stop()` removes.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A free TCP port on 127.0.0.1 (asks the OS for one, then releases it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Polls `url` every 500 ms until it answers 2xx.
 * @throws Error when it has not answered within `ms` milliseconds
 */
export async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Server did not answer ${url} within ${ms / 1000} s`);
}

const BUILD_INPUTS = [
  'src',
  'workers',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Builds the web app of the checkout at `root` (`npx vite build`) when dist/.build-stamp is missing or older than
 * any build input: the same rule and stamp as scripts/setup.sh, so `npm start` and the benches share one build.
 * Returns true when it built. @throws Error from vite when the build fails
 */
export function buildWebIfStale(root: string): boolean {
  const stamp = path.join(root, 'dist', '.build-stamp');
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (built > 0 && BUILD_INPUTS.every((p) => newestMtime(path.join(root, p)) <= built)) return false;
  // The PWA plugin (workbox) leaves a folder with sw.js in the temporary directory: give it one that goes away.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-build-'));
  try {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      // Vite's messages go to stderr: stdout is the bench's result.
      stdio: ['ignore', 2, 2],
      env: { ...process.env, TMPDIR: tmp },
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.writeFileSync(stamp, '');
  return true;
}

/** A running app started by {@link startApp}. */
export interface RunningApp {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  /** The temporary folder: data/ is the server's DATA_DIR, tmp/ its TMPDIR; free for the caller's own files. */
  root: string;
  dataDir: string;
  /** Stops the server (its process group) and removes `root`. */
  stop: () => Promise<void>;
}

/**
 * Starts the server of the checkout at `root` (cwd `root`, `node --import tsx server/src/main.ts` as npm start does,
 * after the build) on a free port, with rate limits and the media worker off, and waits for /healthz (2 minutes).
 * `prefix` names the temporary folder in os.tmpdir(). @throws Error when the server does not come up
 */
export async function startApp(root: string, prefix = 'tarjama-bench-'): Promise<RunningApp> {
  const port = await freePort();
  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(tmpRoot, 'data');
  const tmp = path.join(tmpRoot, 'tmp');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(tmp);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TMPDIR: tmp,
      XDG_RUNTIME_DIR: tmp,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      RUN_WORKER: 'false',
    },
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      try {
        process.kill(-server.pid!, 'SIGTERM');
      } catch {
        server.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    fs.rmSync(tmpRoot, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/healthz`, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, root: tmpRoot, dataDir, stop };
}

/** What the login answers: the bearer token and the user as the web app stores them. */
export interface Session {
  access_token: string;
  user: unknown;
}

/**
 * Signs up `email`, reads the code from the dev mailer's outbox (DATA_DIR/outbox), verifies it and logs in.
 * @throws Error when no code arrives or the login is refused
 */
export async function createVerifiedUser(app: RunningApp, email: string, password: string): Promise<Session> {
  const json = { 'Content-Type': 'application/json' };
  await fetch(`${app.base}/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, full_name: 'Bench' }),
  });
  const outbox = path.join(app.dataDir, 'outbox');
  const mail =
    (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
      .find((m) => m.includes(email)) ?? '';
  const otp = mail.match(/code is:?\s*(\d{6})/)?.[1];
  if (!otp) throw new Error(`No verification code for ${email} in ${outbox}`);
  await fetch(`${app.base}/auth/verify-email`, { method: 'POST', headers: json, body: JSON.stringify({ email, otp }) });
  const res = await fetch(`${app.base}/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`Login refused: HTTP ${res.status}`);
  return (await res.json()) as Session;
}
