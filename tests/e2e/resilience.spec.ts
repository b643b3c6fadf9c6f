/**
 * Surviving the network: an upload cut off halfway resumes by itself, a reload mid-upload resumes from the
 * server's offset, a submission made offline is sent when the network is back, and the installed app opens offline.
 */
import { test, expect, type Page } from '@playwright/test';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

const JFK_BYTES = 114_085;

async function percentShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('upload-item').textContent()) ?? '';
  return Number(text.match(/(\d+)%/)?.[1] ?? NaN);
}

test('an upload cut off halfway (offline) resumes by itself when the network is back', async ({
  page,
  context,
  request,
}) => {
  await signInFresh(page, request, 'cut');
  await page.goto('/studio');
  let patches = 0;
  await context.route('**/*', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 3) {
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    }
    return route.fallback();
  });
  await chooseVideo(page);
  await expect(page.getByTestId('upload-paused')).toBeVisible();
  const cutAt = await percentShown(page);
  expect(cutAt).toBeGreaterThan(0);
  expect(cutAt).toBeLessThan(100);

  await context.setOffline(false);
  await expect(page.getByText(/• Ready to process/)).toBeVisible({ timeout: 45_000 });
  // The server has the whole file: it prices the job from the real media duration.
  await configureSpanish(page, false);
  await expect(page.getByTestId('exact-cost')).toBeVisible();
});

test('a reload during the upload lists it again and resumes from the server offset', async ({
  page,
  context,
  request,
}) => {
  await signInFresh(page, request, 'reload');
  await page.goto('/studio');
  let patches = 0;
  let reloaded = false;
  const offsetsAfterReload: number[] = [];
  await context.route('**/*', async (route) => {
    const req = route.request();
    if (req.method() === 'PATCH') {
      patches += 1;
      if (reloaded) offsetsAfterReload.push(Number(req.headers()['upload-offset']));
      else if (patches === 3) return; // held: the page reloads while this chunk is in flight
    }
    return route.fallback();
  });
  await chooseVideo(page);
  await expect.poll(() => patches).toBeGreaterThanOrEqual(3);
  const before = await percentShown(page);
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThan(100);

  reloaded = true;
  await page.reload();
  await expect(page.getByTestId('upload-item')).toBeVisible();
  await expect(page.getByText(/• Ready to process/)).toBeVisible({ timeout: 45_000 });
  expect(offsetsAfterReload.length).toBeGreaterThan(0);
  expect(offsetsAfterReload[0]).toBeGreaterThan(0);
  expect(offsetsAfterReload[0]).toBeLessThan(JFK_BYTES);
});

test('a submission made offline is kept and sent when the network is back', async ({ page, context, request }) => {
  await signInFresh(page, request, 'queue');
  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await configureSpanish(page, false);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Start Processing' }).click();
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(page.getByTestId('queued-job')).toHaveCount(1);

  await context.setOffline(false);
  await expect(page.getByText('Job Submitted Successfully!').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('queued-job')).toHaveCount(0);
  await expect(page.getByTestId('job-row').first()).toContainText('jfk.mp4');
});

test('the app is installable and opens offline once installed', async ({ page, context, request }) => {
  // Installable as a desktop app: a linked manifest with name, standalone display and 192/512 icons.
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: Array<{ sizes: string }>;
  };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/studio' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png'])
    expect((await request.get(icon)).headers()['content-type']).toBe('image/png');

  await signInFresh(page, request, 'offline');
  await page.goto('/studio');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), {
      timeout: 30_000,
    })
    .toBe('activated');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await page.reload(); // now controlled by the service worker
  await expect(page.getByRole('heading', { name: 'Recent Jobs' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Translation Studio' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Jobs' })).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('your audience');
  await context.setOffline(false);
});
