/**
 * Issue 22, item 3: speech in a language the embedded recogniser does not know is never billed as captions. On
 * the embedded engines (pocketsphinx: English only, no language identification) the capabilities say that the
 * spoken language cannot be identified, and Spanish speech (leopard_test_es.wav) on Auto-detect is refused before
 * anything is reserved, with a code the studio translates. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, TESTDATA, uploadByPut, type TestUser } from './fixtures.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';

const SPANISH = `${TESTDATA}audio/leopard_test_es.wav`;

describe.each(DATABASE_KINDS)('Spanish speech on Auto-detect with the embedded engines on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ kind });
    user = await createUser(t, 100);
  });
  afterAll(() => t?.close());

  it('is refused before any charge with SPEECH_LANGUAGE_REQUIRED, which the studio translates', async () => {
    const caps = await api(t, null, 'GET', '/v1/capabilities');
    expect(caps.body.speech_language_detection).toBe(false);
    expect(
      caps.body.languages.filter((l: { speech: boolean }) => l.speech).map((l: { code: string }) => l.code),
    ).toEqual(['en']);
    const up = await uploadByPut(t, user, SPANISH, 'leopard_test_es.wav', 'audio/wav');
    expect(up.status).toBe(200);
    const before = await balanceOf(t.ctx.db, user.id);
    const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'auto',
      target_languages: ['fr'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(400);
    expect(sub.body.code).toBe('SPEECH_LANGUAGE_REQUIRED');
    expect(sub.body.error).toMatch(/name it in source_language \(en\)/);
    expect(await balanceOf(t.ctx.db, user.id)).toBe(before);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.userId, user.id))).toHaveLength(0);
    // Naming the language it is spoken in is refused too (no recogniser for Spanish), also before any charge.
    const named = await api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'es',
      target_languages: ['fr'],
      services_to_run: ['subtitle'],
    });
    expect(named.status).toBe(400);
    expect(named.body.code).toBe('NO_ENGINE');
    expect(await balanceOf(t.ctx.db, user.id)).toBe(before);
  });
});
