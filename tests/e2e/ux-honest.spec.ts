/**
 * Issue 15 as a new user meets it, in Chromium against the real server on its default (local) engines:
 * the studio offers what the engines serve (item 1), an unverified account is never a dead end (items 2, 11),
 * a refused file cannot become a job (item 4), Start Free Trial opens Sign Up (item 13).
 */
import { test, expect } from '@playwright/test';
import { chooseVideo, newEmail, PASSWORD, readCode, signInFresh } from './helpers.ts';

test('the studio shows untranslatable languages as unavailable in one plain sentence, and voices with samples', async ({
  page,
  request,
}) => {
  const caps = (await (await request.get('/v1/capabilities')).json()) as {
    languages: { code: string; translation_from: string[]; voices: unknown[] }[];
  };
  const none = caps.languages.filter((l) => l.translation_from.length === 0).map((l) => l.code);
  expect(none).toEqual(expect.arrayContaining(['de', 'ja', 'ko', 'zh', 'ar', 'hi']));

  await signInFresh(page, request, 'caps');
  await page.goto('/studio');
  await chooseVideo(page);
  await page.getByTestId('source-language').selectOption('en-gb');
  for (const name of ['German', 'Japanese', 'Korean', 'Chinese', 'Arabic', 'Hindi']) {
    const chip = page.locator('label.chip', { hasText: new RegExp(`^${name}$`) });
    await expect(chip).toHaveAttribute('data-unavailable', 'translation');
    await expect(chip.locator('input')).toBeDisabled();
  }
  const note = page.getByTestId('targets-unavailable');
  await expect(note).toContainText('needs a translation service; ask your administrator.');
  await expect(note).toContainText('Arabic');
  // Never a setting name.
  await expect(page.locator('body')).not.toContainText(/DEEPL|OPENAI|_API_KEY|_URL/);
  // Spanish can be chosen; with a voice-over its voices are listed and a sample plays from the server.
  await page.locator('label.chip', { hasText: /^Spanish$/ }).click();
  await page.getByRole('checkbox', { name: /Voice-over/ }).check();
  const voices = page.getByTestId('voice-es');
  await expect(voices.locator('option')).not.toHaveCount(1);
  await voices.selectOption({ index: 1 });
  const sample = page.waitForResponse((r) => r.url().includes('/v1/voices/') && r.url().includes('/sample'));
  await page.getByTestId('voice-sample-es').click();
  const answer = await sample;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('audio/mpeg');
  await page.screenshot({ path: 'test-results/e2e/studio-unavailable-languages.png', fullPage: true });
});

test('an unverified user signing in enters the code (or a new one) and lands in the studio', async ({
  page,
  request,
  browser,
}) => {
  const email = newEmail('unverified');
  const signup = await request.post('/auth/signup', {
    data: { email, password: PASSWORD, full_name: 'Late Verifier' },
  });
  expect(signup.status()).toBe(201);
  const first = await readCode(email);

  // Opened without an address (a new tab, a restart): it asks for the address instead of a dead end.
  const other = await browser.newPage();
  await other.goto('/auth/verify');
  await expect(other.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(other.getByText(/Please sign up again/)).toHaveCount(0);
  await other.close();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.locator('#signin-password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await expect(page.getByTestId('verify-intro')).toContainText('not verified yet');
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
  // A new code was sent with the sign-in: the newest e-mail holds it.
  let code = first;
  await expect.poll(async () => (code = await readCode(email))).not.toBe(first);
  await page.getByLabel('Digit 1').fill(code);
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByText('Your email is verified. Welcome to Tarjama!')).toBeVisible();
  await expect(page.getByText(/not accepted|Invalid OTP/)).toHaveCount(0);
  await expect(page.getByTestId('plan-badge')).toBeVisible();
});

test('a 0-byte or fake video cannot be submitted, and no job waits for it', async ({ page, request }) => {
  const email = await signInFresh(page, request, 'badfile');
  await page.goto('/studio');
  await page
    .getByTestId('media-drop-input')
    .setInputFiles({ name: 'empty.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(0) });
  await expect(page.getByText('This file is empty. Choose another file.')).toBeVisible();
  await expect(page.getByTestId('upload-item')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start Processing' })).toHaveCount(0);

  await page.getByTestId('media-drop-input').setInputFiles({
    name: 'notes.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('These are plain text notes, not a video.\n'.repeat(200)),
  });
  await page.getByTestId('source-language').selectOption('en-gb');
  await page.locator('label.chip', { hasText: /^Spanish$/ }).click();
  await expect(page.getByTestId('upload-item')).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Start Processing' })).toBeDisabled();
  // No raw library text in the card.
  await expect(page.getByTestId('upload-item')).not.toContainText(/Invalid data found|ffmpeg|ffprobe/i);
  await expect(page.getByText(/Waiting/)).toHaveCount(0);

  const login = await request.post('/auth/login', { form: { username: email, password: PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const jobs = await request.get('/v1/jobs/', { headers: { authorization: `Bearer ${token}` } });
  expect(((await jobs.json()) as unknown[]).length).toBe(0);
});

test('Start Free Trial opens Sign Up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Full Name')).toBeVisible();
});

test('the Arabic UI words server refusals by their code, never in English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tarjama.language', 'ar'));
  await page.goto('/auth');
  await page.locator('#signin-email').fill(newEmail('nobody'));
  await page.locator('#signin-password').fill('Wrong-password-1');
  await page.locator('form').getByRole('button', { name: 'تسجيل الدخول' }).click();
  const toast = page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .filter({ hasText: /[\u0600-\u06ff]/ });
  await expect(toast.first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Incorrect email|password\./i);
});
