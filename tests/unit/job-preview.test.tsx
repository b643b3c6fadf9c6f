// A finished media job as a user opens it from the history, against the local test API: the preview plays the
// source through its signed address (the API path needs the token a <video> cannot send), says plainly when it
// cannot play offline, the source transcript reads in a dialog in both languages, and an offline download of a
// file never saved on the device says so instead of opening a dead tab (issue 15 items 8 and 10).
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { JobResponse } from '../../contract/jobs.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { configureApiClient } from '../../src/lib/api-client.ts';
import { useToastStore } from '../../src/components/toast/toast-store.ts';
import { PreviewDialog } from '../../src/features/jobs/components/preview-dialog.tsx';
import { JobRow } from '../../src/features/jobs/components/job-row.tsx';
import { jobOf, routeFetchTo, startFakeApi, type FakeApi } from './helpers/api-server.ts';

const ARABIC = /[\u0600-\u06ff]/;

// jsdom has no object URLs; the browser's turn a Blob into a `blob:` address the player reads.
const objectUrls: Blob[] = [];
const setOnline = (online: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

describe('a finished media job', () => {
  let api: FakeApi;
  let restore: () => void;
  let job: JobResponse;
  beforeEach(async () => {
    api = await startFakeApi();
    restore = routeFetchTo(api);
    configureApiClient({ getToken: () => api.token, onUnauthorized: () => undefined });
    URL.createObjectURL = (blob: Blob) => `blob:test/${objectUrls.push(blob)}`;
    URL.revokeObjectURL = () => undefined;
    setOnline(true);
    job = jobOf({
      status: 'completed',
      source_file_url: '/v1/uploads/u1/file',
      output_files: {
        es: { subtitle: { vtt_url: `${api.base}/files/es.vtt?sig=s`, srt_url: `${api.base}/files/es.srt?sig=s` } },
      },
    });
    api.jobs = [job];
    await activateLocale('en', { persist: false });
  });
  afterEach(async () => {
    cleanup();
    setOnline(true);
    restore();
    await api.close();
    useToastStore.setState({ toasts: [] });
  });
  afterAll(() => activateLocale('en', { persist: false }));

  const preview = () =>
    render(
      <I18nProvider i18n={i18n}>
        <PreviewDialog job={job} onClose={() => undefined} />
      </I18nProvider>,
    );
  const row = () =>
    render(
      <I18nProvider i18n={i18n}>
        <ul>
          <JobRow
            job={job}
            busy={false}
            onPreview={() => undefined}
            onRetry={() => undefined}
            onDelete={() => undefined}
          />
        </ul>
      </I18nProvider>,
    );

  it('previews the source through its signed address, with the subtitles read into the player', async () => {
    preview();
    const video = await screen.findByTestId('preview-video');
    expect(video.querySelector('source')?.getAttribute('src')).toBe(`${api.base}/files/u1?sig=signed`);
    const track = video.querySelector('track');
    expect(track?.getAttribute('srclang')).toBe('es');
    expect(track?.getAttribute('src')).toMatch(/^blob:/);
    // The HEAD asked for the file with the bearer token; the player never gets the bare API path.
    expect(api.requests.find((r) => r.url === '/v1/uploads/u1/file')).toMatchObject({
      method: 'HEAD',
      auth: `Bearer ${api.token}`,
    });
  });

  it('says the video is not on this device when it is offline, in both languages', async () => {
    await api.stop();
    setOnline(false);
    preview();
    expect((await screen.findByTestId('preview-offline')).textContent).toMatch(/You are offline/);
    expect(screen.queryByTestId('preview-video')).toBeNull();
    cleanup();
    await activateLocale('ar', { persist: false });
    preview();
    expect((await screen.findByTestId('preview-offline')).textContent).toMatch(ARABIC);
  });

  it('shows the source transcript, each cue in its own direction, in English and Arabic', async () => {
    api.tracks.job1 = {
      revision: 2,
      source: {
        language: 'ar',
        cues: [
          { id: 'a', start: 0, end: 2.5, text: 'مرحبا بكم' },
          { id: 'b', start: 65.2, end: 67, text: 'شكرا لكم\nعلى الاستماع' },
        ],
      },
      targets: { es: { cues: [] } },
      warnings: {},
    };
    row();
    fireEvent.click(screen.getByRole('button', { name: 'Transcript' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transcript: talk.mp4' });
    await waitFor(() => expect(dialog.querySelectorAll('.transcript-cue')).toHaveLength(2));
    const texts = [...dialog.querySelectorAll('.transcript-text')];
    expect(texts.map((p) => p.textContent)).toEqual(['مرحبا بكم', 'شكرا لكم\nعلى الاستماع']);
    expect(texts.every((p) => p.getAttribute('dir') === 'auto')).toBe(true);
    expect([...dialog.querySelectorAll('time')].map((t) => t.textContent)).toEqual(['0:00', '1:05']);
    expect(dialog.textContent).toContain('Spoken language: Arabic');
    fireEvent.click(screen.getByRole('button', { name: 'Close transcript' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    await activateLocale('ar', { persist: false });
    row();
    fireEvent.click(screen.getByTestId('show-transcript'));
    const arabic = await screen.findByRole('dialog');
    await waitFor(() => expect(arabic.querySelectorAll('.transcript-cue')).toHaveLength(2));
    const title = arabic.querySelector('.dialog-title')?.textContent ?? '';
    expect(title).toMatch(ARABIC);
    expect(title.replace('talk.mp4', '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says why the transcript cannot be read (not ready yet, server out of reach) in words, not codes', async () => {
    row();
    fireEvent.click(screen.getByRole('button', { name: 'Transcript' }));
    const problem = await screen.findByTestId('transcript-problem');
    expect(problem.textContent).not.toMatch(/TRACKS_NOT_READY/);
    expect(problem.textContent?.length).toBeGreaterThan(10);
    cleanup();
    await api.stop();
    row();
    fireEvent.click(screen.getByRole('button', { name: 'Transcript' }));
    expect((await screen.findByTestId('transcript-problem')).textContent).toMatch(/could not be reached/);
  });

  it('offline, a download never saved on this device says so and opens no dead tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await api.stop();
    setOnline(false);
    row();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /SRT/ }));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.title).toBe('You are offline'));
    expect(useToastStore.getState().toasts.at(-1)?.description).toMatch(/not saved on this device/);
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
