/**
 * The other screens as a user meets them: a Word document translated and downloaded, password reset from the
 * e-mailed link, test-mode checkout and billing, profile, sign-out, account deletion, Google without
 * configuration, and the not-found page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { createVerifiedUser, newEmail, OUTBOX, PASSWORD, signInFresh } from './helpers.ts';

const DOCX = path.resolve('../shared/testdata/docx/test.docx');
const EMPTY_DOCX = path.resolve('../shared/testdata/docx/tbl-2x2-table.docx');

test('a Word document is translated to Spanish and downloads as {name}__es.docx', async ({ page, request }) => {
  await signInFresh(page, request, 'docx');
  await page.goto('/studio');
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByText('0.5 credits per 100 words')).toBeVisible();
  // A document without text is refused with the server's reason.
  await page.getByTestId('document-drop-input').setInputFiles(EMPTY_DOCX);
  await expect(page.getByTestId('upload-item')).toContainText('has no text to translate');
  await page.getByTestId('upload-item').getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('document-drop-input').setInputFiles(DOCX);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await expect(page.getByTestId('source-language')).toHaveValue('en-gb');
  await page.locator('label.chip', { hasText: /^Spanish$/ }).click();
  await page.getByRole('button', { name: 'Start Processing' }).click();
  await expect(page.getByText('Job Submitted Successfully!').first()).toBeVisible();
  const row = page.getByTestId('job-row').first();
  await expect(row).toContainText('Document translation');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(row.getByRole('button', { name: 'Preview' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Download' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.locator('[role="menuitem"][data-ext="docx"]').click();
  await expect(page.getByText('Your document will begin downloading.')).toBeVisible();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('test__es.docx');
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  // Delete asks first, then removes the job from the history.
  const id = await row.getAttribute('data-job-id');
  await row.getByRole('button', { name: /Delete job/ }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Job deleted successfully.')).toBeVisible();
  await expect(page.locator(`[data-job-id="${id}"]`)).toHaveCount(0);
});

test('password reset through the e-mailed link', async ({ page, request }) => {
  const email = newEmail('reset');
  await createVerifiedUser(request, email);

  await page.goto('/auth/reset-password');
  await expect(page.getByText('Password reset token is missing.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account with that email exists, a password reset link has been sent.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  let link = '';
  await expect(async () => {
    const files = fs.readdirSync(OUTBOX).sort().reverse();
    const mail = files
      .map((f) =>
        fs
          .readFileSync(path.join(OUTBOX, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .find((m) => m.includes(email) && m.includes('reset-password?token='));
    link = mail?.match(/\/auth\/reset-password\?token=[\w%.-]+/)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });

  await page.goto(link);
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await page.locator('#reset-password').fill('weakpass');
  await expect(submit).toBeDisabled();
  await page.locator('#reset-password').fill('NewPassw0rd');
  await page.locator('#reset-confirm').fill('NewPassw0rd!');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.locator('#reset-confirm').fill('NewPassw0rd');
  await submit.click();
  await expect(page.getByText('Your password has been reset successfully. Please sign in.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.locator('#signin-password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Failed to sign in')).toBeVisible();
  await page.locator('#signin-password').fill('NewPassw0rd');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/studio$/);
});

test('test-mode checkout, subscription, billing portal and cancellation', async ({ page, request }) => {
  await signInFresh(page, request, 'billing');
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-card')).toHaveCount(4);
  const free = page.locator('[data-testid="plan-card"][data-plan="Free"]');
  await expect(free.getByTestId('current-plan-badge')).toHaveText('Current Plan');
  await expect(page.locator('[data-plan="business"]').getByRole('button')).toHaveText('Choose Business');

  await page.locator('[data-plan="explorer"]').getByRole('button').click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session_id=/);
  await expect(page.getByTestId('test-mode-banner')).toContainText('No payment is taken');
  await expect(page.getByTestId('checkout-summary')).toContainText('$19.00');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/studio$/); // the query string is removed
  await expect(page.getByText('Subscription Successful!')).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-plan', 'explorer');

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription Management' })).toBeVisible();
  await expect(page.getByTestId('subscription-plan')).toHaveText('Explorer');
  await expect(page.getByTestId('invoice-row').first()).toContainText('$19.00');
  await expect(page.locator('[data-plan="explorer"]').getByTestId('current-plan-badge')).toBeVisible();
  await expect(page.locator('[data-plan="Free"]').getByRole('button')).toHaveText('Downgrade to Free');

  await page.getByRole('button', { name: 'Manage Billing Portal' }).click();
  await expect(page).toHaveURL(/\/billing\/test-portal$/);
  await expect(page.getByTestId('invoice-row')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Subscription canceled')).toBeVisible();
});

test('profile, sign-out and account deletion', async ({ page, request }) => {
  const email = await signInFresh(page, request, 'settings');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await page.getByLabel('Full Name').fill('A');
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page.getByTestId('account-menu')).toContainText('Grace Hopper');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
  await expect(dialog).toContainText('All your translation jobs and results');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Your account has been permanently deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  const login = await request.post('/auth/login', { form: { username: email, password: PASSWORD } });
  expect(login.status()).toBeGreaterThanOrEqual(400);
});

test('sign-out from the account menu', async ({ page, request }) => {
  await signInFresh(page, request, 'signout');
  await page.goto('/studio');
  await page.getByTestId('account-menu').click();
  await expect(page.getByText('My Account')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Successfully signed out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/studio');
  await expect(page).toHaveURL(/\/auth$/);
});

test('Google sign-in without configuration is not offered; unknown pages show 404', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.locator('#signin-password')).toBeVisible();
  // This server has no Google sign-in: its button is not shown (issue 22 item 11).
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);

  await page.goto('/auth/callback');
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
