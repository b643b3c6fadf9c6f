/**
 * Issue 22 items 1, 8 and 10 in the studio: a file removed mid-upload and picked again uploads to the server's new
 * upload (Start is priced and accepted), a transcript attached on the video tab stays off the Documents tab after a
 * reload, and own subtitles too short to identify on Auto-detect are pointed out before Start.
 */
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

test('a file removed at 20% and picked again uploads and starts (item 1)', async ({ page, context, request }) => {
  await signInFresh(page, request, 'repick');
  await page.goto('/studio');
  let patches = 0;
  let holding = true;
  await context.route('**/*', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2 && holding) return; // held: the upload stalls
    return route.fallback();
  });
  await chooseVideo(page);
  await expect.poll(() => patches).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('upload-item')).toContainText(/\d+%/);
  await page.getByTestId('upload-item').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('upload-item')).toHaveCount(0);
  holding = false;

  // The same file again: uploaded to the upload the server made for it, so the price and Start work.
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible({ timeout: 45_000 });
  await configureSpanish(page, false);
  await expect(page.getByTestId('exact-cost')).toBeVisible();
  await page.getByRole('button', { name: 'Start Processing' }).click();
  await expect(page.getByText('Job Submitted Successfully!')).toBeVisible();
  await expect(page.getByText('This file has not finished uploading yet')).toHaveCount(0);
});

test('a transcript attached on the video tab stays off the Documents tab after a reload (item 8)', async ({
  page,
  request,
}, testInfo) => {
  await signInFresh(page, request, 'words-tab');
  const transcript = testInfo.outputPath('jfk-transcript.txt');
  const fs = await import('node:fs');
  fs.mkdirSync(path.dirname(transcript), { recursive: true });
  fs.writeFileSync(transcript, 'And so, my fellow Americans: ask not what your country can do for you.\n');
  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await page.getByTestId('words-file').setInputFiles(transcript);
  await expect(page.locator('.words-file')).toContainText('Ready');

  await page.reload();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByTestId('document-drop')).toBeVisible();
  await expect(page.getByText('jfk-transcript.txt')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start Processing' })).toHaveCount(0);
});

test('own subtitles too short to identify on Auto-detect are pointed out before Start (item 10)', async ({
  page,
  request,
}, testInfo) => {
  await signInFresh(page, request, 'words-short');
  const words = testInfo.outputPath('short.srt');
  const fs = await import('node:fs');
  fs.mkdirSync(path.dirname(words), { recursive: true });
  fs.writeFileSync(
    words,
    '1\n00:00:00,000 --> 00:00:02,000\nAsk not.\n\n2\n00:00:02,500 --> 00:00:04,000\nThank you.\n',
  );
  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await page.locator('label.chip', { hasText: /^Spanish$/ }).click();
  await page.getByTestId('words-file').setInputFiles(words);
  await expect(page.locator('.words-file')).toContainText('Ready');

  // Before Start: the text is too short for Auto-detect, so the user is asked for its language.
  const warning = page.getByTestId('words-too-short');
  await expect(warning).toHaveText(
    'Your subtitles are too short for their language to be identified: choose the source language.',
  );
  const start = page.getByRole('button', { name: 'Start Processing' });
  await expect(start).toBeDisabled();
  await page.getByTestId('source-language').selectOption('en-gb');
  await expect(warning).toHaveCount(0);
  await expect(start).toBeEnabled();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the Arabic voice list is not squeezed beside its language and sample button (item 12)', async ({
    page,
    request,
  }) => {
    await signInFresh(page, request, 'voice-phone', 'ar');
    await page.goto('/studio');
    const dismiss = page.getByRole('button', { name: 'تجاهل' });
    if (
      await dismiss.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      await dismiss.click();
    await chooseVideo(page);
    await expect(page.getByText(/جاهز للمعالجة/)).toBeVisible();
    await configureSpanish(page);
    const voices = page.getByTestId('voice-es');
    await expect(voices).toBeVisible();
    const row = (await page.locator('.voice-row').first().boundingBox())!;
    const select = (await voices.boundingBox())!;
    // The list takes the row's width, so a voice name reads whole.
    expect(select.width).toBeGreaterThan(row.width * 0.9);
    await expect(page.locator('[data-testid="voice-es"] option').nth(1)).toHaveText(/^صوت (رجالي|نسائي) \d+ · /);
  });
});
