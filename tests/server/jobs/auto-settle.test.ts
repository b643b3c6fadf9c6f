/**
 * A job on Auto-detect is charged for what it delivers (issue 24 item 6): English speech on Auto-detect with a
 * recogniser that identifies the language (a local server speaking the OpenAI transcription API), asked for
 * English subtitles and voice-over. A voice-over into the language spoken is captions only, so the voice-over
 * part of the reservation comes back when the job completes; the ledger and the job say the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut } from './fixtures.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { creditLedger } from '../../../server/src/db/schema/index.ts';

describe.each(DATABASE_KINDS)('a job on Auto-detect is charged for what it delivers, on %s', (kind) => {
  let t: TestApp;
  let oa: FakeServer;
  beforeAll(async () => {
    oa = await startFakeOpenAi();
    t = await startTestApp({ kind, env: { OPENAI_SPEECH_BASE_URL: oa.url }, queue: { work: true } });
  });
  afterAll(async () => {
    await t?.close();
    await oa?.close();
  });

  it('English speech on Auto-detect into English with voice-over: charged as captions, the rest given back', async () => {
    const user = await createUser(t, 100);
    const url = (await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    const res = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: url,
      source_language: 'auto',
      target_languages: ['en'],
      services_to_run: ['subtitle', 'voice_over'],
    });
    expect(res.status).toBe(201);
    // Reserved before the language is known: subtitles (1) and voice-over (3) for one minute.
    expect(await balanceOf(t.ctx.db, user.id)).toBe(96);
    const end = Date.now() + 180_000;
    let job;
    for (;;) {
      job = (await api(t, user, 'GET', `/v1/jobs/${res.body.id as string}`)).body;
      if (job.status === 'failed') throw new Error(`failed: ${job.error_code} ${job.error}`);
      if (job.status === 'completed' || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(job.status).toBe('completed');
    expect(job.notes.map((n: { code: string }) => n.code)).toContain('LANGUAGE_DETECTED');
    // Captions only were made: no voice-over file, and only the captions are charged.
    expect(Object.keys(job.output_files.en ?? {})).not.toContain('voice_over');
    expect(job.credits_used).toBe(1);
    expect(await balanceOf(t.ctx.db, user.id)).toBe(99);
    const ledger = await t.ctx.db
      .select({ kind: creditLedger.kind, amount: creditLedger.amount })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.jobId, res.body.id as string)));
    expect(ledger.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['charge', 3],
      ['reserve', -4],
    ]);
  });
});
