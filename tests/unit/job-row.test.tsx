// A job row as users read it: every stage, status and output kind labelled in both languages, the job's notes
// translated with the language they name, and a failure worded by its error code (not the server's sentence).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { JOB_STAGES, JOB_STATUSES, OUTPUT_KINDS, type JobResponse } from '../../contract/jobs.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { OUTPUT_LABELS, STAGE_LABELS, STATUS_BADGES } from '../../src/features/jobs/labels.ts';
import { JobRow } from '../../src/features/jobs/components/job-row.tsx';
import { jobOf } from './helpers/api-server.ts';

const ARABIC = /[\u0600-\u06ff]/;
const LATIN_WORD = /[A-Za-z]{3,}/;

afterEach(cleanup);
afterAll(() => activateLocale('en', { persist: false }));

const row = (job: JobResponse) =>
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

describe('job labels', () => {
  it('label every stage, status and output kind in Arabic', async () => {
    await activateLocale('ar', { persist: false });
    for (const stage of JOB_STAGES) expect(i18n._(STAGE_LABELS[stage]), stage).toMatch(ARABIC);
    for (const status of JOB_STATUSES) expect(i18n._(STATUS_BADGES[status].label), status).toMatch(ARABIC);
    for (const kind of OUTPUT_KINDS) expect(i18n._(OUTPUT_LABELS[kind]), kind).toMatch(ARABIC);
  });

  it('show a running document job in the Arabic UI with Arabic words only', async () => {
    await activateLocale('ar', { persist: false });
    for (const stage of ['fetching', 'translating', 'storing'] as const) {
      row(
        jobOf({
          job_type: 'document_translation',
          services_requested: ['document'],
          original_filename: '',
          status: 'processing',
          progress: 40,
          stage,
        }),
      );
      const text = screen.getByTestId('job-row').textContent ?? '';
      expect(text).toContain(i18n._(STAGE_LABELS[stage]));
      expect(text, stage).not.toMatch(LATIN_WORD);
      cleanup();
    }
  });
});

describe('job notes and failures', () => {
  it("show the assumed source language in the user's language", async () => {
    const note = {
      code: 'LANGUAGE_ASSUMED' as const,
      text: 'The source language was assumed to be English (en): the speech engine (pocketsphinx) cannot detect the language.',
      params: { language: 'en' },
    };
    await activateLocale('en', { persist: false });
    row(jobOf({ status: 'completed', notes: [note] }));
    expect(screen.getByTestId('job-notes').textContent).toBe(
      'The source language was assumed to be English: the speech service cannot detect the language.',
    );
    cleanup();
    await activateLocale('ar', { persist: false });
    row(
      jobOf({
        status: 'completed',
        notes: [note, { code: 'LANGUAGE_DETECTED', text: 'x', params: { language: 'fr' } }],
      }),
    );
    const notes = screen.getByTestId('job-notes').textContent ?? '';
    expect(notes).toContain('الإنجليزية');
    expect(notes).toContain('الفرنسية');
    expect(notes).not.toMatch(/pocketsphinx|English|engine/);
  });

  it('word a failure by its error code, not by the server sentence', async () => {
    await activateLocale('ar', { persist: false });
    row(
      jobOf({
        status: 'failed',
        error_code: 'NO_SPEECH',
        error: 'No speech was recognised in the audio (English (en)).',
      }),
    );
    const error = screen.getByTestId('job-error');
    expect(error.getAttribute('data-code')).toBe('NO_SPEECH');
    expect(error.textContent).toBe('لم يُتعرّف على أي كلام في الصوت.');
    cleanup();
    row(jobOf({ status: 'failed', error_code: null, error: 'Something broke' }));
    expect(screen.getByTestId('job-error').textContent).toBe('تعذّر إكمال هذه المهمة.');
  });
});

// The job list says how many cues the quality check asks a human to look at (issue 37), in English and Arabic,
// linking to the editor; nothing when none or before the check ran.
describe('N to review in the job list', () => {
  const done = (over: Partial<JobResponse>) => row(jobOf({ status: 'completed', ...over }));

  it('shows the count as a link to the editor', async () => {
    await activateLocale('en', { persist: false });
    done({ id: 'j7', to_review: 7 });
    const badge = screen.getByTestId('to-review');
    expect(badge.textContent).toBe('7 to review');
    expect(badge.getAttribute('href')).toBe('/jobs/j7/edit');
  });

  it('says nothing when no cue needs a human, or before the check ran', async () => {
    await activateLocale('en', { persist: false });
    done({ to_review: 0 });
    expect(screen.queryByTestId('to-review')).toBeNull();
    cleanup();
    done({});
    expect(screen.queryByTestId('to-review')).toBeNull();
  });

  it('in Arabic, with its plural forms', async () => {
    await activateLocale('ar', { persist: false });
    done({ to_review: 1 });
    expect(screen.getByTestId('to-review').textContent).toBe('سطر واحد للمراجعة');
    cleanup();
    done({ to_review: 3 });
    expect(screen.getByTestId('to-review').textContent).toBe('3 أسطر للمراجعة');
  });
});
