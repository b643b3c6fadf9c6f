/**
 * Issue 20 item 3: `keep_voices_natural` in the job request, on both databases. Kept with a video job that has a
 * voice-over and shown in its answer; ignored (the job answers false) without voice-over or for an audio file, which
 * have no dubbed MP4 to slow; a value that is not true or false is refused; the OpenAPI document lists it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, JFK_WAV, uploadByPut, type TestUser } from './fixtures.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { openApiDocument } from '../helpers/openapi.ts';

const job = (media_url: string, extra: Record<string, unknown> = {}) => ({
  media_url,
  source_language: 'en',
  target_languages: ['es'],
  services_to_run: ['subtitle', 'voice_over'],
  voice_over_mode: 'manual',
  ...extra,
});

describe.each(DATABASE_KINDS)('keep_voices_natural on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let video: string;
  let audio: string;

  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: false } });
    alice = await createUser(t, 1000);
    video = (await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
    audio = (await uploadByPut(t, alice, JFK_WAV, 'jfk.wav', 'audio/wav')).fileUrl;
  });
  afterAll(() => t?.close());

  it('keeps the option with a video voice-over job and shows it; off by default', async () => {
    const on = await api(t, alice, 'POST', '/v1/jobs/translate', job(video, { keep_voices_natural: true }));
    expect(on.status).toBe(201);
    expect(on.body.keep_voices_natural).toBe(true);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, on.body.id));
    expect(row.keepVoicesNatural).toBe(true);
    expect((await api(t, alice, 'GET', `/v1/jobs/${on.body.id}`)).body.keep_voices_natural).toBe(true);
    const off = await api(t, alice, 'POST', '/v1/jobs/translate', job(video));
    expect(off.body.keep_voices_natural).toBe(false);
  });

  it('ignores it without voice-over and for an audio file (no dubbed video to slow)', async () => {
    const subtitles = await api(
      t,
      alice,
      'POST',
      '/v1/jobs/translate',
      job(video, { services_to_run: ['subtitle'], keep_voices_natural: true }),
    );
    expect(subtitles.status).toBe(201);
    expect(subtitles.body.keep_voices_natural).toBeUndefined();
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, subtitles.body.id));
    expect(row.keepVoicesNatural).toBe(false);
    const sound = await api(t, alice, 'POST', '/v1/jobs/translate', job(audio, { keep_voices_natural: true }));
    expect(sound.status).toBe(201);
    expect(sound.body.keep_voices_natural).toBe(false);
  });

  it('refuses a value that is not true or false, naming the field', async () => {
    const r = await api(t, alice, 'POST', '/v1/jobs/translate', job(video, { keep_voices_natural: 'yes' }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(r.body)).toMatch(/keep_voices_natural is true or false/);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: false } });
  });
  afterAll(() => t?.close());

  it('lists keep_voices_natural in the translate request', async () => {
    const doc = await openApiDocument(t.baseUrl);
    expect(doc.components.schemas.TranslateJobRequest.properties.keep_voices_natural.type).toBe('boolean');
  });
});
