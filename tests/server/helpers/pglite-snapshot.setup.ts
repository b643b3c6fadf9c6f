/**
 * Vitest global set-up of the server project: one empty PGlite database, migrated, saved as a data-directory
 * archive (PGlite `dumpDataDir`, uncompressed tar, ~40 MB) in a temporary folder whose path is provided to the test
 * files as `pgliteSnapshot`. createTestDatabase('pglite') starts every in-memory database from it: PGlite's
 * initdb in WebAssembly takes 1.6-4 s per database on the 2-core machine, loading the archive 0.3-0.5 s, and the
 * suite opens a few hundred. The migrations still run on each database (they find nothing pending), so a
 * snapshot older than the migrations cannot pass unnoticed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data-directory archive (tar). */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const archive = await database.snapshot!();
  fs.writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
