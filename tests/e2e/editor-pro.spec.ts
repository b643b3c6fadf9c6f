/**
 * The editor for people who time subtitles all day (issue 20 item 5), in Chromium against the real server and
 * engines. One finished jfk.mp4 job to Spanish is shared by the tests, which run in order on one page: the cue
 * text drawn over the video follows playback; the characters-per-second and line counts change while typing; the
 * waveform zooms (buttons and keys); find and replace across the Spanish track (one, all, undo); an earlier
 * revision is restored; a cue's start is set at the playhead (Alt+[); every time after a point is shifted (Alt+T);
 * the Arabic editor is screenshotted under test-results/e2e/<test>/, with the phone layout checked.
 */
import { test, expect, type Page } from '@playwright/test';
import { formatTime, parseTime } from '../../src/features/editor/rows.ts';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

let page: Page;
let editUrl = '';
/** The Spanish texts as the job made them (revision 1), restored by the revisions test. */
let original: string[] = [];

const spanish = () => page.locator('[data-testid="cue-text"][data-track="es"]');
const rows = () => page.getByTestId('cue-row');
const saved = () => expect(page.getByTestId('save-status')).toHaveText(/^(Saved|تم الحفظ)$/, { timeout: 15_000 });
/** Moves the player to `seconds` (paused) and waits until the editor's playhead shows it. */
async function seekTo(seconds: number) {
  await page.getByTestId('editor-media').evaluate((v: HTMLVideoElement, s) => {
    v.pause();
    v.currentTime = s;
  }, seconds);
  await expect(page.getByTestId('playhead')).toHaveText(formatTime(seconds));
}
/** Takes the focus out of any text box (the zoom keys are not taken while typing). */
const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
/** The start times of the timing track's cues, seconds. */
const starts = async () =>
  (
    await rows()
      .getByTestId('cue-start')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
  ).map(parseTime);

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  page = await context.newPage();
  await signInFresh(page, context.request, 'editorpro');
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
  editUrl = page.url();
  await expect(rows().first()).toBeVisible();
  await saved();
  original = await spanish().evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
  expect(original.length).toBeGreaterThanOrEqual(2);
});

test.afterAll(async () => {
  await page?.context().close();
});

test('the cue at the playhead is drawn over the video and follows playback', async () => {
  const caption = page.getByTestId('caption-target');
  const [first, second] = await starts();
  await seekTo(first + 0.2);
  await expect(caption).toHaveText(original[0]);
  await seekTo(second + 0.2);
  await expect(caption).toHaveText(original[1]);
  // Playing from just before the second cue: the caption changes by itself when playback reaches it.
  await seekTo(Math.max(first, second - 0.6));
  const before = (await caption.count()) ? await caption.textContent() : '';
  expect(before).not.toBe(original[1]);
  await page.getByTestId('editor-media').evaluate((v: HTMLVideoElement) => void v.play());
  await expect(caption).toHaveText(original[1], { timeout: 10_000 });
  await page.getByTestId('editor-media').evaluate((v: HTMLVideoElement) => v.pause());
  // Over the picture, not beside it. Measured at a set time: on a busy machine playback may have run past the short
  // second cue before the pause arrived, and with no cue at the playhead nothing is drawn.
  await seekTo(second + 0.2);
  await expect(caption).toHaveText(original[1]);
  const video = (await page.getByTestId('editor-media').boundingBox())!;
  const box = (await caption.boundingBox())!;
  expect(box.y).toBeGreaterThan(video.y);
  expect(box.y + box.height).toBeLessThanOrEqual(video.y + video.height + 1);
});

test('characters per second and per line change as you type', async () => {
  const cell = page.locator('[data-column="target"]').first();
  const cps = cell.getByTestId('cue-cps');
  const before = Number(await cps.getAttribute('data-value'));
  await spanish().first().fill('Mis compatriotas, país');
  await expect(cell.getByTestId('cue-line-length')).toHaveAttribute('data-value', '22');
  const short = Number(await cps.getAttribute('data-value'));
  await spanish().first().press('End');
  await spanish().first().press('Shift+Enter');
  await spanish().first().pressSequentially('no pregunten qué hace su país');
  await expect(cell.getByTestId('cue-line-length')).toHaveCount(2);
  await expect(cell.getByTestId('cue-line-length').nth(1)).toHaveAttribute('data-value', '29');
  await expect.poll(async () => Number(await cps.getAttribute('data-value'))).toBeGreaterThan(short);
  expect(short).not.toBe(before);
  await expect(cell.getByTestId('cue-stats')).toContainText(/chars\/s/);
  await saved();
});

test('the waveform zooms with the buttons and the + and - keys', async () => {
  const level = page.getByTestId('zoom-level');
  const wrapper = page.locator('[data-testid="waveform"] [part="wrapper"]');
  await expect(wrapper).toHaveCount(1, { timeout: 30_000 });
  await expect(level).toHaveAttribute('data-value', '60');
  const width = async () => (await wrapper.boundingBox())!.width;
  const w60 = await width();
  await page.getByTestId('zoom-in').click();
  await expect(level).toHaveAttribute('data-value', '100');
  await expect.poll(width).toBeGreaterThan(w60 * 1.4);
  await blur();
  await page.keyboard.press('Equal');
  await expect(level).toHaveAttribute('data-value', '160');
  await page.keyboard.press('Minus');
  await page.keyboard.press('Minus');
  await expect(level).toHaveAttribute('data-value', '60');
  await expect.poll(width).toBeLessThan(w60 * 1.1);
});

