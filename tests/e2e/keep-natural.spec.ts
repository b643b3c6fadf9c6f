/**
 * "Keep voices natural" in the studio (issue 20 item 3), Chromium against the real server: with a video and a
 * voice-over the option shows with its one-sentence explanation (the video may become longer, the MP3 keeps its
 * length) before it is chosen, in English and in Arabic; with an audio file it is not offered.
 */
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

const AUDIO = path.resolve('../shared/testdata/audio/jfk.wav');

test('the option and its explanation show for a video with voice-over, not for audio', async ({ page, request }) => {
  await signInFresh(page, request, 'keep-natural');
  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await configureSpanish(page, false);
  // Only with a voice-over: there is no dubbed video to slow otherwise.
  await expect(page.getByTestId('keep-natural')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Voice-over/ }).check();
  const option = page.getByRole('checkbox', { name: /Keep voices natural/ });
  await expect(option).toBeVisible();
  await expect(option).not.toBeChecked();
  await expect(
    page.getByText(/the video is slowed a little \(at most 1\.25x\).*the MP3 keeps its length/),
  ).toBeVisible();
  await option.check();
  await expect(option).toBeChecked();

  // An audio file has no picture: the option is gone.
  await page.getByRole('button', { name: 'Remove' }).first().click();
  await page.getByTestId('media-drop-input').setInputFiles(AUDIO);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await expect(page.getByLabel(/Chosen file: jfk\.wav/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Voice-over/ })).toBeChecked();
  await expect(page.getByTestId('keep-natural')).toHaveCount(0);
});

test('Arabic: the option and its explanation in Arabic', async ({ page, request }) => {
  await signInFresh(page, request, 'keep-natural-ar', 'ar');
  await page.goto('/studio');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await chooseVideo(page);
  await configureSpanish(page, true);
  await expect(page.getByRole('checkbox', { name: /إبقاء الأصوات طبيعية/ })).toBeVisible();
  await expect(page.getByText(/يُبطَّأ الفيديو قليلًا.*أما ملف MP3 فيحتفظ بطوله/)).toBeVisible();
});
