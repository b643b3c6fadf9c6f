// Issue 21 item 4 in the studio: "Use the speakers' own voices" with its price, the required consent (Start waits
// for it, with a plain sentence), the request's voice_clone fields and the voice_clone rate in the cost summary.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { usePlansStore } from '../../src/lib/plans-store.ts';
import { buildRequest, canStart, DEFAULT_CONFIG, type StudioConfig } from '../../src/features/studio/schemas.ts';
import { rateSummary } from '../../src/features/studio/pricing.ts';
import { VoiceCloneField } from '../../src/features/studio/components/voice-clone-field.tsx';
import { RATES } from './helpers/api-server.ts';

beforeEach(() => {
  usePlansStore.setState({ plans: { plans: [], billing_mode: 'test', rates: RATES }, reading: Promise.resolve() });
});
afterEach(() => cleanup());

const base: StudioConfig = { ...DEFAULT_CONFIG, source: 'en', targets: ['es'], voiceOver: true, subtitles: false };

function Field({ onConfig }: { onConfig: (c: StudioConfig) => void }) {
  const [config, setConfig] = useState(base);
  return (
    <I18nProvider i18n={i18n}>
      <VoiceCloneField
        clone={config.voiceClone === true}
        consent={config.voiceCloneConsent === true}
        onChange={(change) => {
          const next = { ...config, ...change };
          setConfig(next);
          onConfig(next);
        }}
      />
    </I18nProvider>
  );
}

describe("the speakers' own voices in the studio", () => {
  it('shows the price, asks for consent once chosen, and Start waits for the consent', async () => {
    await activateLocale('en', { persist: false });
    let config = base;
    render(<Field onConfig={(c) => (config = c)} />);
    expect(screen.getByTestId('voice-clone').textContent).toContain('5 credits/min per language');
    expect(screen.queryByTestId('voice-clone-consent')).toBeNull();
    fireEvent.click(screen.getByTestId('voice-clone-toggle'));
    expect(screen.getByText('I have the right to clone these voices')).toBeTruthy();
    expect(screen.getByTestId('voice-clone-consent-needed').textContent).toMatch(/Tick the box above/);
    expect(canStart('media', config, false)).toBe(false);
    fireEvent.click(screen.getByTestId('voice-clone-consent'));
    expect(screen.queryByTestId('voice-clone-consent-needed')).toBeNull();
    expect(canStart('media', config, false)).toBe(true);
    expect(buildRequest('media', config, 'https://x.test/f.mp4')).toMatchObject({
      voice_clone: true,
      voice_clone_consent: true,
    });
  });

  it('prices the voice-over at the voice_clone rate, and sends nothing of it without a voice-over', () => {
    const cloned = { ...base, voiceClone: true, voiceCloneConsent: true };
    expect(rateSummary('media', cloned, RATES).total).toEqual({ credits: 5, per: 1, unit: 'minute' });
    expect(rateSummary('media', base, RATES).total).toEqual({ credits: 3, per: 1, unit: 'minute' });
    const request = buildRequest('media', { ...cloned, voiceOver: false, subtitles: true }, 'https://x.test/f.mp4');
    expect(request).not.toHaveProperty('voice_clone');
  });

  it('is in Arabic for an Arabic user', async () => {
    await activateLocale('ar', { persist: false });
    render(<Field onConfig={() => undefined} />);
    expect(screen.getByText('استخدم أصوات المتحدثين أنفسهم')).toBeTruthy();
    await activateLocale('en', { persist: false });
  });
});
