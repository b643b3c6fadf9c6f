/**
 * Helpers of the editor's money tests (issue 24): a finished jfk.mp4 job (English -> Spanish, subtitles and
 * Standard voice-over) made by the real pipeline and engines from the user's own English subtitles, polling, raw JSON calls (a body JSON.stringify
 * cannot write, such as the literal `1e999`), and the ledger lines of a user.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { creditLedger } from '../../../server/src/db/schema/index.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { api, JFK_EN_SRT, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';

/** Polls `fn` every 200 ms until it returns a truthy value. @throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 300_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The job once it is completed (its JobResponse). @throws when it failed. */
export function completed(t: TestApp, user: TestUser, id: string, timeoutMs?: number): Promise<any> {
  return waitFor(
    `job ${id} completed`,
    async () => {
      const r = await api(t, user, 'GET', `/v1/jobs/${id}`);
      if (r.body.status === 'failed') throw new Error(`job failed: ${r.body.error}`);
      return r.body.status === 'completed' && r.body;
    },
    timeoutMs,
  );
}

/**
 * A completed jfk.mp4 job of `user`: en (its subtitles, JFK_EN_SRT) -> `targets`, subtitles and Standard
 * voice-over. Its id.
 */
export async function finishedDubJob(t: TestApp, user: TestUser, targets = ['es']): Promise<string> {
  const up = await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4');
  const srtFile = path.join(t.dataDir, 'jfk_en.srt');
  if (!fs.existsSync(srtFile)) fs.writeFileSync(srtFile, JFK_EN_SRT);
  const srt = await uploadByPut(t, user, srtFile, 'jfk_en.srt', 'application/x-subrip');
  expect(srt.status).toBe(200);
  const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
    media_url: up.fileUrl,
    source_subtitles_url: srt.fileUrl,
    source_language: 'en',
    target_languages: targets,
    services_to_run: ['subtitle', 'voice_over'],
    voice_over_mode: 'manual',
  });
  expect(sub.status).toBe(201);
  const job = await completed(t, user, sub.body.id);
  expect(job.tracks_revision).toBe(1);
  return sub.body.id;
}

/** A call with `raw` sent as the JSON body, byte for byte. */
export async function rawJson(
  t: TestApp,
  user: TestUser,
  method: string,
  path: string,
  raw: string,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The user's ledger lines (kind, amount, idempotency key), oldest first. */
export async function ledgerOf(t: TestApp, userId: string) {
  const rows = await t.ctx.db
    .select({ kind: creditLedger.kind, amount: creditLedger.amount, key: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
  return rows;
}

/** Downloads a signed output URL. */
export async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
