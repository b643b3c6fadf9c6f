// Issue 38 item 4, the minors a user reads: distinct download names for the dubbed and the subtitled MP4, the
// download menu naming languages (not "ES ·"), audio jobs labelled as audio, a credit pack's billing row in
// Arabic, and a team member's Mine / Team filter.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { Invoice } from '../../contract/billing.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { outputFilesOf } from '../../src/features/jobs/api/jobs.api.ts';
import { DownloadMenu } from '../../src/features/jobs/components/download-menu.tsx';
import { JobRow } from '../../src/features/jobs/components/job-row.tsx';
import { BillingHistoryList } from '../../src/features/billing/components/billing-history-list.tsx';
import { filterJobs } from '../../src/features/jobs/job-scope.ts';
import { jobOf } from './helpers/api-server.ts';
import { describeError } from '../../src/lib/error-text.ts';
import { ownWordsTimes, pastMediaEnd } from '../../contract/own-words.ts';

const ARABIC = /[\u0600-\u06ff]/;
const LATIN = /[A-Za-z]/;

afterEach(cleanup);
afterAll(() => activateLocale('en', { persist: false }));

const dubbedAndBurnt = jobOf({
  id: 'j1',
  original_filename: 'jfk.mp4',
  services_requested: ['subtitle', 'voice_over', 'burned_subtitles'],
  status: 'completed',
  output_files: {
    es: { voice_over: { video_url: 'u-dub' }, subtitle: { burned_url: 'u-burnt' } },
  },
});

describe('downloads', () => {
  it('names the dubbed and the subtitled MP4 apart', () => {
    const mp4 = outputFilesOf(dubbedAndBurnt).filter((f) => f.ext === 'mp4');
    expect(mp4.map((f) => [f.kind, f.filename])).toEqual([
      ['voice_over_mp4', 'jfk_es.mp4'],
      ['subtitled_mp4', 'jfk_es_subtitled.mp4'],
    ]);
  });

  it('names each language in the interface language, in Arabic without Latin codes', async () => {
    await activateLocale('ar', { persist: false });
    render(
      <I18nProvider i18n={i18n}>
        <DownloadMenu job={dubbedAndBurnt} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button'));
    const items = screen.getAllByRole('menuitem');
    expect(items.length).toBe(2);
    for (const item of items) {
      // The file name (Latin, its own line) aside, the entry is Arabic: "الإسبانية · ..." instead of "ES · ...".
      const label = (item.firstChild?.textContent ?? '').trim();
      expect(label).toMatch(ARABIC);
      expect(label).not.toMatch(/\bES\b/);
    }
  }, 20_000); // the first Arabic activation loads its catalog (seconds on a busy machine)
});

describe('job rows', () => {
  const row = (filename: string) =>
    render(
      <I18nProvider i18n={i18n}>
        <ul>
          <JobRow
            job={jobOf({ original_filename: filename, status: 'queued' })}
            busy={false}
            onPreview={() => undefined}
            onRetry={() => undefined}
            onDelete={() => undefined}
          />
        </ul>
      </I18nProvider>,
    );

  it('labels an audio job as audio and a video job as video', async () => {
    await activateLocale('en', { persist: false });
    row('interview.WAV');
    expect(screen.getByTestId('job-kind').textContent).toBe('Audio translation');
    cleanup();
    row('clip.mp4');
    expect(screen.getByTestId('job-kind').textContent).toBe('Video translation');
  });
});

describe('billing history', () => {
  it('words a credit pack in Arabic', async () => {
    await activateLocale('ar', { persist: false });
    const pack: Invoice = {
      id: 'test_pack',
      description: '100 credits (pay-as-you-go)',
      date: '2026-11-23T10:00:00.000Z',
      amount: 10,
      currency: 'usd',
      invoice_pdf: null,
      kind: 'credit_pack',
      plan: null,
      period_start: null,
      period_end: null,
      test_mode: false,
      credits: 100,
    };
    render(
      <I18nProvider i18n={i18n}>
        <BillingHistoryList invoices={[pack]} loading={false} />
      </I18nProvider>,
    );
    const text = screen.getByTestId('invoice-row').textContent ?? '';
    expect(text).toMatch(ARABIC);
    expect(text).toContain('100');
    expect(text).not.toMatch(LATIN);
  });
});

describe('a team member’s job filter', () => {
  const me = { user_id: 'me', email: 'me@example.com', full_name: '' };
  const other = { user_id: 'other', email: 'o@example.com', full_name: '' };
  const jobs = [
    { id: 'own', scope: 'personal' as const, started_by: undefined },
    { id: 'mine-for-team', scope: 'team' as const, started_by: me },
    { id: 'theirs', scope: 'team' as const, started_by: other },
  ];
  it('Mine keeps the own jobs and the team jobs the member started; Team the team’s', () => {
    expect(filterJobs(jobs, 'all', 'me').map((j) => j.id)).toEqual(['own', 'mine-for-team', 'theirs']);
    expect(filterJobs(jobs, 'mine', 'me').map((j) => j.id)).toEqual(['own', 'mine-for-team']);
    expect(filterJobs(jobs, 'team', 'me').map((j) => j.id)).toEqual(['mine-for-team', 'theirs']);
  });
});

describe('glossary CSV errors', () => {
  it('name the line and the column, in both languages', async () => {
    const info = {
      code: 'GLOSSARY_CSV_INVALID' as const,
      status: 400,
      details: { line: 3, column: 'source_language' },
    };
    await activateLocale('en', { persist: false });
    expect(describeError(info, i18n)).toContain('line 3, column source_language');
    await activateLocale('ar', { persist: false });
    const ar = describeError(info, i18n);
    expect(ar).toMatch(ARABIC);
    expect(ar).toContain('3');
    expect(ar).toContain('source_language');
  });
});

describe('own subtitles against the media’s length', () => {
  const srt = '1\n00:00:00,500 --> 00:00:03,000\nHello.\n\n2\n00:00:10,000 --> 00:00:11,400\nBye.\n';
  it('reads the latest cue times of an .srt and a .vtt, none of a transcript', () => {
    expect(ownWordsTimes(srt, 'srt')).toEqual({ lastStart: 10, lastEnd: 11.4 });
    expect(ownWordsTimes('WEBVTT\n\n00:05.000 --> 01:02.250\nHi\n', 'VTT')).toEqual({ lastStart: 5, lastEnd: 62.25 });
    expect(ownWordsTimes('Hello there.', 'txt')).toBeNull();
  });
  it('flags cues past the end as the server does (0.5 s tolerance)', () => {
    const times = ownWordsTimes(srt, 'srt')!;
    expect(pastMediaEnd(times, 11)).toBe(false); // ends 0.4 s after: trimmed by the server
    expect(pastMediaEnd(times, 10.8)).toBe(true);
    expect(pastMediaEnd(times, 10)).toBe(true); // the last cue starts at the end
  });
});
