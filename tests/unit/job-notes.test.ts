// What a finished job tells its user in English and Arabic: every note code has its own text in both, and a
// voice-over whose sentences were rushed or cut says how many and how much (issue 26 item 1: nothing dropped
// silently).
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_NOTE_CODES, type JobNote } from '../../contract/jobs.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { noteText } from '../../src/features/jobs/labels.ts';

const ARABIC = /[\u0600-\u06ff]/;
const rushed = (segments: number, cut: number): JobNote => ({
  code: 'VOICE_OVER_RUSHED',
  text: 'server text',
  params: { language: 'es', segments, cut_seconds: cut },
});

afterAll(() => activateLocale('en', { persist: false }));

describe('job notes', () => {
  it('word every note code in English and in Arabic', async () => {
    for (const locale of ['en', 'ar'] as const) {
      await activateLocale(locale, { persist: false });
      for (const code of JOB_NOTE_CODES) {
        const text = noteText({ code, text: 'server text', params: { language: 'es', segments: 2 } }, i18n);
        expect(text).not.toBe('server text');
        if (locale === 'ar') expect(text).toMatch(ARABIC);
      }
    }
  });

  it('say how many voice-over sentences were rushed and how many seconds were cut', async () => {
    await activateLocale('en', { persist: false });
    expect(noteText(rushed(1, 0), i18n)).toBe(
      'Spanish voice-over: 1 sentence was longer than its time and sped up beyond 1.25x. Shorten them in the editor and re-dub.',
    );
    expect(noteText(rushed(3, 2.4), i18n)).toContain('3 sentences were longer than their time and sped up, and 2.4 s');
    expect(noteText(rushed(0, 1.5), i18n)).toContain('its last 1.5 s of voice ran past the end of the media');
    await activateLocale('ar', { persist: false });
    const ar = noteText(rushed(3, 2.4), i18n);
    expect(ar).toMatch(ARABIC);
    expect(ar).toContain('2.4');
    expect(ar).toContain('3');
  });
});
