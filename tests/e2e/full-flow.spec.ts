/**
 * The acceptance flow of issue 6, as a new user does it in Chromium against the real server: sign up, read the
 * code from the outbox, verify, sign in, upload jfk.mp4, start a Spanish subtitle + voice-over job, see it
 * complete, preview it, download the SRT, VTT and MP3.
 */
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { chooseVideo, configureSpanish, newEmail, PASSWORD, readCode } from './helpers.ts';

test('sign up, verify, sign in, upload, translate to Spanish, preview and download', async ({ page, context }) => {
  const email = newEmail('flow');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('your audience');
  await page.getByRole('link', { name: 'Sign In' }).first().click();

  // Sign up with the live password checklist.
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.locator('#signup-password').fill('short');
  await expect(page.locator('.password-checklist li[data-ok="false"]')).toHaveCount(3);
  await page.locator('#signup-password').fill(PASSWORD);
  await expect(page.locator('.password-checklist li[data-ok="true"]')).toHaveCount(4);
  await page.locator('#signup-confirm').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account Created!')).toBeVisible();

  // Verify with the code from the outbox.
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const verifyButton = page.getByRole('button', { name: 'Verify Account' });
  await expect(verifyButton).toBeDisabled();
  const code = await readCode(email);
  await page.getByLabel('Digit 1').fill(code);
  await expect(verifyButton).toBeEnabled();
  await verifyButton.click();
  await expect(page.getByText('Your email has been verified. Please sign in to continue.')).toBeVisible();

  // Sign in.
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.locator('#signin-password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');

  // Upload: the real byte percentage, then ready.
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();

  await configureSpanish(page);
  await expect(page.getByTestId('cost-summary')).toContainText('40');
  await page.getByRole('button', { name: 'Start Processing' }).click();
  await expect(page.getByText('Job Submitted Successfully!').first()).toBeVisible();

  // The job completes (the list follows running jobs; Refresh reads it at once).
  const row = page.getByTestId('job-row').first();
  await expect(row).toContainText('jfk.mp4');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 5_000 });
  }).toPass({ timeout: 180_000, intervals: [3_000] });
  await expect(row.getByTestId('job-status')).toHaveText('Completed');

  // Preview: the player with the Spanish subtitle track and the dubbed audio.
  await row.getByRole('button', { name: 'Preview' }).click();
  const video = page.getByTestId('preview-video');
  await expect(video).toBeVisible();
  await expect(video.locator('track[kind="subtitles"]')).toHaveAttribute('srclang', 'es');
  // The dubbed audio plays: either the dubbed MP4 itself or the MP3 in sync over the muted original.
  await expect(video).toHaveAttribute('data-dub', /^(video|audio)$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Close preview' }).click();

  // Downloads with the spec's names.
  for (const [ext, check] of [
    ['srt', (text: string) => expect(text).toMatch(/\d\d:\d\d:\d\d,\d\d\d --> /)],
    ['vtt', (text: string) => expect(text.startsWith('WEBVTT')).toBe(true)],
    ['mp3', (_text: string, size: number) => expect(size).toBeGreaterThan(1000)],
  ] as const) {
    await row.getByRole('button', { name: 'Download' }).click();
    const downloadPromise = page.waitForEvent('download');
    await page.locator(`[role="menuitem"][data-ext="${ext}"]`).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`jfk_es.${ext}`);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    (check as (t: string, s: number) => void)(bytes.toString('utf8'), bytes.length);
  }

  // Finished downloads are kept on the device: the SRT opens again with the network cut.
  await context.setOffline(true);
  await row.getByRole('button', { name: 'Download' }).click();
  const offlinePromise = page.waitForEvent('download');
  await page.locator('[role="menuitem"][data-ext="srt"]').click();
  const offline = await offlinePromise;
  expect(offline.suggestedFilename()).toBe('jfk_es.srt');
  expect(fs.readFileSync(await offline.path(), 'utf8')).toMatch(/ --> /);
  await expect(page.getByText('Download Failed')).toHaveCount(0);
  await context.setOffline(false);
});
