/**
 * Issue 23 in the browser: a Pro user creates an API key in Settings (secret shown once, listed by prefix), revokes
 * it, adds a webhook endpoint; buys a 100-credit pack on the subscription page through the test checkout; the
 * Arabic settings screen shows the same section in Arabic (screenshot in test-results/e2e/<test>/).
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, newEmail } from './helpers.ts';

/** A verified user moved to `plan` through the test checkout API, signed in on `page` in `locale`. */
async function payingUser(page: Page, request: APIRequestContext, tag: string, locale: 'en' | 'ar') {
  const { token, user } = await createVerifiedUser(request, newEmail(tag));
  const auth = { authorization: `Bearer ${token}` };
  const checkout = await request.post('/v1/billing/create-checkout-session', {
    headers: auth,
    data: { price_id: 'test_price_pro', plan_name: 'pro' },
  });
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  expect(
    (
      await request.post('/v1/billing/test-checkout/confirm', { headers: auth, data: { session_id: sessionId } })
    ).status(),
  ).toBe(200);
  await page.addInitScript(
    ([t, u, l]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', t as string);
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('tarjama.language', l as string);
      }
    },
    [token, user, locale],
  );
}

test('a Pro user creates, lists and revokes an API key and adds a webhook endpoint', async ({ page, request }) => {
  await payingUser(page, request, 'apikey', 'en');
  await page.goto('/settings');
  const section = page.getByTestId('api-keys');
  await expect(section.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await section.getByLabel('Key name').fill('CMS upload');
  await section.getByRole('button', { name: 'Create key' }).click();
  const secret = (await section.getByTestId('api-key-secret').locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^tjk_/);
  const row = section.getByTestId('api-key-row');
  await expect(row).toContainText('CMS upload');
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('Never used');
  // The key works for a program.
  expect((await request.get('/v1/jobs/', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
  await page.reload();
  await expect(section.getByTestId('api-key-secret')).toHaveCount(0);
  await expect(row).not.toContainText(secret);
  // Revoking asks first (issue 38 item 4): Cancel keeps the key working.
  await row.getByRole('button', { name: 'Revoke' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
  await expect(ask).toContainText('CMS upload');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect((await request.get('/v1/jobs/', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await ask.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  expect((await request.get('/v1/jobs/', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);

  // A private address is refused with the server's reason (no WEBHOOK_ALLOW_PRIVATE_URLS in the e2e server).
  await page.getByLabel('Endpoint URL').fill('https://169.254.169.254/latest');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText('This webhook URL is not allowed', { exact: false }).first()).toBeVisible();
});

test('a Pro user buys 100 credits for $10.00 through the test checkout', async ({ page, request }) => {
  await payingUser(page, request, 'pack', 'en');
  await page.goto('/subscription');
  await page
    .getByTestId('credit-packs')
    .getByRole('button', { name: /100 credits for \$10\.00/ })
    .click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session_id=/);
  const summary = page.getByTestId('checkout-summary');
  await expect(summary).toContainText('$10.00');
  // A pack is bought once (issue 38 item 4): no "plan", no "per month".
  await expect(page.getByRole('heading', { name: 'Confirm your credit pack' })).toBeVisible();
  await expect(summary).toContainText('Pack of 100 credits');
  await expect(summary).toContainText('One-time payment');
  await expect(page.locator('main')).not.toContainText('per month');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/test-checkout/);
  await page.goto('/subscription');
  const row = page.getByTestId('invoice-row').filter({ hasText: '$10.00' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pack of 100 credits, bought once');
});

test('the API keys section in Arabic', async ({ page, request }, testInfo) => {
  await payingUser(page, request, 'apikey-ar', 'ar');
  await page.goto('/settings');
  const section = page.getByTestId('api-keys');
  await expect(section.getByRole('heading', { name: 'مفاتيح واجهة البرمجة' })).toBeVisible();
  await section.getByLabel('اسم المفتاح').fill('رفع المحتوى');
  await section.getByRole('button', { name: 'إنشاء مفتاح' }).click();
  await expect(section.getByTestId('api-key-row')).toContainText('لم يُستخدم بعد');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const file = testInfo.outputPath('api-keys-ar.png');
  await section.screenshot({ path: file });
  await testInfo.attach('api-keys-ar', { path: file, contentType: 'image/png' });
});
