/** Arabic mirrors the layout (screenshots attached to the report) and the studio's notice under 768 px. */
import { test, expect } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { signInFresh } from './helpers.ts';

/** Saves a screenshot under test-results/e2e/<test>/<name>.png and attaches it to the report. */
async function shot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, ...options });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test('Arabic: stored on the device, <html lang dir>, mirrored layout', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByTestId('language-switcher').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: 'الأسعار' }).first()).toBeVisible();

  // Mirrored: the brand sits at the right edge, the actions at the left.
  const brand = await page.locator('.brand').boundingBox();
  const actions = await page.locator('.nav-actions').boundingBox();
  expect(brand!.x).toBeGreaterThan(actions!.x);
  await shot(page, testInfo, 'landing-ar', { fullPage: false });

  await page.goto('/pricing');
  await expect(page.getByTestId('plan-card')).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('اختر الخطة التي تناسب محتواك');
  await shot(page, testInfo, 'pricing-ar', { fullPage: true });

  await page.goto('/auth');
  const tabs = page.getByRole('tab');
  const first = await tabs.nth(0).boundingBox();
  const second = await tabs.nth(1).boundingBox();
  expect(first!.x).toBeGreaterThan(second!.x); // "تسجيل الدخول" is the right-hand tab
  await shot(page, testInfo, 'auth-ar');
});

test('Arabic studio is mirrored', async ({ page, request }, testInfo) => {
  await signInFresh(page, request, 'arabic', 'ar');
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'استوديو الترجمة' })).toBeVisible();
  const main = await page.locator('.studio-main').boundingBox();
  const side = await page.locator('.studio-side').boundingBox();
  expect(main!.x).toBeGreaterThan(side!.x); // the upload column starts on the right
  await expect(page.getByTestId('media-drop')).toContainText('اسحب');
  await shot(page, testInfo, 'studio-ar', { fullPage: true });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the studio recommends a desktop browser', async ({ page, request }, testInfo) => {
    await signInFresh(page, request, 'mobile');
    await page.goto('/studio');
    const dialog = page.getByRole('dialog', { name: 'Desktop Experience Recommended' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('For the best experience, please use a desktop browser for the Studio.');
    await shot(page, testInfo, 'mobile-notice');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Navigation' })).toBeVisible();
  });
});
