/**
 * A worker killed after `transcribe` (kill -9 of the whole server process and its children): the server started
 * again on the same DATA_DIR finishes the job from the stored artifacts; the transcript artifact is the one the
 * first worker wrote (the recogniser did not run again: it would have rewritten it), and the editor's tracks exist.
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
import { openDatabase } from '../../../server/src/db/database.ts';
import { users } from '../../../server/src/db/schema/index.ts';
import { addCredits } from '../../../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../../../server/src/modules/auth/token.service.ts';
import { JFK_MP4 } from '../jobs/fixtures.ts';

const SECRET = 'resume-test-secret-resume-test-secret-0123456789';

describe('a job whose worker is killed after transcribe', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-resume-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) killGroup(c, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeDeploymentTemp(dataDir);
  });

  it('resumes without running the recogniser again', async () => {
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await db.migrate();
    const [user] = await db.db
      .insert(users)
      .values({ email: 'resume@example.test', emailVerifiedAt: new Date() })
      .returning();
    await addCredits(db.db, { userId: user.id, kind: 'grant', amount: 100, idempotencyKey: 'resume-test' });
    await db.close();
    const auth = { authorization: `Bearer ${await createTokenService(SECRET, 3600).issue(user.id)}` };

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = crashTestEnv({ port, dataDir, secret: SECRET, databaseUrl: '' });
    const log = path.join(dataDir, 'server.log');
    const first = startServer(env, log);
    children.push(first);
    await untilServing(base, first, log, 90_000, '/healthz');

    const target = (await (
      await fetch(`${base}/v1/uploads/presigned-url`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ filename: 'jfk.mp4', content_type: 'video/mp4' }),
      })
    ).json()) as any;
    await fetch(target.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: fs.readFileSync(JFK_MP4),
    });
    const submit = await fetch(`${base}/v1/jobs/translate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        media_url: target.file_url,
        source_language: 'en',
        target_languages: ['es', 'fr'],
        services_to_run: ['subtitle', 'voice_over'],
      }),
    });
    expect(submit.status).toBe(201);
    const job = (await submit.json()) as any;

    // Killed as soon as the transcript is stored (the job is then at cues or later).
    const transcript = path.join(dataDir, 'files', 'artifacts', user.id, job.id, 'transcript.json');
    await until('the transcript artifact', async () => fs.existsSync(transcript), 180_000);
    killGroup(first, 'SIGKILL');
    await exited(first);
    const written = fs.statSync(transcript).mtimeMs;
    const text = fs.readFileSync(transcript, 'utf8');

    const second = startServer(env, log);
    children.push(second);
    const finished = await until(
      'the job to finish in the second worker',
      async () => {
        const j = (await (await fetch(`${base}/v1/jobs/${job.id}`, { headers: auth })).json()) as any;
        if (j.status === 'failed') throw new Error(`job failed: ${j.error}`);
        return j.status === 'completed' && j;
      },
      300_000,
    );
    expect(Object.keys(finished.output_files).sort()).toEqual(['es', 'fr']);
    expect(fs.statSync(transcript).mtimeMs).toBe(written);
    expect(fs.readFileSync(transcript, 'utf8')).toBe(text);
    const tracks = (await (await fetch(`${base}/v1/jobs/${job.id}/tracks`, { headers: auth })).json()) as any;
    expect(tracks.revision).toBe(1);
    expect(tracks.source.cues.length).toBeGreaterThan(0);
    killGroup(second, 'SIGTERM');
    await exited(second);
  }, 600_000);
});
