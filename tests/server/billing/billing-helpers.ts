/** Helpers of the billing tests: a signed-in user with the Free sign-up credits, and JSON calls to the API. */
import crypto from 'node:crypto';
import { users } from '../../../server/src/db/schema/index.ts';
import { addCredits, balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { FREE_SIGNUP_CREDITS } from '../../../server/src/modules/billing/current-plan.ts';
import type { TestApp } from '../helpers/test-app.ts';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A verified user holding the 25 Free credits, and a bearer token for them. */
export async function createUser(t: TestApp): Promise<TestUser> {
  const email = `user-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const [row] = await t.ctx.db
    .insert(users)
    .values({ email, fullName: 'Test User', emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  await addCredits(t.ctx.db, { userId: row.id, kind: 'grant', amount: FREE_SIGNUP_CREDITS, idempotencyKey: 'signup' });
  return { id: row.id, email, token: await t.ctx.tokens.issue(row.id) };
}

/** Calls the API with JSON; returns status and parsed body. */
export async function api(
  t: TestApp,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML pages stay text
  }
  return { status: res.status, body };
}

export const balance = (t: TestApp, userId: string) => balanceOf(t.ctx.db, userId);
