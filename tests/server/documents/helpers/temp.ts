/** Per-test temporary folders, so parallel runs never collide. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Returns a function that makes a fresh temp dir; all are removed after each test. */
export function useTempDirs(): () => Promise<string> {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  return async () => {
    const d = await mkdtemp(path.join(os.tmpdir(), 'tarjama-docs-test-'));
    dirs.push(d);
    return d;
  };
}
