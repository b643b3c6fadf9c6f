/**
 * The editor (issue 12) in Chromium against the real server and engines: a finished jfk.mp4 job to Spanish is
 * opened from Recent Jobs, a word of the first Spanish cue is fixed and saved, a region edge dragged on the
 * timeline moves that cue's start, a 60-character line shows the line-length warning, the SRT downloaded from the
 * job then carries the fix; the Arabic editor is screenshotted under test-results/e2e/<test>/.
 */
import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

const FIX = 'Y así, compatriotas americanos';
const SIXTY = 'Esta línea de subtítulo tiene exactamente sesenta caracteres';

/** Submits jfk.mp4 to Spanish subtitles and waits until the job is completed; returns its row. */
async function finishedJob(page: Page) {
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
  return row;
}

test('fix a word, see Saved, drag a region edge, see a rule warning, download the fixed SRT', async ({
  page,
  request,
}, testInfo) => {
  expect(SIXTY).toHaveLength(60);
  await signInFresh(page, request, 'editor');
  const row = await finishedJob(page);
  await row.getByTestId('edit-job').click();
  await expect(page).toHaveURL(/\/jobs\/[^/]+\/edit$/);
  const editUrl = page.url();
  const rows = page.getByTestId('cue-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  // Fix the first Spanish cue: saved within about a second.
  const first = page.locator('[data-testid="cue-text"][data-track="es"]').first();
  await first.fill(FIX);
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });

  // Drag the start edge of the first cue's region to the right: the start time in the list follows.
  const firstId = (await rows.first().getAttribute('data-cue-id')) ?? '';
  const start = rows.first().getByTestId('cue-start');
  const before = await start.inputValue();
  const handle = page.locator(`[part~="${firstId}"] [part~="region-handle-left"]`);
  await expect(handle).toHaveCount(1, { timeout: 30_000 });
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(start).not.toHaveValue(before);
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });

  // A 60-character line breaks the 42-character rule: the warning shows at once under that cue.
  const second = page.locator('[data-testid="cue-text"][data-track="es"]').nth(1);
  const secondCell = page.locator('[data-column="target"]').nth(1);
  await expect(secondCell.locator('[data-rule="line_length"]')).toHaveCount(0);
  await second.fill(SIXTY);
  await expect(secondCell.locator('[data-rule="line_length"]')).toHaveText('A line is too long');
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });

  // The SRT of the job now carries the fix.
  await page.getByRole('link', { name: 'Back to jobs' }).click();
  const jobRow = page.getByTestId('job-row').first();
  await jobRow.getByRole('button', { name: 'Download' }).click();
  const downloading = page.waitForEvent('download');
  await page.locator('[role="menuitem"][data-ext="srt"]').click();
  const srt = fs.readFileSync(await (await downloading).path(), 'utf8');
  expect(srt).toContain(FIX);
  expect(srt).toContain(SIXTY);

  // The Arabic editor: mirrored, the warning in Arabic.
  await page.goto(editUrl);
  await page.getByTestId('language-switcher').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('save-status')).toHaveText('تم الحفظ');
  await expect(page.locator('[data-rule="line_length"]').first()).toHaveText('سطر أطول من المسموح');
  const shot = testInfo.outputPath('editor-ar.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('editor-ar', { path: shot, contentType: 'image/png' });
});
