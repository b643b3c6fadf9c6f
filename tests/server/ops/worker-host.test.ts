/**
 * A worker host (issue 26 item 6): `npm run worker` as a real child process on PostgreSQL, with WORKER_HTTP_PORT
 * and its own TMPDIR. It answers /healthz, /readyz and /metrics on that port, and it removes the temp folders that
 * killed tries of its deployment left in TMPDIR, at start-up and again every TEMP_SWEEP_INTERVAL_SECONDS, while
 * another deployment's folders, other programs' files and its own recent folders stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, freePort, ROOT, until } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { deploymentIdOf, tempNamePrefix } from '../../../server/src/storage/temp-folders.ts';

describe('a worker host (npm run worker) on postgres', () => {
  let t: TestApp;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'postgres', env: { RUN_WORKER: 'false' } });
  });
  afterAll(async () => {
    if (child?.exitCode === null)
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    await t?.close();
  });

  it('serves /healthz, /readyz and /metrics on its port and sweeps only its deployment’s stale temp folders', async () => {
    const tmp = fs.mkdtempSync(path.join(t.dataDir, 'host-tmp-'));
    const hourAgo = new Date(Date.now() - 3600_000);
    const mk = (name: string, mtime?: Date) => {
      const dir = path.join(tmp, name);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'clip-0001.wav'), 'x');
      if (mtime) fs.utimesSync(dir, mtime, mtime);
      return dir;
    };
    const ours = deploymentIdOf(t.dataDir);
    const staleMedia = mk(`${tempNamePrefix('media', ours)}killed1`, hourAgo);
    const staleApertium = mk(`${tempNamePrefix('apertium', ours)}killed2`, hourAgo);
    const recentOwn = mk(`${tempNamePrefix('media', ours)}recent`);
    const otherDeployment = mk(`${tempNamePrefix('media', 'a1b2c3d4e5f6')}inflight`, hourAgo);
    const otherProgram = mk('someone-else', hourAgo);

    const port = await freePort();
    const logFile = path.join(t.dataDir, 'worker.log');
    const out = fs.openSync(logFile, 'a');
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker-main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.databaseUrl!,
        APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        WORKER_HTTP_PORT: String(port),
        TMPDIR: tmp,
        TEMP_SWEEP_INTERVAL_SECONDS: '1',
      },
      stdio: ['ignore', out, out],
      detached: true,
    });
    await until(
      'the worker',
      async () => fs.readFileSync(logFile, 'utf8').includes('Tarjama worker is running'),
      90_000,
    );

    // The start-up sweep took this deployment's stale folders only.
    expect(fs.existsSync(staleMedia)).toBe(false);
    expect(fs.existsSync(staleApertium)).toBe(false);
    for (const kept of [recentOwn, otherDeployment, otherProgram]) expect(fs.existsSync(kept)).toBe(true);

    // Its own port: health, readiness and the Prometheus figures.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toMatch(/^# TYPE tarjama_\w+/m);
    // Nothing else: a worker host exposes no API.
    expect((await fetch(`http://127.0.0.1:${port}/v1/capabilities`)).status).toBe(404);

    // A try killed while the worker runs: its folder goes at the next sweep (every second here).
    const laterKilled = mk(`${tempNamePrefix('media', ours)}killed3`, hourAgo);
    await until('the periodic sweep', async () => !fs.existsSync(laterKilled), 15_000);
    for (const kept of [recentOwn, otherDeployment, otherProgram]) expect(fs.existsSync(kept)).toBe(true);

    process.kill(child.pid!, 'SIGTERM');
    expect((await exited(child)).code).toBe(0);
  }, 180_000);
});
