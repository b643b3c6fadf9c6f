/**
 * The API reference: GET /v1/openapi.json (the generated OpenAPI 3.1 document) and the interactive page at /docs
 * (@fastify/swagger in static mode serving that same document, @fastify/swagger-ui with its assets from
 * node_modules: no CDN). The document is built once per app from the contract.
 *
 * /docs sends its own Content-Security-Policy, replacing the app's for its pages and assets: everything from this
 * origin only, no inline script or style (the page's scripts are files, Swagger UI's set-up included; React sets
 * element styles through the DOM, which CSP allows), plus data: images, which Swagger UI's stylesheet uses for its
 * icons. The base layout leaves out the top bar (its logo would need an inline <style>, and its URL box is of no use
 * here).
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from '../../context.ts';
import { buildOpenApiDocument } from './openapi.generator.ts';
import { API_TITLE } from './openapi.texts.ts';

/** Where the interactive reference lives. */
export const DOCS_PREFIX = '/docs';

/** The CSP of the /docs pages: this origin only, plus data: images (Swagger UI's icons). */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
].join('; ');

export async function docsRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  const document = buildOpenApiDocument();
  const body = JSON.stringify(document);

  app.get('/v1/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(body),
  );

  await app.register(async (scope) => {
    await scope.register(swagger, { mode: 'static', specification: { document: document as never } });
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: DOCS_CSP,
      theme: { title: `${API_TITLE} reference` },
      uiConfig: {
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
        displayOperationId: false,
        tryItOutEnabled: false,
      },
    });
  });
}
