/**
 * Issue 38, must show: adding a speaker in the editor and re-dubbing gives that speaker a voice of its own, in
 * Chromium against the real server and engines. A two-person video (two-people-video.ts: a woman, a man, the
 * woman again) dubbed into Spanish; in its editor the user ticks the cues of the woman's second turn and makes
 * them a new speaker: a third colour, "Speaker 3", a voice neither other speaker has, saved with the revision. The
 * re-dub synthesises exactly that speaker's segments again, and the job reports them in that voice. The Arabic
 * editor is screenshotted under test-results/e2e/<test>/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { segmentsFromCues } from '../../server/src/media/dub-segments.ts';
import { configureSpanish, signInFresh } from './helpers.ts';
import { makeTwoPeopleVideo } from '../server/helpers/two-people-video.ts';

/** A voice without espeak-ng's pitch (`espeak-ng:es+f2@40` -> `espeak-ng:es+f2`). */
const base = (voice: string) => voice.replace(/@\d{1,2}$/, '');

test('a new speaker from ticked cues gets its own colour and voice, and the re-dub voices it', async ({
  page,
  request,
}, testInfo) => {
  await signInFresh(page, request, 'speaker-new');
  await page.goto('/studio');
  const video = await makeTwoPeopleVideo();
  await page.getByTestId('media-drop-input').setInputFiles(video);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  fs.rmSync(path.dirname(video), { recursive: true, force: true });
  await configureSpanish(page, true);
  await page.getByRole('button', { name: 'Start Processing' }).click();
  const row = page.getByTestId('job-row').first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 5_000 });
  }).toPass({ timeout: 200_000, intervals: [3_000] });
  await row.getByTestId('edit-job').click();
  await expect(page).toHaveURL(/\/jobs\/([^/]+)\/edit$/);
  const jobId = /\/jobs\/([^/]+)\/edit$/.exec(page.url())![1];
  const editUrl = page.url();
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const auth = { authorization: `Bearer ${token}` };
  const first = (await (await request.get(`/v1/jobs/${jobId}`, { headers: auth })).json()).dub_segments.es;

  // The woman's second turn: her rows after the man's last one.
  const rows = page.getByTestId('cue-row');
  await expect(page.getByTestId('speaker-colour')).toHaveCount(2);
  const speakers = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-speaker')));
  const lastS2 = speakers.lastIndexOf('S2');
  const turn = speakers.flatMap((s, i) => (i > lastS2 && s === 'S1' ? [i] : []));
  expect(turn.length).toBeGreaterThan(0);
  for (const i of turn) await rows.nth(i).getByTestId('cue-pick').check();
  await page.getByTestId('speaker-new').click();

  // A third speaker: its own colour, "Speaker 3", a voice neither other speaker has; the ticked rows are its.
  const colours = page.getByTestId('speaker-colour');
  await expect(colours).toHaveCount(3);
  const hues = await colours.evaluateAll((els) => els.map((e) => e.getAttribute('data-colour')));
  expect(new Set(hues).size).toBe(3);
  const added = page.locator('[data-testid="speaker-item"][data-speaker="S3"]');
  await expect(added.getByTestId('speaker-name')).toHaveValue('Speaker 3');
  const voiceOf = (id: string) =>
    page.locator(`[data-testid="speaker-item"][data-speaker="${id}"]`).getByTestId('speaker-voice').inputValue();
  const voice = await voiceOf('S3');
  expect(voice).not.toBe('');
  expect([base(await voiceOf('S1')), base(await voiceOf('S2'))]).not.toContain(base(voice));
  for (const i of turn) await expect(rows.nth(i)).toHaveAttribute('data-speaker', 'S3');
  await expect(rows.nth(turn[0]).getByTestId('cue-pick')).not.toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });

  // Saved with the revision; exactly S3's segments are voiced again.
  const tracks = await (await request.get(`/v1/jobs/${jobId}/tracks`, { headers: auth })).json();
  expect(tracks.speakers.find((s: { id: string }) => s.id === 'S3')).toMatchObject({
    name: 'Speaker 3',
    voices: { es: voice },
  });
  const cues = (tracks.targets.es.cues as { start: number; end: number; text: string; speaker: string }[]).map((c) => ({
    start: c.start,
    end: c.end,
    lines: c.text.split('\n'),
    speaker: c.speaker,
  }));
  const third = segmentsFromCues(cues, ' ').filter((s) => s.speaker === 'S3').length;
  expect(third).toBeGreaterThan(0);

  await page.getByTestId('redub').click();
  await page.getByTestId('redub-confirm').click();
  await expect(async () => {
    const job = await (await request.get(`/v1/jobs/${jobId}`, { headers: auth })).json();
    expect(job.status).toBe('completed');
    expect(job.tracks_revision).toBe(tracks.revision);
    expect(job.dub_segments?.es?.speaker_voices?.S3).toBe(voice);
    expect(job.dub_segments.es.segments_synthesized).toBe(third);
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  const after = (await (await request.get(`/v1/jobs/${jobId}`, { headers: auth })).json()).dub_segments.es;
  expect(after.speaker_voices.S1).toBe(first.speaker_voices.S1);
  expect(after.speaker_voices.S2).toBe(first.speaker_voices.S2);

  // The Arabic editor: the new speaker's default name in Arabic, for the record.
  await page.evaluate(() => localStorage.setItem('tarjama.language', 'ar'));
  await page.goto(editUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-testid="speaker-item"][data-speaker="S3"]').getByTestId('speaker-name')).toHaveValue(
    'المتحدث 3',
  );
  await expect(page.getByTestId('speaker-new')).toHaveText(/متحدث جديد/);
  await page.screenshot({ path: testInfo.outputPath('speaker-new-ar.png'), fullPage: true });
});
