/**
 * A download URL of local storage whose file is written again (an edit renders the SRT again under the same key,
 * while a job list read from its cache still hands out the same signed URL): the browser is told to ask again every
 * time (no-cache), gets 304 only while its copy is the current file, and the new bytes once the file changed. With
 * `max-age=3600` before, Chromium served the pre-edit SRT from its cache (caught by Playwright issue22-downloads).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('a signed download whose file changes under the same URL', () => {
  let t: TestApp;
  let tmp: string;
  const key = `outputs/revalidate/${Date.now()}/talk_es.srt`;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'download-revalidate-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function write(text: string) {
    const src = path.join(tmp, 'src.srt');
    fs.writeFileSync(src, text);
    await t.ctx.storage.putFile(key, src, { contentType: 'application/x-subrip' });
  }

  it('must be revalidated, answers 304 while unchanged and the new bytes after a change', async () => {
    await write('1\n00:00:00,290 --> 00:00:02,410\nY cogía mi america.\n');
    const url = await t.ctx.storage.downloadUrl(key, { filename: 'talk_es.srt', contentType: 'application/x-subrip' });
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('last-modified')).toBeTruthy();
    expect(await first.text()).toContain('america');

    const unchanged = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    // The edit: new text under the same key, fetched with the same URL and the old entity tag.
    await new Promise((r) => setTimeout(r, 20));
    await write('1\n00:00:00,290 --> 00:00:02,410\nTexto corregido después de la edición\n');
    const changed = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('Texto corregido');
  });
});
