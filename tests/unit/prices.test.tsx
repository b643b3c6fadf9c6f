// Prices the studio shows come from the server: the rates of GET /v1/plans (info cards, the summary before the
// file is on the server, rates x languages) and the exact price of POST /v1/jobs/estimate (bold total, media
// length, a warning and a disabled Start Processing when it is over the balance).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { configureApiClient } from '../../src/lib/api-client.ts';
import { resetPlansStore } from '../../src/lib/plans-store.ts';
import { rateLabel } from '../../src/lib/price-text.ts';
import { rateSummary } from '../../src/features/studio/pricing.ts';
import { DEFAULT_CONFIG } from '../../src/features/studio/schemas.ts';
import { useStudioStore } from '../../src/features/studio/store.ts';
import { InfoCard } from '../../src/features/studio/components/info-card.tsx';
import { ConfigCard } from '../../src/features/studio/components/config-card.tsx';
import { RATES, routeFetchTo, startFakeApi, type FakeApi } from './helpers/api-server.ts';

let api: FakeApi;
let restoreFetch: () => void;
beforeEach(async () => {
  api = await startFakeApi();
  restoreFetch = routeFetchTo(api);
  configureApiClient({ getToken: () => api.token, onUnauthorized: () => undefined });
  resetPlansStore();
  useStudioStore.getState().reset();
  await activateLocale('en', { persist: false });
});
afterEach(async () => {
  cleanup();
  restoreFetch();
  await api.close();
});

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('rates', () => {
  it('are worded per unit in English and Arabic', async () => {
    expect(rateLabel(RATES.subtitle, i18n)).toBe('1 credit/min');
    expect(rateLabel(RATES.voice_over, i18n)).toBe('3 credits/min');
    expect(rateLabel(RATES.document, i18n)).toBe('0.5 credits per 100 words');
    expect(rateLabel({ credits: 2, per: 5, unit: 'minute' }, i18n)).toBe('2 credits per 5 min');
    await activateLocale('ar', { persist: false });
    expect(rateLabel(RATES.subtitle, i18n)).toBe('رصيد واحد/دقيقة');
    expect(rateLabel(RATES.voice_over, i18n)).toMatch(/أرصدة\/دقيقة$/);
    expect(rateLabel(RATES.document, i18n)).toMatch(/رصيد لكل .*100.* كلمة$/);
  });

  it('times the chosen target languages, without assuming a length', () => {
    const media = rateSummary('media', { ...DEFAULT_CONFIG, targets: ['es', 'fr'], voiceOver: true }, RATES);
    expect(media.lines.map((l) => [l.service, l.languages, rateLabel(l.total, i18n)])).toEqual([
      ['subtitle', 2, '2 credits/min'],
      ['voice_over', 2, '6 credits/min'],
    ]);
    expect(rateLabel(media.total!, i18n)).toBe('8 credits/min');
    const doc = rateSummary('document', { ...DEFAULT_CONFIG, targets: ['es', 'fr'] }, RATES);
    expect(rateLabel(doc.total!, i18n)).toBe('1 credit per 100 words');
  });
});

describe('studio prices', () => {
  it("info cards show the server's rates", async () => {
    api.rates.voice_over = { credits: 4, per: 1, unit: 'minute' };
    wrap(
      <>
        <InfoCard kind="media" />
        <InfoCard kind="document" />
      </>,
    );
    expect(await screen.findByText('4 credits/min')).toBeTruthy();
    expect(screen.getByText('1 credit/min')).toBeTruthy();
    expect(screen.getByText('0.5 credits per 100 words')).toBeTruthy();
    expect(api.requests.filter((r) => r.url === '/v1/plans')).toHaveLength(1);
  });

  const chooseUploadedFile = (fileUrl?: string) => {
    const store = useStudioStore.getState();
    store.upsertUpload({
      id: 'u1',
      filename: 'talk.mp4',
      contentType: 'video/mp4',
      sizeBytes: 100,
      bytesSent: fileUrl ? 100 : 50,
      percent: fileUrl ? 100 : 50,
      status: fileUrl ? 'completed' : 'uploading',
      kind: 'media',
      needsFile: false,
      fileUrl,
      createdAt: 1,
    });
    store.select('media', { type: 'file', uploadId: 'u1' });
    store.updateConfig('media', { targets: ['es', 'fr'], voiceOver: true });
  };

  it('while the file uploads: rates x languages, no invented total', async () => {
    chooseUploadedFile(undefined);
    wrap(<ConfigCard kind="media" signedIn onSubmitted={() => undefined} />);
    const summary = await screen.findByTestId('cost-summary');
    await waitFor(() => expect(summary.textContent).toContain('8 credits/min'));
    expect(summary.textContent).toContain('Subtitles (2 × 1 credit/min)2 credits/min');
    expect(summary.textContent).toContain('Voice-over (2 × 3 credits/min)6 credits/min');
    expect(summary.textContent).toContain('The exact price appears once the file is uploaded.');
    expect(within(summary).queryByTestId('exact-cost')).toBeNull();
    expect(api.requests.some((r) => r.url === '/v1/jobs/estimate')).toBe(false);
  });

  it("once on the server: the server's exact price in bold with the media length", async () => {
    api.mediaSeconds = 71; // 2 started minutes x (1 + 3) credits x 2 languages
    chooseUploadedFile('http://x/files/u1');
    wrap(<ConfigCard kind="media" signedIn onSubmitted={() => undefined} />);
    const exact = await screen.findByTestId('exact-cost', {}, { timeout: 3000 });
    expect(exact.querySelector('strong')?.textContent).toBe('16 credits');
    expect(screen.getByTestId('exact-basis').textContent).toBe('For 1:11 of media. Your balance: 100 credits.');
    expect(screen.queryByTestId('not-enough-credits')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Processing' }).hasAttribute('disabled')).toBe(false);
    // The source language goes with it: a target in the same language is priced as captions.
    expect(api.requests.find((r) => r.url === '/v1/jobs/estimate')?.body).toEqual({
      media_url: 'http://x/files/u1',
      source_language: 'auto',
      target_languages: ['es', 'fr'],
      services_to_run: ['subtitle', 'voice_over'],
    });
  });

  it('over the balance: says so with a link to /pricing and keeps Start Processing disabled', async () => {
    api.mediaSeconds = 71;
    api.balance = 10;
    chooseUploadedFile('http://x/files/u1');
    wrap(<ConfigCard kind="media" signedIn onSubmitted={() => undefined} />);
    const warning = await screen.findByTestId('not-enough-credits', {}, { timeout: 3000 });
    expect(warning.textContent).toBe('Not enough credits for this job. Get more credits');
    expect(within(warning).getByRole('link').getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('button', { name: 'Start Processing' }).hasAttribute('disabled')).toBe(true);
  });
});
