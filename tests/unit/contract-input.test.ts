// Issue 24, LOW: the contract refuses a subtitle style sent as a list and a cue holding a lone UTF-16 surrogate
// (which no database can store), with messages the web translates.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TranslateJobRequest } from '../../contract/jobs.ts';
import { SaveTracksRequest } from '../../contract/tracks.ts';

const job = { media_url: 'x', source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] };

describe('contract input', () => {
  it('refuses subtitle_style: [1, 2] and keeps a real style', () => {
    expect(v.safeParse(TranslateJobRequest, { ...job, subtitle_style: [1, 2] }).success).toBe(false);
    const ok = v.safeParse(TranslateJobRequest, { ...job, subtitle_style: { font_size: 40 } });
    expect(ok.success && ok.output.subtitle_style).toMatchObject({ font_size: 40, position: 'bottom' });
  });

  it('refuses a cue holding a lone surrogate, keeps one holding an emoji (a surrogate pair)', () => {
    const save = (text: string) =>
      v.safeParse(SaveTracksRequest, { revision: 1, targets: { es: { cues: [{ id: 'a', start: 0, end: 1, text }] } } });
    const broken = save(JSON.parse('"Hola \\ud800"') as string);
    expect(broken.success).toBe(false);
    expect(broken.issues?.[0].message).toBe('The text holds a broken character.');
    expect(save('Hola 😀').success).toBe(true);
  });
});
