/**
 * Capabilities come from the same engine lists and answers as the engine choice: what is listed as available can
 * be run, what is not is refused. Default (local) engines, then network translation servers (local servers
 * speaking the LibreTranslate and OpenAI APIs) that make Arabic and the other languages translatable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG, type EnginesConfig } from '../../../server/src/config/engines.config.ts';
import { CapabilitiesResponse } from '../../../contract/capabilities.ts';
import { STUDIO_LANGUAGES } from '../../../contract/languages.ts';
import type { Service } from '../../../contract/jobs.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';

const byCode = (config: EnginesConfig) =>
  Object.fromEntries(
    createEngineRegistry(config)
      .capabilities()
      .languages.map((l) => [l.code, l]),
  );

describe('capabilities on the default local engines', () => {
  const registry = createEngineRegistry(LOCAL_ENGINES_CONFIG);
  const caps = registry.capabilities();
  const lang = Object.fromEntries(caps.languages.map((l) => [l.code, l]));

  it('lists the 11 studio languages in order, in the contract shape', () => {
    expect(v.parse(CapabilitiesResponse, caps)).toEqual(caps);
    expect(caps.languages.map((l) => l.code)).toEqual([...STUDIO_LANGUAGES]);
    expect(lang.es.name).toBe('Spanish');
  });

  it('says German, Japanese, Korean, Chinese, Arabic and Hindi have no translation from any language', () => {
    for (const code of ['de', 'ja', 'ko', 'zh', 'ar', 'hi']) expect(lang[code].translation_from).toEqual([]);
    expect(lang.es.translation_from).toEqual(['en', 'fr', 'it', 'pt']);
    expect(lang.en.translation_from).toEqual(['es', 'fr', 'it', 'pt']);
  });

  it('recognises English speech only, and lists Standard voices for every language (flite for English)', () => {
    expect(caps.languages.filter((l) => l.speech).map((l) => l.code)).toEqual(['en']);
    expect(lang.es.voices.length).toBeGreaterThanOrEqual(1);
    expect(lang.es.voices[0]).toEqual({
      id: 'espeak-ng:es+m3',
      name: 'Male 3',
      gender: 'male',
      engine: 'espeak-ng',
      tier: 'standard',
    });
    expect(lang.es.voices.some((x) => x.gender === 'female')).toBe(true);
    expect(lang.en.voices.map((x) => x.engine)).toContain('flite');
    for (const l of caps.languages) expect(l.voices.every((x) => x.tier === 'standard')).toBe(true);
  });

  it('agrees with the engine choice: every listed pair and voice is accepted, every unlisted pair refused', () => {
    const services: Service[] = ['document'];
    for (const to of caps.languages)
      for (const from of STUDIO_LANGUAGES.filter((c) => c !== to.code)) {
        const choose = () => registry.choose({ sourceLanguage: from, targetLanguages: [to.code], services });
        if (to.translation_from.includes(from)) expect(choose().translationFor(from, to.code)).not.toBeNull();
        else expect(choose).toThrow(/No translation engine/);
      }
    for (const voice of lang.fr.voices)
      expect(
        registry.choose({
          sourceLanguage: 'en',
          targetLanguages: ['fr'],
          services: ['voice_over'],
          voices: { fr: voice.id },
        }).voices.fr.id,
      ).toBe(voice.id);
  });
});

describe('capabilities with a network translation server', () => {
  let lt: FakeServer;
  let oa: FakeServer;
  beforeAll(async () => {
    lt = await startFakeLibreTranslate();
    oa = await startFakeOpenAi();
  });
  afterAll(async () => {
    await lt.close();
    await oa.close();
  });

  it('LibreTranslate makes Arabic (and the other languages) translatable', () => {
    const lang = byCode({ ...LOCAL_ENGINES_CONFIG, libreTranslate: { url: lt.url } });
    expect(lang.ar.translation_from).toEqual(['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'hi']);
    for (const code of ['de', 'ja', 'ko', 'zh', 'hi']) expect(lang[code].translation_from).toContain('en');
    expect(lang.ar.speech).toBe(false);
  });

  it('an OpenAI-compatible server adds speech in every language and Premium voices, listed first', () => {
    const ep = { baseUrl: oa.url, model: 'm' };
    const lang = byCode({ ...LOCAL_ENGINES_CONFIG, openai: { speech: ep, translation: ep, voice: ep } });
    expect(lang.ar.translation_from).toContain('en');
    expect(lang.ar.speech).toBe(true);
    // Its default voice for Arabic first (OPENAI_VOICE_DEFAULTS: ar:onyx; issue 26, not alloy for every language).
    expect(lang.ar.voices[0]).toEqual({
      id: 'openai:onyx',
      name: 'Onyx',
      gender: 'male',
      engine: 'openai',
      tier: 'premium',
    });
    expect(lang.ar.voices.filter((x) => x.tier === 'standard').length).toBeGreaterThan(0);
  });
});
