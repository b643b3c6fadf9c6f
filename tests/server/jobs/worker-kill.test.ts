/**
 * A worker killed in the middle of a job (kill -9 of the whole server process and its ffmpeg/engine children)
 * leaves the job to another worker, which finishes it; the ledger shows one reserve and one charge, never two.
 * Both databases: with PostgreSQL the second worker is another process on the same database; with embedded
 * PGlite (one process owns the database) it is the server started again on the same DATA_DIR.
 */
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  crashTestEnv,
  exited,
  freePort,
  killGroup,
  removeDeploymentTemp,
  startServer,
  until,
  untilServing,
} from '../helpers/server-process.ts';
import { and, eq } from 'drizzle-orm';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { openDatabase, type Database } from '../../../server/src/db/database.ts';
import { creditLedger, jobs, users } from '../../../server/src/db/schema/index.ts';
import { addCredits, balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../../../server/src/modules/auth/token.service.ts';
import { JFK_EN_SRT, JFK_MP4 } from './fixtures.ts';

const SECRET = 'kill-test-secret-kill-test-secret-0123456789';

describe.each(DATABASE_KINDS)('worker killed mid-job on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-kill-'));
  const children: ChildProcess[] = [];
  let testDb: TestDatabase | undefined;

  afterAll(async () => {
    for (const c of children) killGroup(c, 'SIGKILL');
    await testDb?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeDeploymentTemp(dataDir);
  });

  async function openDb(): Promise<Database> {
    if (kind === 'postgres') return testDb!.database;
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await db.migrate();
    return db;
  }
  const closeDb = async (db: Database) => {
    if (kind === 'pglite') await db.close();
  };

  it('another worker finishes the job and it is charged once', async () => {
    if (kind === 'postgres') testDb = await createTestDatabase('postgres');
    let db = await openDb();
    const [user] = await db.db
      .insert(users)
      .values({ email: `kill-${kind}@example.test`, emailVerifiedAt: new Date() })
      .returning();
    await addCredits(db.db, { userId: user.id, kind: 'grant', amount: 100, idempotencyKey: 'kill-test' });
    await closeDb(db);
    const auth = { authorization: `Bearer ${await createTokenService(SECRET, 3600).issue(user.id)}` };

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = crashTestEnv({ port, dataDir, secret: SECRET, databaseUrl: testDb?.url ?? '' });
    const log = path.join(dataDir, 'server.log');
    const first = startServer(env, log);
    children.push(first);
    await untilServing(base, first, log, 90_000, '/healthz');

    const upload = async (filename: string, contentType: string, body: Buffer) => {
      const target = (await (
        await fetch(`${base}/v1/uploads/presigned-url`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ filename, content_type: contentType }),
        })
      ).json()) as any;
      expect(
        (await fetch(target.upload_url, { method: 'PUT', headers: { 'content-type': contentType }, body })).status,
      ).toBe(200);
      return target.file_url as string;
    };
    const media = await upload('jfk.mp4', 'video/mp4', fs.readFileSync(JFK_MP4));
    // The user's own English subtitles: the job skips the recogniser (what is tested is the kill and the charge).
    const words = await upload('jfk_en.srt', 'application/x-subrip', Buffer.from(JFK_EN_SRT));
    const submit = await fetch(`${base}/v1/jobs/translate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        media_url: media,
        source_subtitles_url: words,
        source_language: 'en',
        // One language: the kill comes at the first progress, with the dub and its encode still ahead.
        target_languages: ['es'],
        services_to_run: ['subtitle', 'voice_over'],
      }),
    });
    expect(submit.status).toBe(201);
    const job = (await submit.json()) as any;
    const price = job.credits_used;

    // Mid-job: the pipeline has reported progress past its start.
    await until(
      'progress',
      async () => {
        const j = (await (await fetch(`${base}/v1/jobs/${job.id}`, { headers: auth })).json()) as any;
        return j.status === 'processing' && j.progress > 0;
      },
      120_000,
    );
    killGroup(first, 'SIGKILL');
    await exited(first);

    const second = startServer(env, log);
    children.push(second);
    const finished = await until(
      'the job to finish in the second worker',
      async () => {
        const j = (await (await fetch(`${base}/v1/jobs/${job.id}`, { headers: auth })).json()) as any;
        if (j.status === 'failed') throw new Error(`job failed: ${j.error}`);
        return j.status === 'completed' && j;
      },
      240_000,
    );
    expect(Object.keys(finished.output_files)).toEqual(['es']);
    killGroup(second, 'SIGTERM');
    await exited(second);

    db = await openDb();
    const [row] = await db.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.attempts).toBe(2);
    const ledger = await db.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.jobId, job.id)));
    expect(ledger.map((e) => e.kind).sort()).toEqual(['charge', 'reserve']);
    expect(await balanceOf(db.db, user.id)).toBe(100 - price);
    await closeDb(db);
  }, 420_000);
});
