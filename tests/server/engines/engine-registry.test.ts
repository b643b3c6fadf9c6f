import { describe, expect, it } from 'vitest';
import {
  createEngineRegistry,
  NoEngineError,
  VoiceNotAvailableError,
} from '../../../server/src/engines/engine.registry.ts';
import type { Service } from '../../../contract/jobs.ts';
import {
  LOCAL_ENGINES_CONFIG,
  toEnginesConfig,
  checkEnginesEnv,
  enginesEnv,
  type EnginesConfig,
} from '../../../server/src/config/engines.config.ts';
import { loadConfig, ConfigError } from '../../../server/src/config/index.ts';
import * as v from 'valibot';

const job = {
  sourceLanguage: 'en',
  targetLanguages: ['es'],
  services: ['subtitle', 'voice_over'] as Service[],
  voiceMode: 'dubbing' as const,
};
const ep = { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', model: 'm' };
const local = createEngineRegistry(LOCAL_ENGINES_CONFIG);

/** The error `fn` throws. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('nothing was thrown');
}

describe('engine choice', () => {
  it('chooses for a local job: pocketsphinx, Apertium, flite for English dubbing and espeak-ng elsewhere', () => {
    const plan = local.choose({ ...job, targetLanguages: ['es', 'en-gb', 'fr'] });
    expect(plan.speech!.id).toBe('pocketsphinx');
    expect(plan.targetLanguages).toEqual(['es', 'en', 'fr']);
    expect(plan.translationFor('en', 'es')!.id).toBe('apertium');
    expect(plan.translationFor('en', 'fr')!.id).toBe('apertium');
    expect(plan.translationFor('en', 'en-gb')).toBeNull();
    expect(plan.voices.en.engine.id).toBe('flite');
    expect(plan.voices.es).toMatchObject({ id: 'espeak-ng:es+m3', chosen: false });
    expect(plan.voices.es.offered).toHaveLength(20);
    expect(plan.languageAssumed).toBe(false);
  });

  it('offers 5 Standard voices in manual mode', () => {
    const plan = local.choose({ ...job, voiceMode: 'manual' });
    expect(plan.voices.es.offered).toHaveLength(5);
  });

  it('uses the voice the request chose for a language, whatever the mode', () => {
    const plan = local.choose({ ...job, targetLanguages: ['es', 'fr'], voices: { es: 'espeak-ng:es+f2' } });
    expect(plan.voices.es).toMatchObject({ id: 'espeak-ng:es+f2', chosen: true });
    expect(plan.voices.es.voice).toMatchObject({ id: 'es+f2', gender: 'female', name: 'Female 2' });
    expect(plan.voices.fr).toMatchObject({ id: 'espeak-ng:fr-fr+m3', chosen: false });
  });

  it('refuses a voice that does not speak the language, or a voice for a language not asked for', () => {
    expect(thrown(() => local.choose({ ...job, voices: { es: 'espeak-ng:fr-fr+f2' } }))).toMatchObject({
      code: 'VOICE_NOT_AVAILABLE',
      voice: 'espeak-ng:fr-fr+f2',
      language: 'es',
    });
    expect(thrown(() => local.choose({ ...job, voices: { es: 'openai:nova' } }))).toBeInstanceOf(
      VoiceNotAvailableError,
    );
    expect(thrown(() => local.choose({ ...job, voices: { fr: 'espeak-ng:fr-fr+f2' } }))).toMatchObject({
      code: 'VOICE_NOT_AVAILABLE',
      language: 'fr',
      message: expect.stringMatching(/not one of the target languages/),
    });
  });

  it('assumes English for auto when no engine detects languages, and says so', () => {
    const plan = local.choose({ ...job, sourceLanguage: 'auto' });
    expect(plan).toMatchObject({ sourceLanguage: 'en', languageAssumed: true });
  });

  it('fails before any work, listing every missing engine as problems, and in English how to configure one', () => {
    const err = thrown(() => local.choose({ ...job, sourceLanguage: 'es', targetLanguages: ['de', 'fr'] }));
    expect(err).toBeInstanceOf(NoEngineError);
    expect(err).toMatchObject({
      code: 'NO_ENGINE',
      problems: [
        { stage: 'speech', language: 'es' },
        { stage: 'translation', language: 'de', source_language: 'es' },
      ],
    });
    const msg = (err as Error).message;
    expect(msg).toMatch(
      /No speech recognition engine for Spanish \(es\).*pocketsphinx: English \(en\).*OPENAI_SPEECH_BASE_URL/,
    );
    expect(msg).toMatch(/No translation engine for Spanish \(es\) to German \(de\).*DEEPL_API_KEY.*LIBRETRANSLATE_URL/);
    expect(msg).not.toMatch(/to French/);
  });

  it('names a missing voice, and for auto a language nothing translates into', () => {
    const none = createEngineRegistry({ ...LOCAL_ENGINES_CONFIG, local: false });
    const err = thrown(() => none.choose({ ...job, sourceLanguage: 'auto', targetLanguages: ['ar'] }));
    expect(err).toMatchObject({
      problems: [
        { stage: 'speech', language: 'auto' },
        { stage: 'translation', language: 'ar' },
        { stage: 'voice', language: 'ar' },
      ],
    });
    expect((err as Error).message).toMatch(/No voice for Arabic \(ar\).*OPENAI_VOICE_BASE_URL/);
  });

  it('chooses translation alone for a document, refusing what no engine translates', () => {
    const plan = local.choose({ sourceLanguage: 'fr', targetLanguages: ['pt', 'en'], services: ['document'] });
    expect(plan.speech).toBeNull();
    expect(plan.translationFor('fr', 'en')!.id).toBe('apertium');
    expect(
      thrown(() => local.choose({ sourceLanguage: 'en', targetLanguages: ['zh'], services: ['document'] })),
    ).toMatchObject({ problems: [{ stage: 'translation', language: 'zh', source_language: 'en' }] });
  });

  it('prefers configured network engines: DeepL for translation, the neural voice for dubbing, local voices for manual', () => {
    const config: EnginesConfig = {
      ...LOCAL_ENGINES_CONFIG,
      openai: { speech: ep, translation: ep, voice: ep },
      deepl: { apiUrl: 'http://127.0.0.1:9', apiKey: 'x' },
    };
    const reg = createEngineRegistry(config);
    const plan = reg.choose({ ...job, sourceLanguage: 'auto', targetLanguages: ['de', 'ar'] });
    expect(plan.speech!.id).toBe('openai');
    expect(plan.languageAssumed).toBe(false);
    expect(plan.sourceLanguage).toBe('auto');
    expect(plan.translationFor('en', 'de')!.id).toBe('deepl');
    expect(plan.translationFor('en', 'hi')!.id).toBe('openai');
    expect(plan.voices.de.engine.id).toBe('openai');
    expect(reg.choose({ ...job, voiceMode: 'manual' }).voices.es.engine.id).toBe('espeak-ng');
  });

  it('describes the engines that are available now', async () => {
    const config: EnginesConfig = { ...LOCAL_ENGINES_CONFIG, libreTranslate: { url: 'http://127.0.0.1:9' } };
    expect(await createEngineRegistry(config).describe()).toEqual({
      speech: ['pocketsphinx'],
      translation: ['apertium'],
      voice: ['flite', 'espeak-ng'],
    });
  });
});

describe('engine settings from the environment', () => {
  const parse = (env: Record<string, string>) => toEnginesConfig(v.parse(v.object(enginesEnv), env));

  it('enables nothing but the local engines by default', () => {
    expect(parse({})).toEqual(LOCAL_ENGINES_CONFIG);
  });

  it('reads the OpenAI-compatible server per stage, DeepL free/pro URL and LibreTranslate', () => {
    const c = parse({
      OPENAI_BASE_URL: 'https://api.openai.com/v1/',
      OPENAI_API_KEY: 'sk',
      OPENAI_STAGES: 'speech,voice',
      OPENAI_TRANSLATION_BASE_URL: 'http://vllm:8000',
      DEEPL_API_KEY: 'abc:fx',
      LIBRETRANSLATE_URL: 'http://lt:5000/',
      LIBRETRANSLATE_BATCH_LIMIT: '32',
      SUBTITLE_MAX_CPS: '15',
    });
    expect(c.openai.speech).toEqual({ baseUrl: 'https://api.openai.com', apiKey: 'sk', model: 'whisper-1' });
    expect(c.openai.translation?.baseUrl).toBe('http://vllm:8000');
    expect(c.openai.voice?.model).toBe('tts-1');
    expect(c.deepl).toEqual({ apiKey: 'abc:fx', apiUrl: 'https://api-free.deepl.com' });
    expect(c.libreTranslate).toEqual({
      url: 'http://lt:5000',
      apiKey: undefined,
      limits: { batchLimit: 32, charLimit: 0 },
    });
    expect(c.subtitles.maxCharsPerSecond).toBe(15);
    expect(parse({ DEEPL_API_KEY: 'pro' }).deepl?.apiUrl).toBe('https://api.deepl.com');
  });

  it('rejects wrong settings at start-up naming each variable', () => {
    expect(checkEnginesEnv(v.parse(v.object(enginesEnv), { OPENAI_STAGES: 'speech,dance' }) as never)).toEqual([
      'OPENAI_STAGES: unknown stage dance (use speech, translation, voice)',
    ]);
    expect(() => loadConfig({ SUBTITLE_MAX_CPS: 'fast', OPENAI_BASE_URL: 'not a url' })).toThrow(ConfigError);
  });
});
