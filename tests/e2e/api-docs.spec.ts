/**
 * The API reference as a developer opens it: /docs renders every operation from /v1/openapi.json in Chromium
 * under its own Content-Security-Policy with nothing blocked and nothing fetched from another origin, and the
 * tus guide is readable.
 */
import { test, expect } from '@playwright/test';

test('the API reference at /docs renders under its CSP with local assets only', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP blocked ${e.violatedDirective} from ${e.sourceFile}`),
    );
  });

  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  const spec = (await (await page.request.get('/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.values(spec.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.locator('.opblock')).toHaveCount(operations);
  await expect(page.locator('#operations-tag-tus')).toContainText('Upload-Offset');

  await page.locator('#operations-jobs-translate .opblock-summary').click();
  await expect(page.locator('#operations-jobs-translate')).toContainText('PAYMENT_REQUIRED');
  await page.screenshot({ path: 'test-results/e2e/api-docs.png' });
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});

test('an installed web app leaves /docs and /v1/openapi.json to the server', async ({ page }) => {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), {
      timeout: 30_000,
    })
    .toBe('activated');
  await page.reload(); // now controlled by the service worker, whose navigation fallback is the app shell
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  const spec = await page.goto('/v1/openapi.json');
  expect(spec?.headers()['content-type']).toMatch(/^application\/json/);
});
