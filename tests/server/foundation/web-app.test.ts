/**
 * The built web app as browsers receive it (issue 15 item 22): text files compressed (brotli or gzip, made once
 * next to the build), hashed assets cached for a year, the app's pages answered with index.html, robots.txt a
 * real file, and every other path 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { isAppRoute, precompressWebApp } from '../../../server/src/http/web-app.ts';

describe('the web app files', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
  const script = `console.log(${JSON.stringify('Tarjama '.repeat(4000))});\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><title>Tarjama web app</title>${' '.repeat(2000)}`,
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'index-AbC123xy.js'), script);
    fs.writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    t = await startTestApp({ kind: 'pglite', env: { WEB_DIST_DIR: webDir } });
    // The copies are made in the background after start-up; this waits for them (a second run finds them made).
    await precompressWebApp(webDir);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the main script compressed when the browser accepts it, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await fetch(`${t.baseUrl}/assets/index-AbC123xy.js`, { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      // The bytes on the wire (fetch decodes the body itself).
      expect(Number(res.headers.get('content-length'))).toBeLessThan(script.length / 10);
      expect(await res.text()).toBe(script);
    }
    const plain = await fetch(`${t.baseUrl}/assets/index-AbC123xy.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers the app pages with index.html (never cached), robots.txt as a file, and anything else 404', async () => {
    for (const page of ['/', '/studio', '/pricing', '/auth/verify', '/billing/test-portal']) {
      const res = await fetch(`${t.baseUrl}${page}`, { headers: { accept: 'text/html' } });
      expect(res.status, page).toBe(200);
      expect(await res.text()).toContain('Tarjama web app');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const robots = await fetch(`${t.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('User-agent');
    for (const missing of ['/wp-login.php', '/favicon-old.png', '/sitemap.xml']) {
      const res = await fetch(`${t.baseUrl}${missing}`);
      expect(res.status, missing).toBe(404);
      expect(await res.text()).not.toContain('Tarjama web app');
    }
    // A page-like unknown path: status 404, with the app's own "page not found" for a browser.
    const page = await fetch(`${t.baseUrl}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Tarjama web app');
  });

  it('knows the app routes', () => {
    expect(isAppRoute('/studio?x=1')).toBe(true);
    expect(isAppRoute('/settings/')).toBe(true);
    expect(isAppRoute('/robots.txt')).toBe(false);
    expect(isAppRoute('/admin')).toBe(false);
  });
});
