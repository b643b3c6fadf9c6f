/**
 * The systemd units in deploy/systemd (issue 39 item 1): `systemd-analyze verify` accepts them, and they stop the
 * way the worker's drain needs. `ExecStart=/usr/bin/npm run worker` with the default KillMode sent SIGTERM to npm,
 * its shell, tsx and the engines at once; npm exited within about 2 s and the rest was killed, so the job stayed
 * 'processing' until the stale-job sweep took it over as a counted try. The units start node itself (`exec`) and
 * send SIGTERM to it alone (KillMode=mixed), with more time than the 10 s stop sequence before SIGKILL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server-process.ts';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const UNITS = path.join(ROOT, 'deploy/systemd');
const hasSystemdAnalyze = fs.existsSync(SYSTEMD_ANALYZE);

/** The `Key=value` lines of a unit's [Service] section (a key given twice keeps both values, in order). */
function serviceSettings(file: string): Map<string, string[]> {
  const text = fs.readFileSync(path.join(UNITS, file), 'utf8');
  const section = /^\[Service\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const out = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const m = /^(\w+)=(.*)$/.exec(line);
    if (m) out.set(m[1], [...(out.get(m[1]) ?? []), m[2]]);
  }
  return out;
}

describe('systemd units (deploy/systemd)', () => {
  it.skipIf(!hasSystemdAnalyze)(
    `systemd-analyze verify accepts the API unit and two worker instances (needs ${SYSTEMD_ANALYZE})`,
    async () => {
      const units = ['tarjama-api.service', 'tarjama-worker@1.service', 'tarjama-worker@2.service'];
      // An instance name loads its template file (tarjama-worker@.service) from the same folder.
      const { stdout, stderr } = await promisify(execFile)(SYSTEMD_ANALYZE, ['verify', ...units], { cwd: UNITS });
      expect(`${stdout}${stderr}`.trim()).toBe('');
    },
  );

  it.each([
    ['tarjama-api.service', 'server/src/main.ts'],
    ['tarjama-worker@.service', 'server/src/worker-main.ts'],
  ])('%s signals node itself and waits out the stop sequence', (file, entry) => {
    const s = serviceSettings(file);
    const [execStart] = s.get('ExecStart') ?? [];
    // node is the main process (the shell execs it); npm never stands between systemd and the worker.
    expect(execStart).toContain(`exec node --import tsx ${entry}`);
    expect(execStart).not.toMatch(/\bnpm\b/);
    expect(s.get('KillMode')).toEqual(['mixed']);
    expect(s.get('KillSignal') ?? ['SIGTERM']).toEqual(['SIGTERM']);
    // shutdown.ts's backstop is 9.5 s; SIGKILL must come later.
    expect(Number(s.get('TimeoutStopSec')?.[0])).toBeGreaterThan(10);
    expect(s.get('EnvironmentFile')?.[0]).toBe('/etc/tarjama/tarjama.env');
  });

  it('each worker instance may read its own env file after the shared one (a port per process)', () => {
    expect(serviceSettings('tarjama-worker@.service').get('EnvironmentFile')).toEqual([
      '/etc/tarjama/tarjama.env',
      '-/etc/tarjama/worker-%i.env',
    ]);
  });
});
