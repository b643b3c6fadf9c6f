/** Shared steps of the browser tests: accounts through the real API, the e-mailed code read from the outbox. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const OUTBOX = path.resolve('.test-data/e2e/outbox');
export const JFK = path.resolve('../shared/testdata/video/jfk.mp4');
export const PASSWORD = 'Tarjama2026!';

/** A fresh address per test so runs never collide. */
export function newEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Reads the 6-digit code of the newest e-mail to `email` in the server's outbox (waits up to 15 s). */
export async function readCode(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(OUTBOX)) {
      const files = fs
        .readdirSync(OUTBOX)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
      for (const file of files) {
        const raw = fs.readFileSync(path.join(OUTBOX, file), 'utf8').replace(/=\r?\n/g, '');
        if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
        const match = raw.match(/code is:?\s*(?:<\/p><p[^>]*>)?\s*(\d{6})/i) ?? raw.match(/\b(\d{6})\b/);
        if (match) return match[1];
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No verification e-mail for ${email} in ${OUTBOX}`);
}

/** Creates and verifies an account through the API; returns its bearer token and user. */
export async function createVerifiedUser(
  request: APIRequestContext,
  email: string,
): Promise<{ token: string; user: unknown }> {
  const signup = await request.post('/auth/signup', { data: { email, password: PASSWORD, full_name: 'Test User' } });
  expect(signup.status()).toBe(201);
  const otp = await readCode(email);
  const verify = await request.post('/auth/verify-email', { data: { email, otp } });
  expect(verify.status()).toBe(200);
  const login = await request.post('/auth/login', { form: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { access_token: string; user: unknown };
  return { token: body.access_token, user: body.user };
}

/** Opens the app signed in as a fresh verified user (token stored as the app stores it). */
export async function signInFresh(
  page: Page,
  request: APIRequestContext,
  tag: string,
  locale: 'en' | 'ar' = 'en',
): Promise<string> {
  const email = newEmail(tag);
  const { token, user } = await createVerifiedUser(request, email);
  await signInAs(page, token, user, locale);
  return email;
}

/** Opens the app, from its next page load on, signed in with `token` as `user` (stored as the app stores them). */
export async function signInAs(page: Page, token: string, user: unknown, locale: 'en' | 'ar' = 'en'): Promise<void> {
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

/** Drops jfk.mp4 into the studio's media drop zone. */
export async function chooseVideo(page: Page): Promise<void> {
  await page.getByTestId('media-drop-input').setInputFiles(JFK);
}

/** Picks Spanish as target and subtitles + voice-over as outputs. */
export async function configureSpanish(page: Page, voiceOver = true): Promise<void> {
  await page.getByTestId('source-language').selectOption('en-gb');
  await page.locator('label.chip', { hasText: /^(Spanish|الإسبانية)$/ }).click();
  if (voiceOver) await page.getByRole('checkbox', { name: /Voice-over|التعليق الصوتي/ }).check();
}
