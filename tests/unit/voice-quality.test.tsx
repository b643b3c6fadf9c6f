// Issue 22, item 7: Premium voice-over is offered only when the server's engines have Premium (neural) voices;
// otherwise Standard is used and the studio says why, in English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import type { LanguageCapabilities } from '../../contract/capabilities.ts';
import { hasPremiumVoices } from '../../src/lib/capabilities.ts';
import { VoiceQuality } from '../../src/features/studio/components/voice-quality.tsx';

afterEach(() => cleanup());

const lang = (code: 'es' | 'fr', voices: LanguageCapabilities['voices']): LanguageCapabilities => ({
  code,
  name: code,
  speech: false,
  translation_from: ['en'],
  voices,
});
/** The embedded engines' answer: espeak-ng voices only, all Standard. */
const EMBEDDED = {
  es: lang('es', [{ id: 'espeak-ng:es', name: 'Male 1', gender: 'male', engine: 'espeak-ng', tier: 'standard' }]),
  fr: lang('fr', [{ id: 'espeak-ng:fr', name: 'Male 1', gender: 'male', engine: 'espeak-ng', tier: 'standard' }]),
};
/** With an OpenAI-compatible voice server for Spanish. */
const WITH_NEURAL = {
  ...EMBEDDED,
  es: lang('es', [
    ...EMBEDDED.es.voices,
    { id: 'openai:nova', name: 'Nova', gender: 'female', engine: 'openai', tier: 'premium' },
  ]),
};

describe('Premium voice-over', () => {
  it('is available only where the engines have Premium voices', () => {
    expect(hasPremiumVoices(EMBEDDED, ['es'])).toBe(false);
    expect(hasPremiumVoices(EMBEDDED, [])).toBe(false);
    expect(hasPremiumVoices(WITH_NEURAL, ['es'])).toBe(true);
    expect(hasPremiumVoices(WITH_NEURAL, ['fr'])).toBe(false);
    expect(hasPremiumVoices(null, ['es'])).toBeNull();
  });

  for (const [locale, reason] of [
    ['en', /Premium needs a neural voice engine, and this server has only Standard voices/],
    ['ar', /محرك أصوات عصبية/],
  ] as const) {
    it(`without Premium voices is disabled, Standard is chosen and the reason is given (${locale})`, async () => {
      await activateLocale(locale, { persist: false });
      render(
        <I18nProvider i18n={i18n}>
          <VoiceQuality kind="media" mode="dubbing" premium={false} onChange={() => undefined} />
        </I18nProvider>,
      );
      const [standard, premium] = screen.getAllByRole<HTMLInputElement>('radio');
      expect(standard.checked).toBe(true);
      expect(premium.checked).toBe(false);
      expect(premium.disabled).toBe(true);
      expect(screen.getByTestId('premium-unavailable').textContent).toMatch(reason);
    });
  }

  it('with Premium voices is offered and keeps the chosen mode', async () => {
    await activateLocale('en', { persist: false });
    render(
      <I18nProvider i18n={i18n}>
        <VoiceQuality kind="media" mode="dubbing" premium={true} onChange={() => undefined} />
      </I18nProvider>,
    );
    const [, premium] = screen.getAllByRole<HTMLInputElement>('radio');
    expect(premium.checked).toBe(true);
    expect(premium.disabled).toBe(false);
    expect(screen.queryByTestId('premium-unavailable')).toBeNull();
  });
});
