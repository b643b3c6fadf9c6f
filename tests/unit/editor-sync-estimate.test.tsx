// Issue 36: a dubbed line the user makes much longer reads "To be checked" with its estimated status at once, as
// they type (no save, no re-dub), the track's counts follow with the lines to check, and Shorten is offered; put
// back as dubbed, the line reads what the dub measured again. In English and Arabic.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { TracksResponse } from '../../contract/tracks.ts';
import type { SegmentSync } from '../../contract/sync.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { CueList } from '../../src/features/editor/components/cue-list.tsx';
import { selectDoc, useEditorStore } from '../../src/features/editor/store.ts';
import { useSyncStore } from '../../src/features/editor/sync.ts';

afterEach(cleanup);
// jsdom has no CSS.escape (the list finds the selected row with it); the ids here need no escaping.
globalThis.CSS ??= { escape: (s: string) => s } as unknown as typeof CSS;
afterAll(() => activateLocale('en', { persist: false }));

/** A dub segment as the last dub measured it (natural pace). */
const measured = (start: number, end: number, chars: number): SegmentSync => ({
  slot_start: start,
  slot_end: end,
  natural_length: chars / 15,
  speed: 1,
  borrowed: 0,
  status: 'natural',
  chars,
  shorter_by: 0,
  budget: Math.floor((end - start) * 15 * 1.15),
});

/** A dubbed job: two Spanish lines, each its own sentence, voiced at 15 characters a second. */
const tracks: TracksResponse = {
  revision: 3,
  source: {
    language: 'en',
    cues: [
      { id: 's1', start: 0, end: 1, text: 'Hello.' },
      { id: 's2', start: 1.5, end: 3, text: 'Goodbye.' },
    ],
  },
  targets: {
    es: {
      cues: [
        { id: 'e1', start: 0, end: 1, text: 'Hola.' },
        { id: 'e2', start: 1.5, end: 3, text: 'Adiós.' },
      ],
      sync: {
        cues: { e1: measured(0, 1, 5), e2: measured(1.5, 3, 6) },
        summary: { natural: 2, ok: 0, fast: 0, overflow: 0, to_check: 0 },
        chars_per_second: 15,
      },
    },
  },
  warnings: {},
};

/** 66 characters in the 1.0 s slot: 4.4 s at 15 characters a second. */
const LONG = 'Y por eso, queridos compatriotas, les pido ya mucho más que nunca.';

const open = () => {
  useSyncStore.setState({ rephrase: true });
  useEditorStore.getState().load('job-1', tracks);
  useEditorStore.getState().setTimingTrack('es');
  useSyncStore.getState().load('job-1', tracks);
  const List = () => {
    const doc = useEditorStore(selectDoc)!;
    return <CueList doc={doc} seek={() => undefined} />;
  };
  return render(
    <I18nProvider i18n={i18n}>
      <List />
    </I18nProvider>,
  );
};

const targetBox = (id: string) =>
  screen.getAllByTestId('cue-text').find((b) => b.dataset.track === 'es' && b.dataset.cueId === id)!;
const markOf = (id: string) => within(targetBox(id).closest('[data-column="target"]') as HTMLElement);

describe('the sync of a line typed longer than its dub', () => {
  it('reads "To be checked" with its estimated status at once, and the counts follow', async () => {
    await activateLocale('en', { persist: false });
    open();
    expect(markOf('e1').getByTestId('cue-sync').textContent).toContain('Natural pace');
    expect(screen.getByTestId('sync-summary').textContent).toContain('Natural pace: 2');
    expect(screen.queryByTestId('sync-to-check')).toBeNull();

    fireEvent.focus(targetBox('e1'));
    fireEvent.change(targetBox('e1'), { target: { value: LONG } });

    const mark = markOf('e1').getByTestId('cue-sync');
    expect(mark.textContent).toContain('To be checked: does not fit');
    expect(mark.textContent).not.toContain('Natural pace');
    expect(mark.dataset.status).toBe('overflow');
    // 66 characters, 17 fit (1.0 s x 15/s x 1.15 = 17.25).
    expect(markOf('e1').getByTestId('cue-sync-needs').textContent).toBe('About 49 characters shorter to sound natural');
    expect(markOf('e1').getByRole('button', { name: 'Shorten' })).toBeTruthy();
    // The other line keeps what the dub measured.
    expect(markOf('e2').getByTestId('cue-sync').textContent).toContain('Natural pace');
    const summary = screen.getByTestId('sync-summary').textContent;
    expect(summary).toContain('Natural pace: 1');
    expect(summary).toContain('Does not fit: 1');
    expect(screen.getByTestId('sync-to-check').textContent).toContain('1 line to be checked');
    // Nothing was saved for it: the editor estimated on its own.
    expect(useEditorStore.getState().save).toBe('pending');

    fireEvent.change(targetBox('e1'), { target: { value: 'Hola.' } });
    expect(markOf('e1').getByTestId('cue-sync').textContent).toContain('Natural pace');
    expect(markOf('e1').getByTestId('cue-sync').dataset.estimated).toBeUndefined();
    expect(screen.queryByTestId('sync-to-check')).toBeNull();
  }, 20_000); // the first render loads the catalog and the list (seconds on a busy machine)

  it('says it in Arabic', async () => {
    await activateLocale('ar', { persist: false });
    open();
    fireEvent.change(targetBox('e1'), { target: { value: LONG } });
    const text = markOf('e1').getByTestId('cue-sync').textContent ?? '';
    expect(text).toMatch(/[\u0600-\u06ff]/);
    expect(text).not.toMatch(/To be checked/);
    expect(screen.getByTestId('sync-to-check').textContent).toMatch(/[\u0600-\u06ff]/);
  }, 20_000);
});
