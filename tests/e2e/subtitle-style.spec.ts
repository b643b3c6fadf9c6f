/**
 * Issue 13 in the browser: the burned-in subtitle style previewed live on a frame of the chosen video (colour,
 * box, top change the sample line as the burn-in will draw it), remembered for the user across a reload, and the
 * source language offered as a captions chip priced as the server prices it (no voice-over for it). The Arabic
 * preview is saved as a screenshot (test-results/e2e/<test>/style-preview-ar.png) and attached to the report.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseVideo, signInFresh } from './helpers.ts';

/** Waits until the preview's <video> shows its paused frame (metadata read, seek done). */
async function frameShown(page: Page): Promise<void> {
  const video = page.getByTestId('style-preview').locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.seeking && v.currentTime > 0))
    .toBe(true);
}

/** The computed look of the sample line and where it sits in the frame (CSS pixels). */
async function lineLook(page: Page, testId = 'preview-target') {
  const text = page.getByTestId(testId);
  const frame = await page.getByTestId('style-preview').locator('.subtitle-preview-frame').boundingBox();
  const line = await text.locator('xpath=..').boundingBox();
  const css = await text.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      color: s.color,
      background: s.backgroundColor,
      stroke: s.getPropertyValue('-webkit-text-stroke-width'),
      fontSize: parseFloat(s.fontSize),
      direction: s.direction,
    };
  });
  return {
    ...css,
    frameHeight: frame!.height,
    fromTop: line!.y - frame!.y,
    fromBottom: frame!.y + frame!.height - (line!.y + line!.height),
  };
}

/**
 * Checks the sample line's look once its layout has settled: the web font and the video's frame size can still
 * move it for a moment after a change, so `check` is retried for up to 10 s (and fails if it never holds).
 */
async function expectLook(page: Page, check: (look: Awaited<ReturnType<typeof lineLook>>) => void): Promise<void> {
  await expect(async () => check(await lineLook(page))).toPass({ timeout: 10_000 });
}

const burnedCheckbox = (page: Page) =>
  page.getByRole('checkbox', { name: /Subtitles in the video|ترجمة مدمجة في الفيديو/ });
const chip = (page: Page, name: RegExp): Locator => page.locator('label.chip', { hasText: name });

test('the style preview follows the style, the style is remembered, the source language is a captions chip', async ({
  page,
  request,
}) => {
  await signInFresh(page, request, 'style');
  await page.goto('/studio');
  await chooseVideo(page);
  await page.getByTestId('source-language').selectOption('en-gb');

  // The source language stays offered, as captions in the original language.
  await chip(page, /^Spanish$/).click();
  await expect(chip(page, /^English \(captions\)$/)).toBeVisible();
  await chip(page, /^English \(captions\)$/).click();
  await expect(chip(page, /^English \(captions\)$/).getByRole('checkbox')).toBeChecked();

  await burnedCheckbox(page).check();
  await frameShown(page);
  await expect(page.getByTestId('preview-target')).toHaveText('Así se verán tus subtítulos.');
  await expectLook(page, (before) => {
    expect(before.color).toBe('rgb(255, 255, 255)');
    expect(parseFloat(before.stroke)).toBeGreaterThan(0);
    expect(before.background).toBe('rgba(0, 0, 0, 0)');
    // Bottom, 6 % of the picture's height from the edge (burn-in.ts MarginV).
    expect(Math.abs(before.fromBottom - before.frameHeight * 0.06)).toBeLessThan(1.5);
    // Font size 48 of 1080 lines, scaled to the frame (Noto Sans em = ASS size x 1000 / 1362).
    expect(before.fontSize).toBeCloseTo((((48 * before.frameHeight) / 1080) * 1000) / 1362, 0);
  });

  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/v1/users/me') &&
      r.request().method() === 'PUT' &&
      (r.request().postData() ?? '').includes('"box"') &&
      (r.request().postData() ?? '').includes('"top"'),
  );
  await page.getByLabel('Text colour').fill('#ffd700');
  await page.getByRole('combobox', { name: /^Position/ }).selectOption('top');
  await page.getByRole('combobox', { name: /^Background/ }).selectOption('box');
  await expectLook(page, (after) => {
    expect(after.color).toBe('rgb(255, 215, 0)');
    expect(after.background).toBe('rgb(0, 0, 0)');
    expect(parseFloat(after.stroke)).toBe(0);
    expect(Math.abs(after.fromTop - after.frameHeight * 0.06)).toBeLessThan(1.5);
  });
  expect((await saved).status()).toBe(200);

  // Voice-over: the captions target is not voiced, so the server's price has one voice-over language, and so has
  // the summary: jfk.mp4 (11 s) is 1 minute; es: 1 + 3 + 1, en captions: 1 + 1 = 7 credits.
  await page.getByRole('checkbox', { name: /^Voice-over/ }).check();
  await expect(page.locator('.cost-line[data-service="voice_over"]')).toContainText('1 ×');
  await expect(page.getByTestId('exact-cost')).toContainText('7');

  await page.reload();
  await expect(page.getByTestId('source-language')).toBeVisible();
  await burnedCheckbox(page).check();
  await expect(page.getByLabel('Text colour')).toHaveValue('#ffd700');
  await expect(page.getByRole('combobox', { name: /^Position/ })).toHaveValue('top');
  await expect(page.getByRole('combobox', { name: /^Background/ })).toHaveValue('box');
  await expectLook(page, (again) => {
    expect(again.color).toBe('rgb(255, 215, 0)');
    expect(again.background).toBe('rgb(0, 0, 0)');
    expect(Math.abs(again.fromTop - again.frameHeight * 0.06)).toBeLessThan(1.5);
  });
});

test('the Arabic preview reads right to left, two lines when bilingual', async ({ page, request }, testInfo) => {
  await signInFresh(page, request, 'style-ar', 'ar');
  await page.goto('/studio');
  await chooseVideo(page);
  // Auto-detect: the original line is sampled in the interface language (Arabic here), the translation in Spanish.
  await chip(page, /^الإسبانية$/).click();
  await burnedCheckbox(page).check();
  await page.getByRole('checkbox', { name: /ترجمة ثنائية اللغة/ }).check();
  await frameShown(page);
  await expect(page.getByTestId('preview-target')).toHaveText('Así se verán tus subtítulos.');
  await expect(page.getByTestId('preview-source')).toHaveText('هكذا ستظهر الترجمة على الفيديو.');
  const target = await lineLook(page);
  const source = await lineLook(page, 'preview-source');
  expect(source.direction).toBe('rtl');
  expect(target.direction).toBe('ltr');
  // The original line sits above the translation, smaller and lighter (burn-in.ts 'Source' style).
  expect(source.fromBottom).toBeGreaterThan(target.fromBottom + target.fontSize);
  expect(source.fontSize).toBeLessThan(target.fontSize);
  expect(source.color).toBe('rgb(224, 224, 224)');
  const shot = testInfo.outputPath('style-preview-ar.png');
  await page.getByTestId('style-preview').screenshot({ path: shot });
  await testInfo.attach('style-preview-ar', { path: shot, contentType: 'image/png' });
});
