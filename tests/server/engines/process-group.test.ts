/**
 * Engine processes run in their own process group (issue 24 item 10 and LOW): a SIGTERM an orchestrator sends to
 * the server's process group reaches the server (whose shutdown sequence hands a running job back) but not an
 * engine under a running job (espeak-ng of a re-dub was killed, failing the job instead); and aborting a run kills
 * the engine's whole group, a script's children too (Apertium's pipeline went on after the job was deleted).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_NICENESS, runProcess } from '../../../server/src/engines/run-process.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-process-group-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** True while `pid` runs (a zombie waiting for its reaper has ended). */
const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

describe('engine process groups', () => {
  it('engines and the programs they start run below the API in CPU priority (nice 10)', async () => {
    // `sh` prints its own nice value, then that of a program it starts. The priority is set just after the start
    // (Node cannot set it before exec), so the check waits past the first moments.
    const r = await runProcess('sh', ['-c', 'sleep 0.3; nice; sh -c nice']);
    expect(r.stdout.toString().trim().split(/\s+/)).toEqual([String(ENGINE_NICENESS), String(ENGINE_NICENESS)]);
    expect(ENGINE_NICENESS).toBeGreaterThan(os.getPriority());
  });

  it('a SIGTERM to the server process group does not kill the engine under a running job', async () => {
    const script = path.join(dir, 'server.ts');
    fs.writeFileSync(
      script,
      `import { runProcess } from ${JSON.stringify(path.join(ROOT, 'server/src/engines/run-process.ts'))};
process.on('SIGTERM', () => process.stderr.write('stopping\\n')); // the shutdown sequence keeps the process up
runProcess('sh', ['-c', 'sleep 1.5; echo voiced']).then(
  (r) => process.stdout.write(r.stdout),
  (e) => process.stdout.write('engine failed: ' + e.message),
);
`,
    );
    const server = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, detached: true });
    let out = '';
    server.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => setTimeout(r, 1000));
    process.kill(-server.pid!, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
    expect(out.trim()).toBe('voiced');
  }, 20_000);

  it('aborting a run kills the script and the processes it started', async () => {
    const pidFile = path.join(dir, 'child.pid');
    const controller = new AbortController();
    const run = runProcess('sh', ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], { signal: controller.signal });
    const written = () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() !== '';
    for (let i = 0; i < 100 && !written(); i++) await new Promise((r) => setTimeout(r, 20));
    const grandchild = Number(fs.readFileSync(pidFile, 'utf8'));
    expect(alive(grandchild)).toBe(true);
    controller.abort(new Error('deleted'));
    await expect(run).rejects.toThrow('deleted');
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(grandchild)).toBe(false);
  });
});
