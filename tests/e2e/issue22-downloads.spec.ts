/**
 * Issue 22 items 2 and 4, with a finished jfk.mp4 job to Spanish subtitles: after an edit, the file kept for
 * offline use is the edited one (not the first copy ever downloaded), and the Download menu stays on a 375 x 812 px
 * phone screen in English and Arabic (every edge; issue 38 item 4).
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

test('the Download menu stays on a 375 x 812 px screen in English and Arabic (item 4)', async ({ page, request }) => {
  await signIn(page, request, 'menu-phone');
  await finishedJob(page);
  // A job with many outputs (the user's had subtitles, voice-over and video in several languages): the job lists
  // name the Spanish files under four more languages too, so the menu is taller than the room on either side;
  // and older jobs under it, so its row can be scrolled to the middle of the screen.
  await page.route(
    (url) => /^\/v1\/jobs\/?(status)?$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const more = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        const files = (node as { output_files?: Record<string, unknown> }).output_files;
        if (files?.es) for (const lang of ['fr', 'de', 'it', 'pt']) files[lang] = files.es;
        Object.values(node).forEach(more);
      };
      const body: unknown = await response.json();
      more(body);
      if (Array.isArray(body) && body.length)
        for (let i = 1; i <= 6; i++)
          body.push({ ...(body[0] as object), id: `${(body[0] as { id: string }).id}-${i}` });
      await route.fulfill({ status: response.status(), json: body });
    },
  );
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
    // The button in the middle of the screen, where the user's menu ran off: as much room below it as above, and
    // neither enough for the whole menu.
    const download = row.getByRole('button', { name: /^(Download|تنزيل)$/ });
    await download.scrollIntoViewIfNeeded();
    const at = (await download.boundingBox())!;
    const middle = Math.floor((812 - at.height) / 2);
    await page.evaluate((dy) => window.scrollBy(0, dy), at.y - middle);
    expect(Math.abs((await download.boundingBox())!.y - middle), `${locale}: the button is mid-screen`).toBeLessThan(2);
    await download.click();
    const menu = page.getByTestId('download-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveCount(10);
    await expect(async () => {
      const box = (await menu.boundingBox())!;
      expect(box.x, `${locale}: the menu starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${locale}: the menu ends on screen`).toBeLessThanOrEqual(375);
      // Top and bottom too, off the edge as at the sides (issue 38 item 4: it ended 3 px below an 812 px screen).
      expect(box.y, `${locale}: the menu's top is on screen`).toBeGreaterThanOrEqual(4);
      expect(box.y + box.height, `${locale}: the menu's bottom is on screen`).toBeLessThanOrEqual(812 - 4);
    }).toPass({ timeout: 5_000 });
    // Every entry can be reached: the last one scrolls into view inside the menu and is on screen.
    const last = menu.getByRole('menuitem').last();
    await last.scrollIntoViewIfNeeded();
    const item = (await last.boundingBox())!;
    expect(item.y + item.height, `${locale}: the last entry is on screen`).toBeLessThanOrEqual(812);
    await page.keyboard.press('Escape');
  }
});
