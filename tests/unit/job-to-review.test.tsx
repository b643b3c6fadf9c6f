// The job list says how many cues the quality check asks a human to look at (issue 37), in English and Arabic,
// linking to the editor; nothing when none or before the check ran.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { JobRow } from '../../src/features/jobs/components/job-row.tsx';
import { jobOf } from './helpers/api-server.ts';

beforeEach(() => activateLocale('en', { persist: false }));
afterEach(async () => {
  cleanup();
  await activateLocale('en', { persist: false });
});

function row(over: Parameters<typeof jobOf>[0]) {
  render(
    <I18nProvider i18n={i18n}>
      <ul>
        <JobRow
          job={jobOf({ status: 'completed', ...over })}
          busy={false}
          onPreview={() => undefined}
          onRetry={() => undefined}
          onDelete={() => undefined}
        />
      </ul>
    </I18nProvider>,
  );
}

describe('N to review in the job list', () => {
  it('shows the count as a link to the editor', () => {
    row({ id: 'j7', to_review: 7 });
    const badge = screen.getByTestId('to-review');
    expect(badge.textContent).toBe('7 to review');
    expect(badge.getAttribute('href')).toBe('/jobs/j7/edit');
  });

  it('says nothing when no cue needs a human, or before the check ran', () => {
    row({ to_review: 0 });
    expect(screen.queryByTestId('to-review')).toBeNull();
    cleanup();
    row({});
    expect(screen.queryByTestId('to-review')).toBeNull();
  });

  it('in Arabic, with its plural forms', async () => {
    await activateLocale('ar', { persist: false });
    row({ to_review: 1 });
    expect(screen.getByTestId('to-review').textContent).toBe('سطر واحد للمراجعة');
    cleanup();
    row({ to_review: 3 });
    expect(screen.getByTestId('to-review').textContent).toBe('3 أسطر للمراجعة');
  });
});
