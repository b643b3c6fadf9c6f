/**
 * Helpers shared by the storage, uploads and jobs suites: a signed-in user with credits (rows written the way
 * sign-up writes them), and the two upload paths a browser uses (signed PUT, tus).
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { users } from '../../../server/src/db/schema/index.ts';
import { addCredits } from '../../../server/src/modules/credits/ledger.repository.ts';
import type { TestApp } from '../helpers/test-app.ts';

export const TESTDATA = new URL('../../../../shared/testdata/', import.meta.url).pathname;
export const JFK_MP4 = `${TESTDATA}video/jfk.mp4`;
export const JFK_WAV = `${TESTDATA}audio/jfk.wav`;
export const SAMPLE_DOCX = `${TESTDATA}docx/test.docx`;

/**
 * What the recogniser hears in jfk.mp4 (its four cues, word for word and to the hundredth of a second), as the
 * user's own subtitles (jfk.mp4 and jfk.wav are the same speech), for tests about what comes after recognition:
 * the job skips the recogniser (the slowest step, tested elsewhere) and starts from the same source track.
 */
export const JFK_EN_SRT = `1
00:00:00,290 --> 00:00:02,410
And I got my america.

2
00:00:03,290 --> 00:00:04,300
And not.

3
00:00:05,350 --> 00:00:07,670
What your country can do for you.

4
00:00:08,160 --> 00:00:10,460
And when you can do to your country.
`;

export interface TestUser {
  id: string;
  token: string;
  auth: Record<string, string>;
}

/** A verified user holding `credits` credits, and a bearer token for them. */
export async function createUser(t: TestApp, credits: number): Promise<TestUser> {
  const email = `u-${crypto.randomBytes(5).toString('hex')}@example.test`;
  const [row] = await t.ctx.db
    .insert(users)
    .values({ email, fullName: 'Test User', emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (credits > 0)
    await addCredits(t.ctx.db, {
      userId: row.id,
      kind: 'grant',
      amount: credits,
      idempotencyKey: `test-grant:${row.id}`,
    });
  const token = await t.ctx.tokens.issue(row.id);
  return { id: row.id, token, auth: { authorization: `Bearer ${token}` } };
}

export async function api(
  t: TestApp,
  user: TestUser | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { ...(user?.auth ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Asks for an upload target and PUTs the file to upload_url as the web app does (with x-amz-acl). */
export async function uploadByPut(
  t: TestApp,
  user: TestUser,
  file: string,
  filename: string,
  contentType: string,
): Promise<{ status: number; fileUrl: string; uploadId: string; body: any }> {
  const target = await api(t, user, 'POST', '/v1/uploads/presigned-url', { filename, content_type: contentType });
  if (target.status !== 200) throw new Error(`presigned-url answered ${target.status}: ${JSON.stringify(target.body)}`);
  const res = await fetch(target.body.upload_url, {
    method: 'PUT',
    headers: {
      'content-type': contentType,
      'x-amz-acl': 'public-read',
      'content-length': String(fs.statSync(file).size),
    },
    body: fs.readFileSync(file),
  });
  const text = await res.text();
  return { status: res.status, fileUrl: target.body.file_url, uploadId: target.body.upload_id, body: text };
}
