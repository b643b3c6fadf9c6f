/**
 * Deleting a job stops its engine processes (issue 24 item 10): a document job translating a long Spanish .srt
 * through Apertium (a shell script running a pipeline of lt-proc, cg-proc, apertium-transfer...) is deleted while
 * Apertium runs; within a second none of the processes it started is left (before: only the script was killed,
 * its pipeline went on translating for the deleted job).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, uploadByPut, type TestUser } from './fixtures.ts';

/** A process: its id and start time (clock ticks since boot; tells a reused id apart). */
type Proc = { pid: number; start: string; comm: string };

/** Fields of /proc/PID/stat (the command name may hold spaces: it is in parentheses). */
function stat(pid: number): { comm: string; state: string; ppid: number; start: string } | null {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = s.lastIndexOf(')');
    const rest = s.slice(close + 2).split(' ');
    return { comm: s.slice(s.indexOf('(') + 1, close), state: rest[0], ppid: Number(rest[1]), start: rest[19] };
  } catch {
    return null;
  }
}

/** Apertium's processes among the descendants of this test process. */
function apertiumProcesses(): Proc[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => ({ pid: Number(d), ...stat(Number(d)) }))
    .filter((p): p is Proc & { ppid: number } => p.start !== undefined && p.ppid !== undefined);
  const children = new Map<number, number[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const mine = new Set<number>();
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (mine.has(c)) continue;
      mine.add(c);
      walk(c);
    }
  };
  walk(process.pid);
  return all.filter((p) => mine.has(p.pid) && /^(apertium|lt-proc|cg-proc|lrx-proc|apertium-)/.test(p.comm));
}
/** True while the process runs (a zombie waiting for its reaper has ended). */
const alive = (p: Proc) => {
  const now = stat(p.pid);
  return now?.start === p.start && now.state !== 'Z';
};

describe('deleting a job', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 1 } });
    user = await createUser(t, 100_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-delete-engines-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops the Apertium pipeline it started', async () => {
    const sentence =
      'Las arenas son blanquecinas de grano medio y tiene muy poca asistencia de visitantes durante el invierno';
    const srt = Array.from(
      { length: 1500 },
      (_, i) =>
        `${i + 1}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:${String(i % 60).padStart(2, '0')},900\n` +
        `${Array.from({ length: 12 }, (_, k) => `${sentence} número ${i * 12 + k}.`).join(' ')}\n`,
    ).join('\n');
    const file = path.join(dir, 'long_es.srt');
    fs.writeFileSync(file, srt);
    const up = await uploadByPut(t, user, file, 'long_es.srt', 'application/x-subrip');
    expect(up.status).toBe(200);
    const sub = await api(t, user, 'POST', '/v1/documents/translate', {
      media_url: up.fileUrl,
      source_language: 'es',
      target_languages: ['en'],
    });
    expect(sub.status).toBe(201);

    let running: Proc[] = [];
    const end = Date.now() + 120_000;
    while (running.length < 2 && Date.now() < end) {
      running = apertiumProcesses();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(running.length).toBeGreaterThanOrEqual(2);
    const del = await api(t, user, 'DELETE', `/v1/jobs/${sub.body.id}`);
    expect(del.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(running.filter(alive).map((p) => p.comm)).toEqual([]);
  }, 180_000);
});
