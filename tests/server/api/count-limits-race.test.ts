/**
 * Count limits hold under concurrency (issue 35 item 5), on PGlite and PostgreSQL: 25 API keys asked for at once
 * make exactly 20 (the rest 409 API_KEY_LIMIT), 15 webhook endpoints at once make 10 (409 WEBHOOK_LIMIT), and 20
 * glossary terms added at once to a glossary of 1,995 leave it at 2,000 (409 GLOSSARY_FULL). On PostgreSQL the
 * check before the insert let 24 keys, 11 endpoints and 2,003 terms through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser } from '../jobs/fixtures.ts';
import { upgrade } from './api-helpers.ts';
import { MAX_ACTIVE_API_KEYS } from '../../../contract/api-keys.ts';
import { MAX_WEBHOOK_ENDPOINTS } from '../../../contract/webhooks.ts';
import { MAX_GLOSSARY_TERMS } from '../../../contract/glossary.ts';
import { glossaryTerms } from '../../../server/src/db/schema/index.ts';

/** The statuses of `n` requests sent at once, sorted, and the count of each. */
async function atOnce(n: number, send: (i: number) => Promise<{ status: number; body: { code?: string } }>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const tally: Record<string, number> = {};
  for (const a of answers)
    tally[`${a.status} ${a.body.code ?? ''}`.trim()] = (tally[`${a.status} ${a.body.code ?? ''}`.trim()] ?? 0) + 1;
  return tally;
}

describe.each(DATABASE_KINDS)('count limits under concurrency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_ENABLED: 'false', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('25 API keys at once: 20 made, 5 refused', async () => {
    const user = await createUser(t, 0);
    await upgrade(t, user, 'pro');
    const tally = await atOnce(25, (i) => api(t, user, 'POST', '/v1/api-keys', { name: `key ${i}` }));
    expect(tally).toEqual({ '201': MAX_ACTIVE_API_KEYS, '409 API_KEY_LIMIT': 25 - MAX_ACTIVE_API_KEYS });
    const keys = (await api(t, user, 'GET', '/v1/api-keys')).body.keys as unknown[];
    expect(keys).toHaveLength(MAX_ACTIVE_API_KEYS);
  });

  it('15 webhook endpoints at once: 10 made, 5 refused', async () => {
    const user = await createUser(t, 0);
    await upgrade(t, user, 'pro');
    const tally = await atOnce(15, (i) =>
      api(t, user, 'POST', '/v1/webhooks', { url: `http://127.0.0.1:9/hook/${i}` }),
    );
    expect(tally).toEqual({ '201': MAX_WEBHOOK_ENDPOINTS, '409 WEBHOOK_LIMIT': 15 - MAX_WEBHOOK_ENDPOINTS });
    expect((await api(t, user, 'GET', '/v1/webhooks')).body.endpoints).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });

  it('20 glossary terms at once on 1,995: the glossary stops at 2,000', async () => {
    const user = await createUser(t, 0);
    const have = MAX_GLOSSARY_TERMS - 5;
    // Seeded in one insert: the import of 1,995 terms through the API takes 25-45 s here, one query pair per term.
    await t.ctx.db.insert(glossaryTerms).values(
      Array.from({ length: have }, (_, i) => ({
        userId: user.id,
        term: `word${i}`,
        sourceLanguage: 'en',
        targets: [{ language: 'es' as const, translation: `palabra${i}` }],
      })),
    );
    const tally = await atOnce(20, (i) =>
      api(t, user, 'POST', '/v1/glossary', {
        term: `extra${i}`,
        source_language: 'en',
        targets: [{ language: 'es', translation: `extra${i}` }],
      }),
    );
    expect(tally).toEqual({ '201': 5, '409 GLOSSARY_FULL': 15 });
    expect((await api(t, user, 'GET', '/v1/glossary')).body.terms).toHaveLength(MAX_GLOSSARY_TERMS);
  });
});
