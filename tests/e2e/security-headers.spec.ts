/**
 * Issue 14, finding 4, in Chromium: the app runs under its strict CSP with no violation — the page and its
 * hashed inline lang/dir block (Arabic applied before the first paint), the service worker, and the upload worker
 * sending a file — and its answers carry the headers.
 */
import { test, expect } from '@playwright/test';
import { chooseVideo, signInFresh } from './helpers.ts';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

test('the app, its inline start-up block, the service worker and the upload worker run under the CSP', async ({
  page,
  request,
}) => {
  // Injected through the DevTools protocol, so it runs whatever the CSP says and sees every violation.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });

  const home = await page.goto('/');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The service worker registers and takes control.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);

  // The hashed inline block runs: Arabic is applied from localStorage before the app starts.
  await page.evaluate(() => localStorage.setItem('tarjama.language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.evaluate(() => localStorage.setItem('tarjama.language', 'en'));

  // Signed in, the upload worker sends a file.
  await signInFresh(page, request, 'csp');
  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();

  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(consoleCsp).toEqual([]);
});
