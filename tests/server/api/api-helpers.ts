/**
 * Helpers of the API-for-programs tests (issue 23): a user moved to a paid plan through the real test-mode
 * checkout, an API key created through the API, and calls made with nothing but that key.
 */
import fs from 'node:fs';
import type { TestApp } from '../helpers/test-app.ts';
import { api, createUser, type TestUser } from '../jobs/fixtures.ts';

/** Buys `plan` for the user through the test-mode checkout (create session, confirm), as the web app does. */
export async function upgrade(t: TestApp, user: TestUser, plan: 'explorer' | 'pro' | 'business'): Promise<void> {
  const checkout = await api(t, user, 'POST', '/v1/billing/create-checkout-session', {
    price_id: `test_price_${plan}`,
    plan_name: plan,
  });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const confirm = await api(t, user, 'POST', '/v1/billing/test-checkout/confirm', {
    session_id: checkout.body.sessionId,
  });
  if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status}: ${JSON.stringify(confirm.body)}`);
}

/** A Pro user (their JWT in `auth`) and a new API key of theirs, `key` acting with that key only. */
export async function proUserWithKey(
  t: TestApp,
  credits = 0,
): Promise<{ user: TestUser; key: TestUser; secret: string; keyId: string }> {
  const user = await createUser(t, credits);
  await upgrade(t, user, 'pro');
  const created = await api(t, user, 'POST', '/v1/api-keys', { name: 'agency uploader' });
  if (created.status !== 201) throw new Error(`create key answered ${created.status}: ${JSON.stringify(created.body)}`);
  const secret: string = created.body.secret;
  return { user, secret, keyId: created.body.id, key: keyUser(user.id, secret) };
}

/** A caller that authenticates with `secret` only. */
export function keyUser(id: string, secret: string): TestUser {
  return { id, token: secret, auth: { authorization: `Bearer ${secret}` } };
}

/**
 * Uploads `file` by tus 1.0 (creation, then one PATCH) to the upload `uploadId` with `auth` headers.
 * @returns the status of the PATCH that completed it
 */
export async function uploadByTus(
  t: TestApp,
  auth: Record<string, string>,
  uploadId: string,
  file: string,
  filename: string,
): Promise<{ createStatus: number; patchStatus: number; body: string }> {
  const bytes = fs.readFileSync(file);
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await fetch(`${t.baseUrl}/uploads/tus`, {
    method: 'POST',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${b64(filename)},upload_id ${b64(uploadId)}`,
    },
  });
  await created.text();
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) return { createStatus: created.status, patchStatus: 0, body: '' };
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  return { createStatus: created.status, patchStatus: patched.status, body: await patched.text() };
}
