/**
 * The API reference: GET /v1/openapi.json is a valid OpenAPI 3.1 document generated from the contract, it lists
 * every route the server serves (and the table lists nothing the server does not serve), and /docs is the
 * interactive page, with local assets, no inline script and a CSP of its own, never swallowed by the web app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { declaredRoutes, routeKey } from '../helpers/contract-check.ts';
import { buildOpenApiDocument } from '../../../server/src/modules/docs/openapi.generator.ts';
import { ENDPOINTS, errorCodesOf, type Endpoint } from '../../../contract/endpoints.ts';
import { ERRORS, ERROR_CODES } from '../../../contract/errors.ts';

/** Routes that must be in the table and the document: the API's prefixes plus the signed and health paths. */
const API_ROUTE = /^\/(v1|auth|user|api)\/|^\/(uploads\/put|files)\/|^\/healthz$/;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let served: any;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-web-'));

  beforeAll(async () => {
    // A built web app beside the API, so the single-page fallback is live.
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Tarjama web app</title>');
    t = await startTestApp({ kind: 'pglite', env: { WEB_DIST_DIR: webDir } });
    served = await (await fetch(`${t.baseUrl}/v1/openapi.json`)).json();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('is valid OpenAPI 3.1, and what the server serves is the generated document', async () => {
    const strict = buildOpenApiDocument({ strict: true });
    expect(served).toEqual(strict);
    expect(served.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(served));
    expect(result, JSON.stringify(result)).toMatchObject({ valid: true, warnings: [], specification: 'OpenAPI' });
  });

  it('lists the calls the web app makes', () => {
    const expected: [string, string][] = [
      ['post', '/v1/uploads/presigned-url'],
      ['post', '/v1/jobs/translate'],
      ['post', '/v1/documents/translate'],
      ['get', '/v1/jobs/'],
      ['get', '/v1/jobs/{id}'],
      ['delete', '/v1/jobs/{id}'],
      ['post', '/v1/jobs/estimate'],
      ['get', '/v1/plans'],
      ['get', '/v1/users/me'],
      ['post', '/auth/signup'],
      ['post', '/auth/verify-email'],
      ['post', '/auth/login'],
    ];
    for (const [method, p] of expected) expect(served.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    // Login is form data; a job takes JSON whose schema names its fields.
    expect(Object.keys(served.paths['/auth/login'].post.requestBody.content)).toContain(
      'application/x-www-form-urlencoded',
    );
    const job = served.components.schemas.TranslateJobRequest;
    expect(job.required).toEqual(expect.arrayContaining(['media_url', 'target_languages', 'services_to_run']));
    // Inputs are described as a client sends them: 'pt-BR' is accepted (the server lower-cases it).
    expect(new RegExp(served.components.schemas.LanguageCode.pattern).test('pt-BR')).toBe(true);
    // Sign-up fields are required (a missing one gets its own message), with no '' default.
    expect(served.components.schemas.SignupRequest.required).toEqual(['email', 'password', 'full_name']);
    expect(served.components.schemas.EmailSchema.default).toBeUndefined();
  });

  it('documents authentication and every error code of each call with the ErrorBody schema', () => {
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(served.components['x-error-codes']).toEqual(ERRORS);
    expect(served.components.schemas.ErrorCode.enum).toEqual(ERROR_CODES);
    for (const [name, e] of Object.entries(ENDPOINTS as Record<string, Endpoint>)) {
      const op = served.paths[e.path][e.method.toLowerCase()];
      expect(op.operationId).toBe(name);
      expect(op.security, name).toEqual(e.auth === 'bearer' ? [{ bearerAuth: [] }] : undefined);
      expect(op['x-error-codes']).toEqual(errorCodesOf(e));
      for (const code of errorCodesOf(e)) {
        const answer = op.responses[String(ERRORS[code].status)];
        expect(answer?.description, `${name} ${code}`).toContain(code);
        expect(answer.content['application/json'].schema.allOf[0]).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
    const signed = served.paths['/uploads/put/{id}'].put;
    expect(signed.description).toMatch(/Signed URL/);
    expect(signed.parameters.map((p: any) => p.name)).toEqual(['id', 'expires', 'signature', 'Content-Length']);
    expect(served.paths['/v1/billing/webhook'].post.parameters[0]).toMatchObject({
      name: 'Stripe-Signature',
      in: 'header',
      required: true,
    });
  });

  it('explains tus: the upload_id metadata, PATCH at Upload-Offset, resume with HEAD, cancel with DELETE', () => {
    const tus = served.tags.find((tag: any) => tag.name === 'tus').description;
    for (const words of [
      'Upload-Metadata',
      'upload_id',
      'PATCH',
      'Upload-Offset',
      'HEAD',
      'DELETE',
      '24 hours',
      '2 GB',
    ])
      expect(tus).toContain(words);
    expect(served.paths['/uploads/tus'].post.parameters.map((p: any) => p.name)).toEqual([
      'Tus-Resumable',
      'Upload-Length',
      'Upload-Metadata',
    ]);
    const upload = served.paths['/uploads/tus/{id}'];
    expect(Object.keys(upload).sort()).toEqual(['delete', 'head', 'patch']);
    expect(upload.head.responses['200'].headers['Upload-Offset']).toBeDefined();
    expect(upload.patch.parameters.map((p: any) => p.name)).toContain('Upload-Offset');
    expect(upload.patch.responses['409'].description).toMatch(/HEAD/);
  });

  it('lists every route the server serves, and the table lists only served routes', () => {
    const declared = declaredRoutes();
    const servedKeys = new Set<string>();
    for (const route of t.routes) {
      for (const method of [route.method].flat()) {
        servedKeys.add(routeKey(method, route.url));
        if (!API_ROUTE.test(route.url)) continue;
        // Fastify answers HEAD from every GET route by itself.
        if (method === 'HEAD' && declared.has(routeKey('GET', route.url))) continue;
        const key = routeKey(method, route.url);
        const entry = declared.get(key);
        expect(entry, `${key} is not in contract/endpoints.ts`).toBeDefined();
        expect(served.paths[entry!.path]?.[method.toLowerCase()], `${key} is not in the document`).toBeDefined();
      }
    }
    for (const key of declared.keys()) expect(servedKeys.has(key), `${key} is declared but not served`).toBe(true);
  });

  it('lists RATE_LIMITED on every rate-limited route', () => {
    const declared = declaredRoutes();
    // Fastify adds a HEAD route for every GET with the same options; the GET is the one declared.
    const limited = t.routes.filter(
      (r) => r.method !== 'HEAD' && (r.config as { rateLimit?: unknown } | undefined)?.rateLimit,
    );
    expect(limited.length).toBeGreaterThan(5);
    for (const route of limited) {
      const key = routeKey([route.method].flat()[0], route.url);
      expect(declared.get(key)?.endpoint.errors, key).toContain('RATE_LIMITED');
    }
  });

  it('serves the interactive reference at /docs: local assets, no inline script, its own CSP', async () => {
    for (const url of ['/docs', '/docs/']) {
      const page = await fetch(`${t.baseUrl}${url}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const html = await page.text();
      expect(html).toContain('id="swagger-ui"');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every script is a file
      const sources = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(sources.length).toBeGreaterThan(3);
      for (const src of sources) {
        expect(src, 'no CDN').not.toMatch(/^(https?:)?\/\//);
        const asset = await fetch(new URL(src, `${t.baseUrl}${url}`));
        expect(asset.status, src).toBe(200);
        expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(0);
      }
    }
    const initializer = await (await fetch(`${t.baseUrl}/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain("resolveUrl('./json')");
    expect(await (await fetch(`${t.baseUrl}/docs/json`)).json()).toEqual(served);
  });

  it('keeps /docs and /v1/openapi.json away from the web app, which still answers its own pages', async () => {
    const app = await fetch(`${t.baseUrl}/studio`);
    expect(await app.text()).toContain('Tarjama web app');
    const spec = await fetch(`${t.baseUrl}/v1/openapi.json`);
    expect(spec.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await spec.json()) as { openapi: string }).openapi).toBe('3.1.0');
    const unknown = await fetch(`${t.baseUrl}/docs/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).not.toContain('Tarjama web app');
  });
});
