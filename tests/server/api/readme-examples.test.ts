/**
 * The "Using the API" examples of docs/api.md, run as written (issue 23 items 5 and the "Must show" agency path): with an
 * API key only, the Node example adds a webhook endpoint, uploads, starts the job twice with one Idempotency-Key
 * (one job, one reservation), receives `job.completed` on its own HTTPS-less receiver (allowed in test mode),
 * verifies the signature with the documented scheme and downloads the subtitles; the curl example sends the job
 * twice with one key and makes one job.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { freePort } from '../helpers/server-process.ts';
import { creditLedger, jobs } from '../../../server/src/db/schema/index.ts';
import { JFK_MP4 } from '../jobs/fixtures.ts';
import { proUserWithKey } from './api-helpers.ts';

const run = promisify(execFile);
const API_GUIDE = new URL('../../../docs/api.md', import.meta.url).pathname;

/** The fenced block after `<!-- example: NAME -->` in docs/api.md. */
function example(name: string): string {
  const text = fs.readFileSync(API_GUIDE, 'utf8');
  const m = text.match(new RegExp(`<!-- example: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``));
  if (!m) throw new Error(`docs/api.md has no example ${name}`);
  return m[1];
}

describe('docs/api.md "Using the API" examples', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true }, env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-api-guide-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const jobsOf = (userId: string) => t.ctx.db.select().from(jobs).where(eq(jobs.userId, userId));
  const reservesOf = (userId: string) =>
    t.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'reserve')));

  it('the Node example: key only, one job for two submissions, a verified job.completed, the subtitles saved', async () => {
    const { user, secret } = await proUserWithKey(t);
    const script = path.join(dir, 'translate.mjs');
    fs.writeFileSync(script, example('node'));
    const { stdout } = await run(process.execPath, [script, JFK_MP4], {
      cwd: dir,
      env: { ...process.env, TARJAMA_URL: t.baseUrl, TARJAMA_API_KEY: secret, HOOK_PORT: String(await freePort()) },
      timeout: 240_000,
    });
    expect(stdout).toMatch(/the retry answered the same job/);
    expect(stdout).toMatch(/job\.completed \(verified\)/);
    expect(stdout).toMatch(/saved talk_es\.vtt/);
    expect(fs.readFileSync(path.join(dir, 'talk_es.vtt'), 'utf8')).toMatch(/^WEBVTT/);
    expect(await jobsOf(user.id)).toHaveLength(1);
    expect(await reservesOf(user.id)).toHaveLength(1);
  }, 300_000);

  it('the curl example: the job sent twice with one key is one job', async () => {
    const { user, secret } = await proUserWithKey(t);
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', example('curl')], {
      env: { ...process.env, TARJAMA_URL: t.baseUrl, TARJAMA_API_KEY: secret, FILE: JFK_MP4 },
      timeout: 60_000,
    });
    const ids = stdout.trim().split('\n');
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(await jobsOf(user.id)).toHaveLength(1);
    expect(await reservesOf(user.id)).toHaveLength(1);
  });
});
