// Issue 13 in the studio: a target in the source language is captions (no voice-over, priced as the server prices
// it), and an audio file gets no style preview but the sentence that subtitles in the video need a video.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { rateSummary } from '../../src/features/studio/pricing.ts';
import { buildRequest, DEFAULT_CONFIG } from '../../src/features/studio/schemas.ts';
import { DEFAULT_STYLE } from '../../src/config/subtitle-style.ts';
import { SubtitlePreview } from '../../src/features/studio/components/subtitle-preview.tsx';
import { RATES } from './helpers/api-server.ts';

beforeEach(async () => {
  await activateLocale('en', { persist: false });
});
afterEach(() => cleanup());

describe('captions in the original language', () => {
  const config = {
    ...DEFAULT_CONFIG,
    source: 'en-gb',
    targets: ['es', 'en-gb'],
    voiceOver: true,
    voices: { es: 'espeak-ng:es', 'en-gb': 'flite:slt' },
  };

  it('count for subtitles but not for voice-over in the cost summary', () => {
    const lines = Object.fromEntries(rateSummary('media', config, RATES).lines.map((l) => [l.service, l.languages]));
    expect(lines).toEqual({ subtitle: 2, voice_over: 1 });
  });

  it('send no voice for the captions target', () => {
    const body = buildRequest('media', config, 'https://x.test/f.mp4') as { voices?: Record<string, string> };
    expect(body.voices).toEqual({ es: 'espeak-ng:es' });
  });

  it('are no captions with Auto-detect: every target is voiced', () => {
    const auto = rateSummary('media', { ...config, source: 'auto' }, RATES).lines;
    expect(auto.find((l) => l.service === 'voice_over')?.languages).toBe(2);
  });
});

describe('the style preview of an audio file', () => {
  it('is replaced by the sentence that subtitles in the video need a video', () => {
    render(
      <I18nProvider i18n={i18n}>
        <SubtitlePreview uploadId="u1" contentType="audio/mpeg" style={DEFAULT_STYLE} source="en-gb" targets={['es']} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('style-preview-audio').textContent).toMatch(/need a video: this file is audio only/);
    expect(screen.queryByTestId('style-preview')).toBeNull();
  });
});
