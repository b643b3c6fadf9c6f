/**
 * The engine meter's rules (engines/engine-usage.ts), against the local DeepL server: an answered request adds its
 * characters and their price to the UTC month; a failed one adds nothing; a cap reached refuses the next call before
 * anything is sent, with a failure a retry cannot fix; a new UTC month starts from nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeepLEngine } from '../../../server/src/engines/translation/deepl.engine.ts';
import { createUsageMeter, memoryUsageStore } from '../../../server/src/engines/engine-usage.ts';
import { isPermanentEngineFailure, engineFailure } from '../../../server/src/engines/engine-failure.ts';
import { DEFAULT_SPEND_CONFIG } from '../../../server/src/config/spend.config.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import { createOpenAiSpeechEngine } from '../../../server/src/engines/speech/openai.engine.ts';
import { readWavLayout } from '../../../server/src/audio/wav.ts';
import { JFK_WAV } from '../jobs/fixtures.ts';

const KEY = 'k-meter:fx';

describe('the engine usage meter', () => {
  let deepl: Awaited<ReturnType<typeof startFakeDeepL>>;
  beforeAll(async () => (deepl = await startFakeDeepL({ apiKey: KEY, characterLimit: 100 })));
  afterAll(() => deepl.close());

  it('counts answered characters per UTC month, refuses a capped engine, and starts again next month', async () => {
    let now = new Date('2026-11-30T23:59:00Z');
    const store = memoryUsageStore();
    const meter = createUsageMeter({ ...DEFAULT_SPEND_CONFIG, capsUsd: { deepl: 0.0015 } }, store, () => now);
    const engine = createDeepLEngine(
      { apiUrl: deepl.url, apiKey: KEY },
      { timeoutSeconds: 10, retries: 0, meter: meter.of('deepl', 'translation') },
    );
    const texts = ['The house is red.', 'Ask not what your country can do for you.'];
    await engine.translate(texts, { from: 'en', to: 'de' });
    const chars = texts.join('').length;
    expect(await store.month('2026-11')).toEqual([
      {
        month: '2026-11',
        engine: 'deepl',
        stage: 'translation',
        unit: 'characters',
        units: chars,
        costUsd: expect.closeTo(chars * 25e-6, 12),
      },
    ]);
    // 58 characters (0.00145 USD) are under the cap. DeepL refuses a text over its quota of 100 (456): nothing added.
    await expect(engine.translate(['x'.repeat(50)], { from: 'en', to: 'de' })).rejects.toMatchObject({ status: 456 });
    expect((await store.month('2026-11'))[0].units).toBe(chars);
    // 8 more characters: 66 at 25 USD per 1M reach the cap of 0.0015 USD.
    await engine.translate(['Hi there'], { from: 'en', to: 'de' });
    expect(await meter.spend()).toEqual([
      { engine: 'deepl', spentUsd: expect.closeTo((chars + 8) * 25e-6, 12), capUsd: 0.0015, reached: true },
    ]);

    const sent = deepl.requests.length;
    const refused = await engine.translate(['Hello'], { from: 'en', to: 'de' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'spend_cap', status: 0 });
    expect(isPermanentEngineFailure(refused)).toBe(true);
    expect(engineFailure(refused, 'translation', 'deepl')).toEqual({
      code: 'ENGINE_SPEND_CAP_REACHED',
      message:
        'The translation engine (deepl) is temporarily limited on this server. Your credits were given back; please try again later.',
    });
    expect(deepl.requests.length).toBe(sent);

    now = new Date('2026-12-01T00:00:30Z');
    expect((await meter.spend())[0]).toMatchObject({ spentUsd: 0, reached: false });
    await expect(engine.translate(['Hi'], { from: 'en', to: 'de' })).resolves.toHaveLength(1);
    expect(await store.month('2026-12')).toMatchObject([{ units: 2 }]);
  });
});

describe('recognition is metered in audio seconds', () => {
  it('the OpenAI recogniser adds the seconds of audio it was sent, priced per minute', async () => {
    const oa = await startFakeOpenAi();
    try {
      const store = memoryUsageStore();
      const meter = createUsageMeter(DEFAULT_SPEND_CONFIG, store);
      const engine = createOpenAiSpeechEngine(
        { baseUrl: oa.url, model: 'whisper-1' },
        { timeoutSeconds: 60, retries: 0, meter: meter.of('openai', 'speech') },
      );
      await engine.transcribe(JFK_WAV, { language: 'en' });
      const wav = await readWavLayout(JFK_WAV);
      const seconds = wav.frames / wav.rate;
      const [row] = await store.month(new Date().toISOString().slice(0, 7));
      expect(row).toMatchObject({ engine: 'openai', stage: 'speech', unit: 'seconds' });
      expect(row.units).toBeCloseTo(seconds, 1);
      expect(row.costUsd).toBeCloseTo((seconds / 60) * 0.006, 6);
    } finally {
      await oa.close();
    }
  });
});
