/**
 * Idempotency-Key (issue 23 item 2), Stripe's scheme: on both databases a retried upload-URL call or job submission
 * answers the first result and creates nothing again (one job, one reservation), the same key with another body
 * answers 422 IDEMPOTENCY_KEY_REUSED, and a first request that failed leaves the key free. On PostgreSQL, 20
 * concurrent submissions with one key spread over 2 real API processes make exactly one job and one reservation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { crashTestEnv, exited, freePort, killGroup, startServer, untilServing } from '../helpers/server-process.ts';
import { createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { creditLedger, jobs, users } from '../../../server/src/db/schema/index.ts';
import { addCredits, balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../../../server/src/modules/auth/token.service.ts';
import { proUserWithKey } from './api-helpers.ts';

/** A call with an Idempotency-Key header. */
async function keyed(t: TestApp, user: TestUser, path: string, key: string, body: unknown) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get('idempotent-replayed') };
}

const reservesOf = async (t: TestApp, userId: string) =>
  (await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).filter(
    (r) => r.kind === 'reserve',
  );

describe.each(DATABASE_KINDS)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('a retried upload-URL call answers the same upload; another body with the key is 422 in the error contract', async () => {
    const { key } = await proUserWithKey(t);
    const body = { filename: 'talk.mp4', content_type: 'video/mp4' };
    const first = await keyed(t, key, '/v1/uploads/presigned-url', 'upload-1', body);
    const again = await keyed(t, key, '/v1/uploads/presigned-url', 'upload-1', {
      content_type: 'video/mp4',
      filename: 'talk.mp4',
    });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, replayed: 'true' });
    expect(again.body.upload_id).toBe(first.body.upload_id);
    const other = await keyed(t, key, '/v1/uploads/presigned-url', 'upload-1', { ...body, filename: 'other.mp4' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.body.error).toMatch(/different request/);
    const bad = await keyed(t, key, '/v1/uploads/presigned-url', 'has space', body);
    expect(bad.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
    // The same key of another account is another key.
    const b = await proUserWithKey(t);
    const theirs = await keyed(t, b.key, '/v1/uploads/presigned-url', 'upload-1', body);
    expect(theirs.status).toBe(200);
    expect(theirs.body.upload_id).not.toBe(first.body.upload_id);
  });

  it('a job submitted twice with one key is one job and one reservation; a new key is a new job', async () => {
    const user = await createUser(t, 100);
    const up = await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const body = {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    };
    const first = await keyed(t, user, '/v1/jobs/translate', 'job-a', body);
    expect(first.status).toBe(201);
    const balanceAfterFirst = await balanceOf(t.ctx.db, user.id);
    expect(balanceAfterFirst).toBeLessThan(100);
    const second = await keyed(t, user, '/v1/jobs/translate', 'job-a', body);
    expect(second).toMatchObject({ status: 201, replayed: 'true' });
    expect(second.body.id).toBe(first.body.id);
    expect(await balanceOf(t.ctx.db, user.id)).toBe(balanceAfterFirst);
    expect((await t.ctx.db.select().from(jobs).where(eq(jobs.userId, user.id))).length).toBe(1);
    expect((await reservesOf(t, user.id)).length).toBe(1);
    const changed = await keyed(t, user, '/v1/jobs/translate', 'job-a', { ...body, target_languages: ['fr'] });
    expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The key of a job is not the key of an upload URL: same key, other call, 422.
    expect((await keyed(t, user, '/v1/uploads/presigned-url', 'job-a', body)).status).toBe(422);
    const third = await keyed(t, user, '/v1/jobs/translate', 'job-b', body);
    expect(third.status).toBe(201);
    expect(third.body.id).not.toBe(first.body.id);
    expect((await reservesOf(t, user.id)).length).toBe(2);
  });

  it('a first submission refused for want of credits leaves the key free: after a top-up the retry runs', async () => {
    const user = await createUser(t, 0);
    const up = await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const body = {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    };
    const refused = await keyed(t, user, '/v1/jobs/translate', 'retry-me', body);
    expect(refused.body.code).toBe('PAYMENT_REQUIRED');
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 10, idempotencyKey: 'top-up' });
    const retried = await keyed(t, user, '/v1/jobs/translate', 'retry-me', body);
    expect(retried.status).toBe(201);
    expect(retried.replayed).toBeNull();
  });
});

describe.skipIf(!DATABASE_KINDS.includes('postgres' as never))(
  'Idempotency-Key across 2 API processes on PostgreSQL',
  () => {
    const SECRET = 'idempotency-secret-idempotency-secret-0123';
    let testDb: TestDatabase;
    let dataDir: string;
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-idem-'));
    });
    afterAll(async () => {
      for (const c of children) {
        killGroup(c, 'SIGKILL');
        await exited(c);
      }
      await testDb?.dispose();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('20 concurrent submissions with one key over 2 processes: one job, one reservation, every answer that job', async () => {
      const db = testDb.database.db;
      const [user] = await db
        .insert(users)
        .values({ email: 'idem@example.test', emailVerifiedAt: new Date() })
        .returning();
      await addCredits(db, { userId: user.id, kind: 'grant', amount: 100, idempotencyKey: 'idem-test' });
      const auth = { authorization: `Bearer ${await createTokenService(SECRET, 3600).issue(user.id)}` };
      const bases: string[] = [];
      const started: Array<() => Promise<void>> = [];
      for (const name of ['a', 'b']) {
        const port = await freePort();
        const env = {
          ...crashTestEnv({ port, dataDir, secret: SECRET, databaseUrl: testDb.url! }),
          RUN_WORKER: 'false',
        };
        const log = path.join(dataDir, `server-${name}.log`);
        const child = startServer(env, log);
        children.push(child);
        bases.push(`http://127.0.0.1:${port}`);
        started.push(() => untilServing(`http://127.0.0.1:${port}`, child, log, 180_000));
      }
      // Ready to take requests (/readyz: database and queue), as a load balancer asks; /healthz also waits for
      // the engines' availability check, slow when two servers start at once on a busy machine.
      for (const ready of started) await ready();

      const target = (await (
        await fetch(`${bases[0]}/v1/uploads/presigned-url`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ filename: 'jfk.mp4', content_type: 'video/mp4' }),
        })
      ).json()) as any;
      const put = await fetch(target.upload_url, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4' },
        body: fs.readFileSync(JFK_MP4),
      });
      expect(put.status).toBe(200);

      const body = JSON.stringify({
        media_url: target.file_url,
        source_language: 'en',
        target_languages: ['es'],
        services_to_run: ['subtitle'],
      });
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await fetch(`${bases[i % 2]}/v1/jobs/translate`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'burst-1' },
            body,
          });
          return { status: res.status, id: ((await res.json()) as any).id as string };
        }),
      );
      const rows = await db.select().from(jobs).where(eq(jobs.userId, user.id));
      const reserves = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'reserve')));
      console.log(
        `20 concurrent submissions, one Idempotency-Key, 2 processes: statuses ${JSON.stringify(
          answers.map((a) => a.status),
        )}; jobs ${rows.length}; reservations ${reserves.length}`,
      );
      expect(rows.length).toBe(1);
      expect(reserves.length).toBe(1);
      expect(answers.every((a) => a.status === 201 && a.id === rows[0].id)).toBe(true);
      expect(await balanceOf(db, user.id)).toBe(100 + reserves[0].amount);
    }, 420_000);
  },
);
