/**
 * The job list as a user meets it (issue 15 items 9, 14, 16, 17): delete asks first; the download menu closes on
 * Escape and stays on screen at 1280 px and 375 px; the other tab says where the jobs are; in Arabic the languages
 * are joined with "و" (no Latin comma), the arrow points right-to-left and credits take their plural forms.
 */
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signInFresh } from './helpers.ts';

const DOCX = path.resolve('../shared/testdata/docx/test.docx');

async function translateDocument(page: Page, targets: RegExp[]): Promise<void> {
  await page.getByRole('tab', { name: /^(Documents|المستندات)$/ }).click();
  await page.getByTestId('document-drop-input').setInputFiles(DOCX);
  await expect(page.getByTestId('upload-item')).toHaveAttribute('data-status', 'completed');
  for (const target of targets) await page.locator('label.chip', { hasText: target }).click();
  await page.getByRole('button', { name: /Start Processing|ابدأ المعالجة/ }).click();
  const row = page.getByTestId('job-row').first();
  await expect(async () => {
    await page.getByRole('button', { name: /^(Refresh|تحديث)$/ }).click();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
}

test('download menu: Escape closes it, it stays on screen; delete asks first; the other tab points to the jobs', async ({
  page,
  request,
}) => {
  await signInFresh(page, request, 'jobs-ux');
  await page.goto('/studio');
  await translateDocument(page, [/^Spanish$/]);
  const row = page.getByTestId('job-row').first();
  await expect(row).not.toContainText(/\b1 credits\b/);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 700 : 860 });
    // The row at the bottom of the window: the menu must still fit.
    await row.evaluate((el) => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, Math.max(0, top - window.innerHeight + el.getBoundingClientRect().height + 8));
    });
    const button = row.getByRole('button', { name: 'Download' });
    await button.click();
    const menu = page.getByTestId('download-menu');
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
  }
  await page.setViewportSize({ width: 1280, height: 860 });

  // The media tab says where the document job is.
  await page.getByRole('tab', { name: 'Audio & Video' }).click();
  await expect(page.getByTestId('jobs-empty')).toContainText('No video or audio jobs yet');
  await expect(page.getByTestId('jobs-empty')).toContainText('Documents tab');
  await page.getByRole('tab', { name: 'Documents' }).click();

  // Delete: Cancel keeps the job; Delete removes it.
  const id = await row.getAttribute('data-job-id');
  await row.getByRole('button', { name: /Delete job/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete this job?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator(`[data-job-id="${id}"]`)).toHaveCount(1);
  await row.getByRole('button', { name: /Delete job/ }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.locator(`[data-job-id="${id}"]`)).toHaveCount(0);
});

test('Arabic job list: Arabic list words, mirrored arrow, one kind of digits', async ({ page, request }) => {
  await signInFresh(page, request, 'jobs-ar', 'ar');
  await page.goto('/studio');
  await translateDocument(page, [/^الإسبانية$/, /^الإيطالية$/]);
  const meta = page.getByTestId('job-row').first().locator('.job-meta');
  const text = await meta.innerText();
  expect(text).toContain('الإسبانية');
  expect(text).toContain('والإيطالية');
  expect(text).not.toContain(',');
  expect(text).not.toMatch(/[\u0660-\u0669]/); // dates and credits share Western digits
  const transform = await meta.locator('.dir-arrow').evaluate((el) => getComputedStyle(el).transform);
  expect(transform).toMatch(/^matrix\(-1/);
});
