/**
 * Helpers for the account tests: JSON/form calls against a running test app, reading the e-mails the outbox
 * mailer wrote (DATA_DIR/outbox/*.eml, parsed with mailparser), and a signed-up, verified account.
 */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { TestApp } from '../helpers/test-app.ts';

export interface CallResult {
  status: number;
  body: any;
  headers: Headers;
}

/** Sends `body` as JSON (or raw when a string) with an optional bearer token. */
export async function call(
  t: TestApp,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${t.baseUrl}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** POST /auth/login as form data (application/x-www-form-urlencoded), as the web app sends it. */
export async function login(t: TestApp, email: string, password: string): Promise<CallResult> {
  const res = await fetch(`${t.baseUrl}/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Every e-mail in the app's outbox, oldest first. */
export async function outbox(t: TestApp): Promise<ParsedMail[]> {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}

/** The e-mails sent to `email`, oldest first. */
export async function mailsTo(t: TestApp, email: string): Promise<ParsedMail[]> {
  return (await outbox(t)).filter(
    (m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address?.toLowerCase() === email.toLowerCase()),
  );
}

/** The 6-digit code of a verification e-mail. */
export function codeIn(mail: ParsedMail): string {
  const match = String(mail.text).match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no 6-digit code in: ${mail.text}`);
  return match[1];
}

/** The code of the newest verification e-mail sent to `email`. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const mails = (await mailsTo(t, email)).filter((m) => m.subject === 'Your Tarjama verification code');
  if (!mails.length) throw new Error(`no verification e-mail to ${email}`);
  return codeIn(mails[mails.length - 1]);
}

let counter = 0;
/** A fresh unique e-mail address for one test. */
export function newEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'Secret123';

/** Signs up, verifies with the e-mailed code and signs in; returns the e-mail and an access token. */
export async function verifiedAccount(
  t: TestApp,
  fullName = 'Test User',
): Promise<{ email: string; token: string; userId: string }> {
  const email = newEmail();
  const signup = await call(t, 'POST', '/auth/signup', { email, password: PASSWORD, full_name: fullName });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const verify = await call(t, 'POST', '/auth/verify-email', { email, otp: await latestCode(t, email) });
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  const signin = await login(t, email, PASSWORD);
  if (signin.status !== 200) throw new Error(`login failed: ${JSON.stringify(signin.body)}`);
  return { email, token: signin.body.access_token, userId: signin.body.user.id };
}
