// Issue 22 item 12, as users read it: Arabic voice names and price period, "1 credit" in the re-dub dialog, the
// settled source language in a job row, and help texts that say what the built-in engines and editor do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import type { LanguageCapabilities } from '../../contract/capabilities.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { configureApiClient } from '../../src/lib/api-client.ts';
import { resetPlansStore } from '../../src/lib/plans-store.ts';
import { useCapabilitiesStore } from '../../src/lib/capabilities.ts';
import { VoicePicker } from '../../src/features/studio/components/voice-picker.tsx';
import { PricingPage } from '../../src/features/billing/components/pricing-page.tsx';
import { LandingPage } from '../../src/features/landing/components/landing-page.tsx';
import { RedubDialog } from '../../src/features/editor/components/redub-dialog.tsx';
import { JobRow } from '../../src/features/jobs/components/job-row.tsx';
import { jobOf, routeFetchTo, startFakeApi, type FakeApi } from './helpers/api-server.ts';

let api: FakeApi;
let restoreFetch: () => void;
beforeEach(async () => {
  api = await startFakeApi();
  restoreFetch = routeFetchTo(api);
  configureApiClient({ getToken: () => api.token, onUnauthorized: () => undefined });
  resetPlansStore();
  await activateLocale('en', { persist: false });
});
afterEach(async () => {
  cleanup();
  restoreFetch();
  await api.close();
  await activateLocale('en', { persist: false });
});

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
const LATIN_WORD = /[A-Za-z]{3,}/;

/** Spanish as GET /v1/capabilities answers it on the embedded engines (espeak-ng names its variants in English). */
const SPANISH: LanguageCapabilities = {
  code: 'es',
  name: 'Spanish',
  speech: false,
  translation_from: ['en'],
  voices: [
    { id: 'espeak-ng:es+m3', name: 'Male 3', gender: 'male', engine: 'espeak-ng', tier: 'standard' },
    { id: 'espeak-ng:es+f2', name: 'Female 2', gender: 'female', engine: 'espeak-ng', tier: 'standard' },
    { id: 'espeak-ng:es+klatt', name: 'Klatt 1', gender: 'male', engine: 'espeak-ng', tier: 'standard' },
    { id: 'espeak-ng:es+Alex', name: 'Alex', gender: 'male', engine: 'espeak-ng', tier: 'standard' },
  ],
};

describe('issue 22 item 12 wording', () => {
  it('names the voices in Arabic, not "Male 3" or "Klatt 1"', async () => {
    useCapabilitiesStore.setState({ languages: { es: SPANISH } });
    await activateLocale('ar', { persist: false });
    wrap(<VoicePicker kind="media" targets={['es']} tier="standard" chosen={{}} onChoose={() => undefined} />);
    const options = [...screen.getByTestId('voice-es').querySelectorAll('option')].map((o) => o.textContent ?? '');
    expect(options).toEqual([
      'الصوت الافتراضي',
      'صوت رجالي 3 · قياسية',
      'صوت نسائي 2 · قياسية',
      'كلات 1 · قياسية',
      'أليكس · قياسية',
    ]);
    for (const option of options) expect(option).not.toMatch(LATIN_WORD);
  });

  it('shows a monthly price in Arabic without a stray slash ("$49 /شهريًا")', async () => {
    await activateLocale('ar', { persist: false });
    wrap(<PricingPage user={null} />);
    const pro = await waitFor(() => {
      const card = document.querySelector('[data-plan="pro"] .plan-price');
      if (!card) throw new Error('no Pro card yet');
      return card;
    });
    expect(pro.textContent).toBe('$49شهريًا');
    expect(pro.querySelector('.period')?.textContent).toBe('شهريًا');
  });

  it('prices a one-credit re-dub as "1 credit"', async () => {
    api.rates.voice_over = { credits: 1, per: 1, unit: 'minute' };
    wrap(
      <RedubDialog
        jobId="job1"
        language="es"
        languageName="Spanish"
        onClose={() => undefined}
        onStarted={() => undefined}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('redub-confirm').textContent).toBe('Re-dub for 1 credit'));
    expect(screen.getByTestId('redub-estimate').textContent).toContain('Price: 1 credit Balance: 100 credits');
  });

  it('names the settled source language in a job row instead of Auto-detect', () => {
    const job = jobOf({
      status: 'completed',
      source_language: 'auto',
      target_languages: ['en'],
      notes: [{ code: 'LANGUAGE_DETECTED', text: 'Detected source language: Spanish.', params: { language: 'es' } }],
    });
    wrap(
      <ul>
        <JobRow
          job={job}
          busy={false}
          onPreview={() => undefined}
          onRetry={() => undefined}
          onDelete={() => undefined}
        />
      </ul>,
    );
    const meta = screen.getByTestId('job-row').querySelector('.job-meta')?.textContent ?? '';
    expect(meta).toContain('Spanish → English');
    expect(meta).not.toContain('Auto-detect');
  });

  it('points to the built-in editor and claims no 95% accuracy, in the landing page and the pricing FAQ', async () => {
    wrap(<LandingPage />);
    const landing = document.body.textContent ?? '';
    expect(landing).not.toContain('95%');
    expect(landing).toContain('4 in 5');
    expect(landing).toContain('built-in editor');
    expect(landing).not.toContain('any editor');
    cleanup();
    wrap(<PricingPage user={null} />);
    await screen.findByText(/open a finished job in the built-in editor/);
    const pricing = document.body.textContent ?? '';
    expect(pricing).not.toContain('95%');
    expect(pricing).not.toContain('any subtitle editor');
  });
});
