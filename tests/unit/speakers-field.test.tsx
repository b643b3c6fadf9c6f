// Issue 19 in the studio: the configuration card's "Speakers" choice (Auto, 1 … 8, in English and Arabic) and the
// request's `num_speakers` (left out on Auto).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { buildRequest, DEFAULT_CONFIG } from '../../src/features/studio/schemas.ts';
import { SpeakersField } from '../../src/features/studio/components/speakers-field.tsx';

afterEach(() => cleanup());

function Field({ onValue }: { onValue: (n: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <I18nProvider i18n={i18n}>
      <SpeakersField
        value={value}
        onChange={(n) => {
          setValue(n);
          onValue(n);
        }}
      />
    </I18nProvider>
  );
}

describe('the Speakers choice', () => {
  it('offers Auto then 1 … 8, Auto first, and reports the number chosen', async () => {
    await activateLocale('en', { persist: false });
    const seen: (number | null)[] = [];
    render(<Field onValue={(n) => seen.push(n)} />);
    const select = screen.getByTestId<HTMLSelectElement>('num-speakers');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Auto', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(select.value).toBe('auto');
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.change(select, { target: { value: 'auto' } });
    expect(seen).toEqual([3, null]);
  });

  it('is in Arabic for an Arabic user', async () => {
    await activateLocale('ar', { persist: false });
    render(<Field onValue={() => undefined} />);
    expect(screen.getByText('المتحدثون')).toBeTruthy();
    expect(screen.getByTestId<HTMLSelectElement>('num-speakers').options[0].textContent).toBe('تلقائي');
    await activateLocale('en', { persist: false });
  });

  it('sends num_speakers only when a number is chosen', () => {
    const config = { ...DEFAULT_CONFIG, targets: ['es'] };
    expect(buildRequest('media', config, 'https://x.test/f.mp4')).not.toHaveProperty('num_speakers');
    expect(buildRequest('media', { ...config, speakers: 2 }, 'https://x.test/f.mp4')).toMatchObject({
      num_speakers: 2,
    });
  });
});
