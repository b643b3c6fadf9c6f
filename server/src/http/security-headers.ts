/**
 * Security headers of every answer (issue 14, finding 4), with @fastify/helmet: a strict Content-Security-Policy,
 * X-Content-Type-Options nosniff, frame-ancestors 'none' plus X-Frame-Options DENY, Referrer-Policy no-referrer
 * (reset links carry their token in the URL), and Strict-Transport-Security only when PUBLIC_URL is https.
 *
 * The CSP allows scripts from this origin only: no inline script runs except the exact inline blocks of the
 * built index.html, allowed by their SHA-256 hashes computed at start-up (the lang/dir set-up before the first
 * paint), and no inline event handlers. Workers and the service worker load from this origin (worker-src 'self'
 * blob:). Media, images and uploads may also use the S3 endpoint when STORAGE=s3 (presigned URLs the browser
 * PUTs to and plays from). Styles allow 'unsafe-inline' (the built CSS is files, but React style attributes and
 * the test-mode invoice page use inline styles; styles cannot run code). Stripe Checkout is a top-level
 * navigation, which the CSP does not restrict. /docs replaces this CSP with its own (modules/docs).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config/app.config.ts';

/** `'sha256-…'` sources of every inline <script> block of the HTML file at `indexFile` (none when absent). */
export function inlineScriptHashes(indexFile: string): string[] {
  if (!fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(match[1]) || !match[2].trim()) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The origin presigned storage URLs point at (S3 endpoint, or the AWS regional host), or none for local files. */
function storageOrigins(storage: AppConfig['storage']): string[] {
  if (storage.kind !== 's3') return [];
  if (storage.endpoint) {
    const origin = new URL(storage.endpoint).origin;
    return storage.forcePathStyle
      ? [origin]
      : [origin, `${new URL(storage.endpoint).protocol}//*.${new URL(storage.endpoint).host}`];
  }
  return [`https://${storage.bucket}.s3.${storage.region}.amazonaws.com`, `https://s3.${storage.region}.amazonaws.com`];
}

/** The CSP directives of the app and the API (exported for tests and the docs). */
export function contentSecurityPolicy(cfg: AppConfig): Record<string, string[]> {
  const storage = storageOrigins(cfg.storage);
  const https = cfg.publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(path.join(cfg.webDistDir, 'index.html'))],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...storage],
    'media-src': ["'self'", 'data:', 'blob:', ...storage],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...storage],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Registers the headers on every answer of `app`. */
export async function registerSecurityHeaders(app: FastifyInstance, cfg: AppConfig): Promise<void> {
  const https = cfg.publicUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(cfg) },
    // Cross-origin isolation would stop the API's CORS callers and the media a dev server on another port plays.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
}
