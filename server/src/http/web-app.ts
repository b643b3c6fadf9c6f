/**
 * Serves the built PWA (./dist): every file at its own path, brotli or gzip when the browser accepts it (the
 * compressed copies are made once per build, next to the files, in the background after start-up), hashed assets
 * cached for a year, the app's routes answered with index.html, and any other path with 404 (issue 15 item 22).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors.ts';

/** The single-page app's routes (src/app/routes.tsx): exact paths, and prefixes whose sub-paths are routes. */
const APP_PATHS = ['/', '/pricing', '/auth', '/studio', '/subscription', '/settings', '/jobs', '/editor'];
const APP_PREFIXES = ['/auth/', '/billing/', '/jobs/', '/editor/'];

/** Whether a GET path is one of the web app's pages (answered with index.html, status 200). */
export function isAppRoute(url: string): boolean {
  const pathname = url.split('?')[0].replace(/\/+$/, '') || '/';
  return APP_PATHS.includes(pathname) || APP_PREFIXES.some((p) => pathname.startsWith(p));
}

/** Text files worth compressing (images and fonts in the build are already compressed). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml|map|wasm)$/;
/** Smaller files are sent as they are (a compressed copy saves nothing worth a header). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to each compressible file of the
 * build that has none newer than itself. Runs once per build; later starts find the copies and skip them.
 * @returns the number of files compressed.
 */
export async function precompressWebApp(distDir: string): Promise<number> {
  let count = 0;
  for (const file of listFiles(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const stat = fs.statSync(file);
    if (stat.size < MIN_BYTES) continue;
    const fresh = (copy: string) => fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= stat.mtimeMs;
    if (fresh(`${file}.br`) && fresh(`${file}.gz`)) continue;
    const bytes = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: 9 }),
    ]);
    // Written under a temporary name first: a request never sees half a file.
    for (const [ext, data] of [
      ['br', br],
      ['gz', gz],
    ] as const) {
      fs.writeFileSync(`${file}.${ext}.tmp`, data);
      fs.renameSync(`${file}.${ext}.tmp`, `${file}.${ext}`);
    }
    count += 1;
  }
  return count;
}

/** Registers the PWA on the app (when ./dist has a build) and the 404 answer of every unknown path. */
export async function registerWebApp(app: FastifyInstance, distDir: string, apiPrefixes: string[]): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    // In the background: until a copy exists the file is sent as it is.
    void precompressWebApp(distDir).catch((err: unknown) => app.log.warn({ err }, 'pre-compression failed'));
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        res.header('Vary', 'Accept-Encoding');
        // Vite names the files of assets/ by their content hash: they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest'))
          res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=86400');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // HEAD is a GET without the body (`curl -I /`): the same answer and headers.
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isApi = apiPrefixes.some((p) => url.startsWith(p)) || !isPage;
    if (!isApi && hasWeb && isAppRoute(url)) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile));
    }
    // A page-like path (no extension) gets the app's own "page not found" with the 404 status; a missing file a
    // plain 404.
    if (!isApi && hasWeb && !path.extname(url) && request.headers.accept?.includes('text/html')) {
      return reply
        .status(404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile));
    }
    const err = new AppError('NOT_FOUND', `No route for ${request.method} ${url}.`);
    return reply.status(404).send(err.toBody());
  });
}
