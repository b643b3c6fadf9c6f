// Issue 21 item 4 in the studio: "Remove the original speech" is offered with a voice-over only when the server
// separates voices (GET /v1/capabilities `voice_separation`), with its one-sentence explanation, in English and
// Arabic; ticked, the request carries remove_original_speech.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { configureApiClient } from '../../src/lib/api-client.ts';
import { resetPlansStore } from '../../src/lib/plans-store.ts';
import { buildRequest } from '../../src/features/studio/schemas.ts';
import { useCapabilitiesStore } from '../../src/lib/capabilities.ts';
import { useStudioStore } from '../../src/features/studio/store.ts';
import { ConfigCard } from '../../src/features/studio/components/config-card.tsx';
import { routeFetchTo, startFakeApi, type FakeApi } from './helpers/api-server.ts';

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

/** The studio as a server with (or without) a separation engine answers it; targets es, voice-over as given. */
function renderStudio(voiceSeparation: boolean, voiceOver: boolean) {
  useCapabilitiesStore.setState({
    languages: null,
    speechDetection: true,
    voiceCloning: false,
    voiceSeparation,
    reading: Promise.resolve(),
  });
  useStudioStore.getState().updateConfig('media', { source: 'en', targets: ['es'], voiceOver });
  render(
    <I18nProvider i18n={i18n}>
      <ConfigCard kind="media" signedIn onSubmitted={() => undefined} />
    </I18nProvider>,
  );
}

describe('remove the original speech in the studio', () => {
  it('is offered with a voice-over when the server separates voices, and goes into the request', () => {
    renderStudio(true, true);
    const box = screen.getByTestId('remove-speech');
    expect(screen.getByText('Remove the original speech')).toBeTruthy();
    expect(screen.getByText(/original voices taken out/)).toBeTruthy();
    fireEvent.click(box);
    const config = useStudioStore.getState().config.media;
    expect(config.removeSpeech).toBe(true);
    expect(buildRequest('media', config, 'https://x.test/f.mp4')).toMatchObject({ remove_original_speech: true });
    // Without the voice-over nothing of it is sent.
    expect(
      buildRequest('media', { ...config, voiceOver: false, subtitles: true }, 'https://x.test/f.mp4'),
    ).not.toHaveProperty('remove_original_speech');
  });

  it('is not offered without a separation engine, nor without a voice-over', () => {
    renderStudio(false, true);
    expect(screen.queryByTestId('remove-speech')).toBeNull();
    cleanup();
    renderStudio(true, false);
    expect(screen.queryByTestId('remove-speech')).toBeNull();
  });

  it('is in Arabic for an Arabic user', async () => {
    await activateLocale('ar', { persist: false });
    renderStudio(true, true);
    expect(screen.getByText('إزالة الكلام الأصلي')).toBeTruthy();
    await activateLocale('en', { persist: false });
  });
});
