/**
 * The glossary (issue 20 item 4) in Chromium against the real server and engines: a term is added in Settings
 * ("country" -> "nación" in Spanish), jfk.mp4 ("ask not what your country can do for you") is subtitled into
 * Spanish, and the editor shows "nación" where Apertium would say "país"; a cue whose term is then lost gets the
 * glossary flag (an icon and a sentence) once saved.
 */
import { test, expect } from '@playwright/test';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

test('add a term in Settings, run a job, see it and its flag in the editor', async ({ page, request }) => {
  await signInFresh(page, request, 'glossary');
  await page.goto('/settings');
  const glossary = page.getByTestId('glossary');
  await glossary.getByLabel('Term').fill('country');
  await glossary.getByLabel('Written in').selectOption('en');
  await glossary.getByLabel('In', { exact: true }).selectOption('es');
  await glossary.getByLabel('Translation').fill('nación');
  await glossary.getByRole('button', { name: 'Add term' }).click();
  await expect(glossary.getByTestId('glossary-row')).toHaveCount(1);
  await expect(glossary.getByTestId('glossary-row')).toContainText('country');
  await expect(glossary.getByTestId('glossary-row')).toContainText('Spanish: nación');

  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await configureSpanish(page, false);
  await page.getByRole('button', { name: 'Start Processing' }).click();
  const row = page.getByTestId('job-row').first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 5_000 });
  }).toPass({ timeout: 180_000, intervals: [3_000] });
  await row.getByTestId('edit-job').click();
  await expect(page).toHaveURL(/\/jobs\/[^/]+\/edit$/);

  const spanish = page.locator('[data-testid="cue-text"][data-track="es"]');
  await expect(spanish.first()).toBeVisible();
  const texts = (await spanish.evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value))).join(' ');
  expect(texts).toContain('nación');
  expect(texts).not.toContain('país');
  await expect(page.getByTestId('glossary-flag')).toHaveCount(0);

  // Lose the term in one cue: once saved, that cue carries the flag.
  const index = (await spanish.evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value))).findIndex((s) =>
    s.includes('nación'),
  );
  const cue = spanish.nth(index);
  await cue.fill((await cue.inputValue()).replace('nación', 'país'));
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });
  const flag = page.getByTestId('glossary-flag').first();
  await expect(flag).toBeVisible({ timeout: 10_000 });
  await expect(flag).toContainText('Glossary: “country” should be “nación” here');
});
