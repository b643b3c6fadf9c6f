// Issue 38 item 4: the editor's speaker merge is one labelled control ("Merge Speaker 1 into [Speaker 2] [Merge]"),
// in English and Arabic, and merging moves the cues.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { TracksResponse } from '../../contract/tracks.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { SpeakerPanel } from '../../src/features/editor/components/speaker-panel.tsx';
import { selectDoc, useEditorStore } from '../../src/features/editor/store.ts';
import { jobOf } from './helpers/api-server.ts';

afterEach(cleanup);
afterAll(() => activateLocale('en', { persist: false }));

const tracks: TracksResponse = {
  revision: 1,
  source: {
    language: 'en',
    cues: [
      { id: 'a', start: 0, end: 2, text: 'Hello there.', speaker: 'S1' },
      { id: 'b', start: 2.5, end: 4, text: 'Hi.', speaker: 'S2' },
    ],
  },
  targets: {},
  speakers: [
    { id: 'S1', name: 'Speaker 1', voices: {} },
    { id: 'S2', name: 'Speaker 2', voices: {} },
  ],
  warnings: {},
};

const panel = () => {
  useEditorStore.getState().load('job-1', tracks);
  return render(
    <I18nProvider i18n={i18n}>
      <SpeakerPanel job={jobOf({ id: 'job-1', status: 'completed' })} />
    </I18nProvider>,
  );
};

describe('the speaker merge control', () => {
  it('has a visible label naming what it does, and merges', async () => {
    await activateLocale('en', { persist: false });
    panel();
    const group = screen.getByRole('group', { name: 'Merge Speaker 1 into' });
    const select = within(group).getByLabelText<HTMLSelectElement>('Merge Speaker 1 into');
    expect(select.tagName).toBe('SELECT');
    // The label is text on the page, not only a name for assistive technology.
    expect(within(group).getByText('Merge Speaker 1 into').tagName).toBe('LABEL');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Speaker 2']);
    fireEvent.click(within(group).getByRole('button', { name: 'Merge' }));
    const doc = selectDoc(useEditorStore.getState())!;
    expect(doc.tracks.source.map((c) => c.speaker)).toEqual(['S2', 'S2']);
  });

  it('reads in Arabic', async () => {
    await activateLocale('ar', { persist: false });
    panel();
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(2);
    for (const g of groups) expect(g.textContent).toMatch(/[\u0600-\u06ff]/);
    expect(within(groups[0]).getByLabelText<HTMLSelectElement>(/المتحدث 1/).tagName).toBe('SELECT');
  }, 20_000);
});
