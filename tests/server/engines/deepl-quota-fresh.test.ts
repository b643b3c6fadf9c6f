/**
 * /readyz's DeepL `used` follows /v2/usage (issue 39 item 9): it read 0 eleven minutes after the API answered
 * 155,742, because the quota reader returned its last answer, however old, while it asked again behind it. An
 * answer older than the longest staleness is now never shown: the first read after a quiet spell asks again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotaReader } from '../../../server/src/engines/engine-quotas.ts';
import { startFakeServer, type FakeServer } from '../fakes/fake-http.ts';
import type { EnginesConfig } from '../../../server/src/config/engines.config.ts';

describe('DeepL quota reader', () => {
  let deepl: FakeServer;
  let used = 0;
  let failing = false;
  beforeAll(async () => {
    // GET /v2/usage as DeepL documents it (https://developers.deepl.com/docs/api-reference/usage-and-quota).
    deepl = await startFakeServer(
      async (req) =>
        failing
          ? { status: 503, body: { message: 'Service unavailable' } }
          : req.path.startsWith('/v2/usage')
            ? { status: 200, body: { character_count: used, character_limit: 500000 } }
            : { status: 404, body: { message: 'not found' } },
      { message: 'Too many requests' },
    );
  });
  afterAll(() => deepl?.close());

  it('a read after a quiet spell longer than the staleness bound shows the API’s new count', async () => {
    const config = { deepl: { apiUrl: deepl.url, apiKey: 'k' } } as unknown as EnginesConfig;
    const read = createQuotaReader(config, 50, 100);
    expect((await read())[0]).toMatchObject({ engine: 'deepl', used: 0, exhausted: false });
    used = 155742;
    // Within the time to live: the answer is reused (no request per probe).
    expect((await read())[0].used).toBe(0);
    await new Promise((r) => setTimeout(r, 150));
    expect((await read())[0]).toMatchObject({ used: 155742, limit: 500000 });
  });

  it('an answer DeepL could not give is asked again after the short failed-answer TTL, not kept for the TTL', async () => {
    const config = { deepl: { apiUrl: deepl.url, apiKey: 'k' } } as unknown as EnginesConfig;
    const read = createQuotaReader(config, 10_000, 20_000, 50);
    failing = true;
    expect((await read())[0]).not.toHaveProperty('used');
    expect((await read())[0].error).toBeDefined();
    failing = false;
    await new Promise((r) => setTimeout(r, 80));
    await read(); // answers the failed answer at once and asks DeepL again behind it
    await new Promise((r) => setTimeout(r, 100));
    expect((await read())[0]).toMatchObject({ used: 155742, limit: 500000 });
    expect((await read())[0].error).toBeUndefined();
  });
});
