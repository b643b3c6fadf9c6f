/**
 * Own-words work bounded by its price (issue 24 item 9): a transcript's auto-sync work grows with its text, the
 * price with the media's length, so a transcript may hold at most 25 characters a second of media (a quarter above
 * Netflix's adult reading speed). A 5,600-word .txt on the 11 s jfk.mp4 is refused at submission with
 * OWN_WORDS_TOO_MUCH_TEXT and nothing reserved; the speech's own transcript is accepted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from './fixtures.ts';

const JFK =
  'And so, my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

describe('a transcript is bounded by the media length', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  let video: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    user = await createUser(t, 100);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-text-bound-'));
    video = (await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function submit(name: string, text: string) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    const up = await uploadByPut(t, user, file, name, 'text/plain');
    expect(up.status).toBe(200);
    return api(t, user, 'POST', '/v1/jobs/translate', {
      media_url: video,
      source_subtitles_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
  }

  it('refuses a 5,600-word transcript on 11 s of video, reserving nothing; accepts the real one', async () => {
    const before = (await api(t, user, 'GET', '/v1/users/me')).body.credit_balance;
    const words = JFK.split(' ');
    const long = Array.from({ length: 5600 }, (_, i) => words[i % words.length]).join(' ');
    const refused = await submit('long.txt', long);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('OWN_WORDS_TOO_MUCH_TEXT');
    expect((await api(t, user, 'GET', '/v1/users/me')).body.credit_balance).toBe(before);
    const ok = await submit('jfk.txt', JFK);
    expect(ok.body.code).toBeUndefined();
    expect(ok.status).toBe(201);
  });
});
