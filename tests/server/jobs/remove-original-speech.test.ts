/**
 * Issue 21 item 4, "Remove the original speech, keep the rest", in the job request, on both databases: offered
 * (GET /v1/capabilities `voice_separation`) only with a separation engine configured (here SEPARATION_BASE_URL; the
 * queue does not run, so it is never called); kept with a voice-over job at no extra price and shown in its answer;
 * ignored (stored false) without voice-over; refused with SEPARATION_NOT_AVAILABLE, charging nothing, when no engine
 * is configured; a value that is not true or false is refused; the OpenAPI document lists it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_WAV, uploadByPut, type TestUser } from './fixtures.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { openApiDocument } from '../helpers/openapi.ts';

const job = (media_url: string, extra: Record<string, unknown> = {}) => ({
  media_url,
  source_language: 'en',
  target_languages: ['es'],
  services_to_run: ['subtitle', 'voice_over'],
  voice_over_mode: 'manual',
  ...extra,
});

describe.each(DATABASE_KINDS)('remove_original_speech on %s', (kind) => {
  let withEngine: TestApp;
  let without: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let audio: string;
  let bobAudio: string;

  beforeAll(async () => {
    withEngine = await startTestApp({
      kind,
      env: { SEPARATION_BASE_URL: 'http://127.0.0.1:9', SEPARATION_API_KEY: 'sep-key' },
      queue: { work: false },
    });
    without = await startTestApp({ kind, queue: { work: false } });
    alice = await createUser(withEngine, 1000);
    bob = await createUser(without, 1000);
    audio = (await uploadByPut(withEngine, alice, JFK_WAV, 'jfk.wav', 'audio/wav')).fileUrl;
    bobAudio = (await uploadByPut(without, bob, JFK_WAV, 'jfk.wav', 'audio/wav')).fileUrl;
  }, 120_000);
  afterAll(async () => {
    await withEngine?.close();
    await without?.close();
  });

  it('is offered only with a separation engine', async () => {
    expect((await api(withEngine, alice, 'GET', '/v1/capabilities')).body.voice_separation).toBe(true);
    expect((await api(without, bob, 'GET', '/v1/capabilities')).body.voice_separation).toBe(false);
  });

  it('keeps the option with a voice-over job at the same price and shows it; off by default', async () => {
    const on = await api(withEngine, alice, 'POST', '/v1/jobs/translate', job(audio, { remove_original_speech: true }));
    expect(on.status).toBe(201);
    expect(on.body.remove_original_speech).toBe(true);
    const [row] = await withEngine.ctx.db.select().from(jobs).where(eq(jobs.id, on.body.id));
    expect(row.removeOriginalSpeech).toBe(true);
    expect((await api(withEngine, alice, 'GET', `/v1/jobs/${on.body.id}`)).body.remove_original_speech).toBe(true);
    const off = await api(withEngine, alice, 'POST', '/v1/jobs/translate', job(audio));
    expect(off.body.remove_original_speech).toBe(false);
    expect(on.body.credits_used).toBe(off.body.credits_used);
  });

  it('ignores it without voice-over', async () => {
    const subtitles = await api(
      withEngine,
      alice,
      'POST',
      '/v1/jobs/translate',
      job(audio, { services_to_run: ['subtitle'], remove_original_speech: true }),
    );
    expect(subtitles.status).toBe(201);
    expect(subtitles.body.remove_original_speech).toBeUndefined();
    const [row] = await withEngine.ctx.db.select().from(jobs).where(eq(jobs.id, subtitles.body.id));
    expect(row.removeOriginalSpeech).toBe(false);
  });

  it('refuses it without a separation engine, reserving nothing; accepts the same job without it', async () => {
    const before = await balanceOf(without.ctx.db, bob.id);
    const r = await api(without, bob, 'POST', '/v1/jobs/translate', job(bobAudio, { remove_original_speech: true }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('SEPARATION_NOT_AVAILABLE');
    expect(await balanceOf(without.ctx.db, bob.id)).toBe(before);
    expect((await api(without, bob, 'POST', '/v1/jobs/translate', job(bobAudio))).status).toBe(201);
  });

  it('refuses a value that is not true or false, naming the field', async () => {
    const r = await api(withEngine, alice, 'POST', '/v1/jobs/translate', job(audio, { remove_original_speech: 'yes' }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(r.body)).toMatch(/remove_original_speech is true or false/);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: false } });
  });
  afterAll(() => t?.close());

  it('lists remove_original_speech and SEPARATION_NOT_AVAILABLE for the translate request', async () => {
    const doc = await openApiDocument(t.baseUrl);
    expect(doc.components.schemas.TranslateJobRequest.properties.remove_original_speech.type).toBe('boolean');
    expect(JSON.stringify(doc)).toContain('SEPARATION_NOT_AVAILABLE');
  });
});