test('find and replace across the Spanish track, one then all, and undo', async () => {
  await spanish().first().fill('zorro uno');
  await spanish().nth(1).fill('el zorro y su zorro');
  await page.keyboard.press('Control+f');
  await expect(page.getByTestId('find-query')).toBeFocused();
  await page.getByTestId('find-query').fill('ZORRO');
  await expect(page.getByTestId('find-count')).toHaveText('Match 1 of 3');
  await page.getByTestId('find-replacement').fill('lobo');
  await page.getByTestId('replace-one').click();
  await expect(page.getByTestId('find-count')).toHaveText('Match 1 of 2 Replaced: 1');
  await expect(spanish().first()).toHaveValue('lobo uno');
  await page.getByTestId('replace-all').click();
  await expect(page.getByTestId('find-count')).toHaveText('No matches Replaced: 2');
  await expect(spanish().nth(1)).toHaveValue('el lobo y su lobo');
  // Undo takes back the whole "replace all" at once, not the replacement before it.
  await page.getByTestId('find-replacement').press('Control+z');
  await expect(spanish().nth(1)).toHaveValue('el zorro y su zorro');
  await expect(spanish().first()).toHaveValue('lobo uno');
  await expect(page.getByTestId('find-count')).toHaveText(/^Match 1 of 2/);
  await page.getByTestId('find-query').press('Escape');
  await expect(page.getByTestId('find-panel')).toHaveCount(0);
  await saved();
});

test('set a start at the playhead with Alt+[ and shift every time after a point', async () => {
  const second = rows().nth(1);
  const [, start2] = await starts();
  await second.getByTestId('cue-start').focus();
  await expect(second).toHaveAttribute('aria-current', 'true');
  const at = Math.round((start2 + 0.3) * 1000) / 1000;
  await seekTo(at);
  await page.keyboard.press('Alt+BracketLeft');
  await expect(second.getByTestId('cue-start')).toHaveValue(formatTime(at));
  await saved();

  // Shift everything from the second cue on by 0.5 s later (Alt+T), then 0.25 s earlier with the button.
  const before = await starts();
  await blur();
  await page.keyboard.press('Alt+t');
  const dialog = page.getByRole('dialog', { name: 'Shift times' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('shift-from').fill(formatTime(at));
  await dialog.getByTestId('shift-seconds').fill('0.5');
  await dialog.getByTestId('shift-apply').click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(starts).toEqual(before.map((s, i) => (i === 0 ? s : Math.round((s + 0.5) * 1000) / 1000)));
  await page.getByTestId('open-shift').click();
  await dialog.getByTestId('shift-from').fill(formatTime(at));
  await dialog.getByTestId('shift-seconds').fill('0.25');
  await dialog.getByTestId('shift-earlier').check();
  await dialog.getByTestId('shift-apply').click();
  await expect.poll(starts).toEqual(before.map((s, i) => (i === 0 ? s : Math.round((s + 0.25) * 1000) / 1000)));
  await saved();
});

test('an earlier revision is restored after asking, and the editor reloads it', async () => {
  await page.getByTestId('open-revisions').click();
  const list = page.getByTestId('revision-row');
  await expect(list.first()).toBeVisible();
  expect(await list.count()).toBeGreaterThanOrEqual(3);
  const oldest = list.last();
  await expect(oldest).toContainText('Made by the job');
  await oldest.getByTestId('revision-restore').click();
  await expect(page.getByRole('alertdialog')).toContainText('Restore revision 1?');
  await page.getByTestId('restore-confirm').click();
  await expect(page.getByText('Revision 1 restored')).toBeVisible();
  await expect(spanish().first()).toHaveValue(original[0]);
  await expect(spanish().nth(1)).toHaveValue(original[1]);
  await saved();
  await page.getByTestId('open-revisions').click();
  await expect(list.first()).toContainText('Restored');
  await page.keyboard.press('Escape');
});

test('Arabic editor: mirrored, counts and keys in Arabic; the phone layout fits (screenshots)', async () => {
  const testInfo = test.info();
  await page.goto(editUrl);
  await page.getByTestId('language-switcher').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await saved();
  await expect(page.getByTestId('cue-stats').first()).not.toContainText('chars/s');
  await page.getByTestId('shortcut-list').locator('summary').click();
  await page.keyboard.press('Control+f');
  await page.getByTestId('find-query').fill('a');
  await seekTo((await starts())[0] + 0.2);
  await expect(page.getByTestId('caption-target')).toHaveText(original[0]);
  const shot = testInfo.outputPath('editor-pro-ar.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('editor-pro-ar', { path: shot, contentType: 'image/png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const phone = testInfo.outputPath('editor-pro-ar-phone.png');
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach('editor-pro-ar-phone', { path: phone, contentType: 'image/png' });
});
