/**
 * Issue 22 items 2 and 4, with a finished jfk.mp4 job to Spanish subtitles: after an edit, the file kept for
 * offline use is the edited one (not the first copy ever downloaded), and the Download menu stays on a 375 px
 * phone screen in English and Arabic.
 */
import fs from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { chooseVideo, configureSpanish, createVerifiedUser, newEmail } from './helpers.ts';

const FIX = 'Texto corregido después de la edición';

/** Signs in a fresh user (token returned for API calls) and opens the studio in `locale`. */
async function signIn(page: Page, request: APIRequestContext, tag: string): Promise<string> {
  const { token, user } = await createVerifiedUser(request, newEmail(tag));
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', t as string);
        localStorage.setItem('user', JSON.stringify(u));
      }
    },
    [token, user],
  );
  return token;
}

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

/** Downloads the job's SRT through the Download menu and returns its text. */
async function downloadSrt(page: Page): Promise<string> {
  const row = page.getByTestId('job-row').first();
  await row.getByRole('button', { name: 'Download' }).click();
  const downloading = page.waitForEvent('download');
  await page.locator('[role="menuitem"][data-ext="srt"]').click();
  return fs.readFileSync(await (await downloading).path(), 'utf8');
}

test('after an edit, the SRT kept for offline use is the edited one (item 2)', async ({ page, context, request }) => {
  const token = await signIn(page, request, 'offline-edit');
  const headers = { authorization: `Bearer ${token}` };
  await page.goto('/studio');
  // The installed app: the service worker controls the page, as on a second visit.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const row = await finishedJob(page);
  const jobId = (await row.getAttribute('data-job-id')) ?? '';
  expect(jobId).not.toBe('');
  const before = await downloadSrt(page);
  expect(before).not.toContain(FIX);

  // The user fixes the first Spanish cue (the editor's save); the job's SRT is rendered again.
  const tracks = (await (await request.get(`/v1/jobs/${jobId}/tracks`, { headers })).json()) as {
    revision: number;
    targets: Record<string, { cues: Array<{ id: string; start: number; end: number; text: string }> }>;
  };
  const cues = tracks.targets.es.cues.map((c, i) => (i === 0 ? { ...c, text: FIX } : c));
  const saved = await request.put(`/v1/jobs/${jobId}/tracks`, {
    headers,
    data: { revision: tracks.revision, targets: { es: { cues } } },
  });
  expect(saved.status()).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => downloadSrt(page), { timeout: 60_000, intervals: [2_000] }).toContain(FIX);

  // Offline, the kept copy is the one last downloaded, with the fix. The files cannot be reached at all (the
  // service worker's own requests included), as with the network really gone.
  await context.setOffline(true);
  await context.route('**/files/**', (route) => route.abort('internetdisconnected'));
  const offline = await downloadSrt(page);
  expect(offline).toContain(FIX);
  await context.setOffline(false);
});

test('the Download menu stays on a 375 px screen in English and Arabic (item 4)', async ({ page, request }) => {
  await signIn(page, request, 'menu-phone');
  await finishedJob(page);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const locale of ['en', 'ar'] as const) {
    await page.evaluate((l) => localStorage.setItem('tarjama.language', l), locale);
    await page.goto('/studio');
    // The phone notice (Desktop Experience Recommended) is dismissed first when it shows.
    const dismiss = page.getByRole('button', { name: /^(Dismiss|تجاهل)$/ });
    if (
      await dismiss.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      await dismiss.click();
    const row = page.getByTestId('job-row').first();
    await expect(row).toHaveAttribute('data-status', 'completed');
    await row.getByRole('button', { name: /^(Download|تنزيل)$/ }).click();
    const menu = page.getByTestId('download-menu');
    await expect(menu).toBeVisible();
    await expect(async () => {
      const box = (await menu.boundingBox())!;
      expect(box.x, `${locale}: the menu starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${locale}: the menu ends on screen`).toBeLessThanOrEqual(375);
    }).toPass({ timeout: 5_000 });
    await page.keyboard.press('Escape');
  }
});
