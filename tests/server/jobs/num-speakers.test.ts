/**
 * Issue 19: `num_speakers` in the job request (Auto = absent or null, 1 … 8), on both databases: it is kept with
 * the job and shown in its answer, anything else is refused with a clear message, and the OpenAPI document
 * lists it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from './fixtures.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { openApiDocument } from '../helpers/openapi.ts';

const job = (media_url: string, extra: Record<string, unknown> = {}) => ({
  media_url,
  source_language: 'en',
  target_languages: ['es'],
  services_to_run: ['subtitle'],
  ...extra,
});

describe.each(DATABASE_KINDS)('num_speakers on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: false } });
    alice = await createUser(t, 1000);
    url = (await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
  });
  afterAll(() => t?.close());

  it('keeps the number of speakers with the job, and Auto as null', async () => {
    const three = await api(t, alice, 'POST', '/v1/jobs/translate', job(url, { num_speakers: 3 }));
    expect(three.status).toBe(201);
    expect(three.body.num_speakers).toBe(3);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, three.body.id));
    expect(row.numSpeakers).toBe(3);
    const auto = await api(t, alice, 'POST', '/v1/jobs/translate', job(url));
    expect(auto.status).toBe(201);
    expect(auto.body.num_speakers).toBeNull();
    expect((await api(t, alice, 'GET', `/v1/jobs/${three.body.id}`)).body.num_speakers).toBe(3);
  });

  it('refuses 0, 9 and 2.5 speakers with a message naming the choices, and charges nothing', async () => {
    for (const n of [0, 9, 2.5, 'two']) {
      const r = await api(t, alice, 'POST', '/v1/jobs/translate', job(url, { num_speakers: n }));
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(r.body)).toMatch(/Choose Auto or 1 to 8 speakers/);
    }
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: false } });
  });
  afterAll(() => t?.close());

  it('lists num_speakers in the translate request', async () => {
    const doc = await openApiDocument(t.baseUrl);
    const field = doc.components.schemas.TranslateJobRequest.properties.num_speakers;
    const schema = field.$ref ? doc.components.schemas[field.$ref.split('/').at(-1)!] : field;
    expect(JSON.stringify(schema)).toMatch(/"minimum":1/);
    expect(JSON.stringify(schema)).toMatch(/"maximum":8/);
  });
});
