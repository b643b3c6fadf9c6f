// Numbers, dates, lists and plurals in the user's language (issue 15 items 16-17), and the studio's reading of the
// server's capabilities (item 1): what can be chosen, with which voices, and what goes into the request.
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCredits, formatDate, formatList, formatNumber } from '../../src/lib/format.ts';
import { i18n } from '../../src/lib/i18n.ts';
import { activateLocale } from '../../src/lib/i18n.ts';
import { creditsLabel } from '../../src/lib/price-text.ts';
import { sourceProblem, targetProblem, voicesFor, voiceSampleUrl } from '../../src/lib/capabilities.ts';
import { buildRequest, DEFAULT_CONFIG } from '../../src/features/studio/schemas.ts';
import type { LanguageCapabilities } from '../../contract/capabilities.ts';

const DIGITS = /[0-9]/;
const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('formatting in English and Arabic', () => {
  it('joins lists with the language’s own words: no Latin comma in Arabic', () => {
    expect(formatList(['Spanish', 'French', 'Italian'], 'en')).toBe('Spanish, French and Italian');
    const ar = formatList(['الإسبانية', 'الفرنسية', 'الإيطالية'], 'ar');
    expect(ar).not.toContain(',');
    expect(ar).toContain('و');
    expect(formatList(['الإسبانية'], 'ar')).toBe('الإسبانية');
  });

  it('uses one kind of digits everywhere in Arabic: dates, credits, sizes and plain numbers', () => {
    const samples = [
      formatDate('2026-11-22T10:05:00Z', 'ar'),
      formatCredits(1212, 'ar'),
      formatBytes(5 * 1024 * 1024, 'ar'),
      formatNumber(1200, 'ar'),
    ];
    for (const text of samples) {
      expect(text).toMatch(DIGITS);
      expect(text).not.toMatch(ARABIC_INDIC);
    }
  });

  it('groups thousands the same way in credits and plain numbers', () => {
    expect(formatNumber(1200, 'en')).toBe('1,200');
    expect(formatCredits(1212, 'en')).toBe('1,212');
    expect(formatCredits(0.5, 'en')).toBe('0.5');
  });

  it('says "1 credit" and "2 credits", and the Arabic plural forms', async () => {
    await activateLocale('en', { persist: false });
    expect(creditsLabel(1, i18n)).toBe('1 credit');
    expect(creditsLabel(2, i18n)).toBe('2 credits');
    expect(creditsLabel(1200, i18n)).toBe('1,200 credits');
    await activateLocale('ar', { persist: false });
    const four = creditsLabel(4, i18n);
    const eleven = creditsLabel(11, i18n);
    const two = creditsLabel(2, i18n);
    expect(four).not.toBe(eleven.replace('11', '4')); // few and many differ
    expect(four).toContain('أرصدة');
    expect(two).not.toMatch(DIGITS); // the dual is a word
    expect(four).not.toMatch(ARABIC_INDIC);
    await activateLocale('en', { persist: false });
  });
});

const voice = (id: string) => ({
  id,
  name: id,
  gender: 'female' as const,
  engine: 'espeak-ng',
  tier: 'standard' as const,
});
const lang = (code: string, speech: boolean, from: string[], voices: string[]): LanguageCapabilities => ({
  code: code as LanguageCapabilities['code'],
  name: code,
  speech,
  translation_from: from,
  voices: voices.map(voice),
});
const CAPS = {
  en: lang('en', true, ['es', 'fr'], ['flite:slt']),
  es: lang('es', false, ['en', 'fr'], ['espeak-ng:es+f2', 'espeak-ng:es+m3']),
  fr: lang('fr', false, ['en'], ['espeak-ng:fr+f1']),
  ar: lang('ar', false, [], ['espeak-ng:ar']),
  ja: lang('ja', false, ['en'], []),
};

describe('capabilities in the studio', () => {
  it('offers as media source only the languages whose speech is recognised', () => {
    expect(sourceProblem(CAPS, 'media', 'en-gb')).toBeNull();
    expect(sourceProblem(CAPS, 'media', 'es')).toBe('speech');
    expect(sourceProblem(CAPS, 'media', 'auto')).toBeNull();
    expect(sourceProblem(CAPS, 'document', 'fr')).toBeNull();
    expect(sourceProblem(CAPS, 'document', 'ar')).toBe('translation');
    expect(sourceProblem(null, 'media', 'es')).toBeNull(); // nothing known: the server decides
  });

  it('marks a target unreachable without translation, and without a voice when a voice-over is asked', () => {
    expect(targetProblem(CAPS, 'media', 'en-gb', 'es', true)).toBeNull();
    expect(targetProblem(CAPS, 'media', 'en-gb', 'ar', false)).toBe('translation');
    expect(targetProblem(CAPS, 'media', 'auto', 'ar', false)).toBe('translation');
    expect(targetProblem(CAPS, 'media', 'en-gb', 'ja', false)).toBeNull();
    expect(targetProblem(CAPS, 'media', 'en-gb', 'ja', true)).toBe('voice');
    expect(targetProblem(CAPS, 'document', 'fr', 'ja', true)).toBe('translation');
  });

  it('lists the voices of a target and plays their sample from the server', () => {
    expect(voicesFor(CAPS, 'es', 'standard').map((v) => v.id)).toEqual(['espeak-ng:es+f2', 'espeak-ng:es+m3']);
    expect(voiceSampleUrl('espeak-ng:es+f2', 'es')).toBe('/v1/voices/espeak-ng%3Aes%2Bf2/sample?language=es');
  });

  it('sends the chosen voices only with a voice-over, only for chosen targets', () => {
    const config = { ...DEFAULT_CONFIG, targets: ['es'], voiceOver: true, voices: { es: 'espeak-ng:es+f2', fr: 'x' } };
    expect(buildRequest('media', config)).toMatchObject({ voices: { es: 'espeak-ng:es+f2' } });
    expect(buildRequest('media', { ...config, voiceOver: false })).not.toHaveProperty('voices');
  });
});
