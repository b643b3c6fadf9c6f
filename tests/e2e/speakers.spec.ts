/**
 * Speakers in the editor (issue 19 item 4) in Chromium against the real server and engines: a two-person video
 * (LJ Speech, a woman, and JFK, a man, taking turns on a still frame, made here with ffmpeg) dubbed into Spanish;
 * its editor shows two speaker colours; the first speaker is renamed and given another voice; the re-dub
 * synthesises exactly that speaker's segments again (`dub_segments.es.segments_synthesized`); the Arabic editor is
 * screenshotted under test-results/e2e/<test>/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { segmentsFromCues } from '../../server/src/media/dub-segments.ts';
import { configureSpanish, signInFresh } from './helpers.ts';
import { makeTwoPeopleVideo } from '../server/helpers/two-people-video.ts';

test('two speakers: colours, rename, a new voice, a re-dub of that speaker only; Arabic screenshot', async ({
  page,
  request,
}, testInfo) => {
  await signInFresh(page, request, 'speakers');
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

  // Two speakers, two colours, on the panel and on the cue list.
  const colours = page.getByTestId('speaker-colour');
  await expect(colours).toHaveCount(2);
  const hues = await colours.evaluateAll((els) => els.map((e) => e.getAttribute('data-colour')));
  expect(new Set(hues).size).toBe(2);
  const rowSpeakers = await page
    .getByTestId('cue-row')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-speaker')));
  expect(new Set(rowSpeakers)).toEqual(new Set(['S1', 'S2']));

  // Rename the first speaker and give it another voice; the editor saves both.
  const first = page.locator('[data-testid="speaker-item"][data-speaker="S1"]');
  await first.getByTestId('speaker-name').fill('Maria');
  const voice = first.getByTestId('speaker-voice');
  const was = await voice.inputValue();
  const options = await voice.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  const other = page.locator('[data-testid="speaker-item"][data-speaker="S2"]').getByTestId('speaker-voice');
  const taken = await other.inputValue();
  const next = options.find((o) => o !== was && o.split('@')[0] !== taken.split('@')[0] && !o.includes('@'))!;
  await voice.selectOption(next);
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });
  await expect(page.locator('select[data-testid="cue-speaker"] option[value="S1"]').first()).toHaveText('Maria');

  // The tracks as saved: Maria's segments are the ones to voice again.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const auth = { authorization: `Bearer ${token}` };
  const tracks = await (await request.get(`/v1/jobs/${jobId}/tracks`, { headers: auth })).json();
  expect(tracks.speakers.find((s: { id: string }) => s.id === 'S1')).toMatchObject({
    name: 'Maria',
    voices: { es: next },
  });
  const cues = (tracks.targets.es.cues as { start: number; end: number; text: string; speaker: string }[]).map((c) => ({
    start: c.start,
    end: c.end,
    lines: c.text.split('\n'),
    speaker: c.speaker,
  }));
  const segments = segmentsFromCues(cues, ' ');
  const maria = segments.filter((s) => s.speaker === 'S1').length;
  expect(maria).toBeGreaterThan(0);
  expect(maria).toBeLessThan(segments.length);

  await page.getByTestId('redub').click();
  await page.getByTestId('redub-confirm').click();
  await expect(async () => {
    const job = await (await request.get(`/v1/jobs/${jobId}`, { headers: auth })).json();
    expect(job.status).toBe('completed');
    expect(job.dub_segments?.es?.segments_synthesized).toBe(maria);
  }).toPass({ timeout: 120_000, intervals: [2_000] });

  // The Arabic editor, for the record.
  await page.evaluate(() => localStorage.setItem('tarjama.language', 'ar'));
  await page.goto(editUrl);
  await expect(page.getByTestId('speaker-panel')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: testInfo.outputPath('speakers-ar.png'), fullPage: true });
});
