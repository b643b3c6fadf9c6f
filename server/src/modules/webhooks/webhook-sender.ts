/**
 * Sends one webhook POST: the URL's host is resolved and checked by the SSRF guard at delivery time, the
 * connection goes to that checked address, redirects are not followed, and the receiver must answer within the
 * timeout. The answer's body is read (at most 64 KB) and dropped.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolvePublicAddress } from './address-guard.ts';

export interface SendResult {
  /** The receiver's HTTP status, null when it did not answer. */
  status: number | null;
  /** Why it failed, in English for the delivery log; null on a 2xx. */
  error: string | null;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/** Only these schemes; `https` alone unless `allowHttp`. */
export function schemeAllowed(url: URL, allowHttp: boolean): boolean {
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}

/**
 * POSTs `body` (JSON) to `url` with `headers`. Never throws: a refused address, a network failure or a timeout is
 * a result with `status: null` and the reason.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; allowHttp: boolean; timeoutMs: number },
): Promise<SendResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { status: null, error: 'invalid URL' };
  }
  if (!schemeAllowed(target, opts.allowHttp)) return { status: null, error: 'only https URLs are allowed' };
  let resolved: { address: string; family: 4 | 6 };
  try {
    resolved = await resolvePublicAddress(target.hostname, opts.allowPrivate);
  } catch (err) {
    return { status: null, error: `refused: ${(err as Error).message}` };
  }
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        lookup,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: opts.timeoutMs,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () => {
          const status = res.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          resolve({ status, error: ok ? null : `the receiver answered ${status}` });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs / 1000} s`)));
    req.on('error', (err) => resolve({ status: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}
