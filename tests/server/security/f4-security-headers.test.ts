/**
 * Issue 14, finding 4: the web app (`/`), an API answer and an error answer carry a strict CSP (scripts from this
 * origin only, the built index.html's inline block allowed by its hash, no inline handlers, no framing), nosniff,
 * X-Frame-Options and Referrer-Policy; HSTS only when PUBLIC_URL is https; /docs keeps its own CSP.
 * The browser side (the app, the worker, the service worker and the player under this CSP) is
 * tests/e2e/security-headers.spec.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { DOCS_CSP } from '../../../server/src/modules/docs/docs.routes.ts';

const INLINE = "document.documentElement.dir = 'rtl';";

/** The directives of a CSP header, by name. */
function directives(csp: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
}

describe('finding 4: security headers', () => {
  let t: TestApp;
  let https: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-test-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
    );
    t = await startTestApp({ kind: 'pglite', env: { WEB_DIST_DIR: webDir } });
    https = await startTestApp({ kind: 'pglite', env: { PUBLIC_URL: 'https://tarjama.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await https?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('the web app: strict CSP allowing only its own inline block by hash, nosniff, no framing, no referrer', async () => {
    const res = await fetch(`${t.baseUrl}/`);
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    const csp = directives(res.headers.get('content-security-policy'));
    const hash = `'sha256-${crypto.createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(csp['script-src']).toEqual(["'self'", hash]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['worker-src']).toContain("'self'");
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('HEAD / (curl -I) answers 200 with the same headers and no body', async () => {
    const res = await fetch(`${t.baseUrl}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
    expect(await res.text()).toBe('');
  });

  it('API and error answers carry the headers too', async () => {
    for (const url of ['/healthz', '/v1/plans', '/v1/jobs/']) {
      const res = await fetch(`${t.baseUrl}${url}`);
      expectCommonHeaders(res.headers);
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('HSTS only when PUBLIC_URL is https', async () => {
    const res = await fetch(`${https.baseUrl}/healthz`);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expectCommonHeaders(res.headers);
  });

  it('/docs keeps its own CSP', async () => {
    const res = await fetch(`${t.baseUrl}/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
