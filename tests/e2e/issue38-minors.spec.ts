/**
 * Issue 38 item 4, the minors a user sees in Chromium against the real server: the caption over the editor's video
 * is readable and above the native controls (desktop and phone); the editor's text boxes show every line whole; the
 * studio's subtitles field refuses a WAV when it is picked and is a labelled button with the file's name; own
 * subtitles timed past the end of the video are pointed out before Start; the landing page and the pricing page's
 * buttons say what they do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { formatTime, parseTime } from '../../src/features/editor/rows.ts';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

/** Chromium's native control bar: its buttons' top edge is 60 px above the <video>'s bottom (measured). */
const CONTROLS_PX = 60;
const WAV = path.resolve('../shared/testdata/audio/jfk.wav');

test.describe('the editor', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    page = await context.newPage();
    await signInFresh(page, context.request, 'minors-editor');
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
    await expect(page.getByTestId('cue-row').first()).toBeVisible();
  });

  test.afterAll(async () => {
    await page?.context().close();
  });

  /** The drawn caption's font size, the picture's height and the caption's distance above the player's bottom. */
  const captionFit = () =>
    page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="editor-media"]')!;
      const caption = document.querySelector<HTMLElement>('[data-testid="caption-target"]')!;
      const v = video.getBoundingClientRect();
      const c = caption.getBoundingClientRect();
      return {
        font: parseFloat(getComputedStyle(caption).fontSize),
        picture: Math.min(v.height, (v.width * video.videoHeight) / video.videoWidth),
        clearance: v.bottom - c.bottom,
        inside: c.top >= v.top && c.left >= v.left - 1 && c.right <= v.right + 1,
      };
    });

  test('the caption over the video is readable and above the seek bar, on desktop and phone', async () => {
    const start = parseTime(await page.getByTestId('cue-start').first().inputValue());
    await page.getByTestId('editor-media').evaluate((v: HTMLVideoElement, s) => {
      v.pause();
      v.currentTime = s;
    }, start + 0.2);
    await expect(page.getByTestId('playhead')).toHaveText(formatTime(start + 0.2));
    await expect(page.getByTestId('caption-target')).toBeVisible();
    for (const size of [null, { width: 375, height: 812 }]) {
      if (size) await page.setViewportSize(size);
      const where = size ? 'phone' : 'desktop';
      await expect(async () => {
        const fit = await captionFit();
        expect(fit.font, `${where}: font size (px)`).toBeGreaterThanOrEqual(14);
        expect(fit.font, `${where}: font size against the picture's height`).toBeGreaterThanOrEqual(0.04 * fit.picture);
        expect(fit.clearance, `${where}: the caption ends above the native controls`).toBeGreaterThanOrEqual(
          CONTROLS_PX,
        );
        expect(fit.inside, `${where}: the caption is over the picture`).toBe(true);
      }).toPass({ timeout: 5_000 });
      // For a reviewer's eye: the player with its caption, under test-results/e2e/<test>/.
      await page.locator('.media-frame').screenshot({ path: test.info().outputPath(`caption-${where}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('the cue text boxes show every line whole', async () => {
    const box = page.locator('[data-testid="cue-text"][data-track="es"]').first();
    const clipped = () =>
      page
        .getByTestId('cue-text')
        .evaluateAll((els) =>
          els.filter((e) => e.scrollHeight > e.clientHeight + 1).map((e) => (e as HTMLTextAreaElement).value),
        );
    expect(await clipped()).toEqual([]);
    for (const text of [
      'Y así, mis compatriotas estadounidenses:\nno pregunten qué puede hacer su país por ustedes',
      'Y así, mis compatriotas:\nno pregunten qué puede hacer su país\npor ustedes',
    ]) {
      await box.fill(text);
      await expect.poll(clipped).toEqual([]);
      // Each line is drawn whole: the box is at least as tall as its lines.
      const { height, lineHeight, lines } = await box.evaluate((e) => ({
        height: e.clientHeight,
        lineHeight: parseFloat(getComputedStyle(e).lineHeight),
        lines: (e as HTMLTextAreaElement).value.split('\n').length,
      }));
      expect(height).toBeGreaterThanOrEqual(lines * lineHeight);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(clipped).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});

test.describe('the studio’s own subtitles', () => {
  test('a WAV is refused when picked; the field is a labelled button with the file name', async ({
    page,
    request,
  }, testInfo) => {
    await signInFresh(page, request, 'minors-words');
    await page.goto('/studio');
    await chooseVideo(page);
    await expect(page.getByText(/• Ready to process/)).toBeVisible();
    const field = page.locator('.words-file');
    await expect(field.getByRole('button', { name: /^Choose file/ })).toBeVisible();
    await expect(field).toContainText('No file chosen');
    await page.getByTestId('words-file').setInputFiles(WAV);
    await expect(field.getByRole('alert')).toHaveText(
      '“jfk.wav” is not a subtitle or transcript file: choose an .srt, .vtt or .txt file.',
    );
    await expect(field).not.toContainText('Ready');
    await expect(field).toContainText('No file chosen');

    const words = testInfo.outputPath('jfk.srt');
    fs.mkdirSync(path.dirname(words), { recursive: true });
    fs.writeFileSync(words, '1\n00:00:00,500 --> 00:00:03,000\nAnd so, my fellow Americans.\n');
    await page.getByTestId('words-file').setInputFiles(words);
    await expect(field).toContainText('jfk.srt');
    await expect(field).toContainText('Ready');
    await expect(field.getByRole('alert')).toHaveCount(0);
  });

  test('own subtitles timed past the end of the video are pointed out before Start', async ({
    page,
    request,
  }, testInfo) => {
    await signInFresh(page, request, 'minors-late');
    const words = testInfo.outputPath('late.srt');
    fs.mkdirSync(path.dirname(words), { recursive: true });
    fs.writeFileSync(
      words,
      '1\n00:00:00,500 --> 00:00:03,000\nAnd so, my fellow Americans.\n\n' +
        '2\n00:00:28,000 --> 00:00:31,500\nAsk not what your country can do for you.\n',
    );
    await page.goto('/studio');
    await chooseVideo(page);
    await expect(page.getByText(/• Ready to process/)).toBeVisible();
    await configureSpanish(page, false);
    await page.getByTestId('words-file').setInputFiles(words);
    await expect(page.locator('.words-file')).toContainText('Ready');
    const warning = page.getByTestId('words-past-end');
    await expect(warning).toHaveText(
      /^Your subtitles run to 0:3\d but the video is 0:1\d long: is it the right file\?$/,
    );
    const start = page.getByRole('button', { name: 'Start Processing' });
    await expect(start).toBeDisabled();
    // The file removed, the job can start again.
    await page.locator('.words-file').getByRole('button', { name: 'Remove' }).click();
    await expect(warning).toHaveCount(0);
    await expect(start).toBeEnabled();
  });
});

test('the landing and pricing buttons say what they do', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Watch Demo')).toHaveCount(0);
  await page.getByRole('link', { name: 'See how it works' }).click();
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();
  await page.goto('/pricing');
  const business = page.locator('[data-testid="plan-card"][data-plan="business"]');
  await expect(business.getByRole('button')).toHaveText('Choose Business');
  await expect(page.getByText('Contact Sales')).toHaveCount(0);
});
