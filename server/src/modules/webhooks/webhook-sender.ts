/**
 * Sends one webhook POST: the URL's host is resolved and checked by the SSRF guard at delivery time, the
 * connection goes to that checked address (a fresh one each try, never pooled), redirects are not followed, and the
 * whole try (connect, request, answer headers and body) has one deadline. At most MAX_ANSWER_BYTES of the answer
 * are read; then, or at the deadline, the socket is destroyed.
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

/** The answer's body is read up to this many bytes (then dropped): a receiver need say no more than "ok". */
export const MAX_ANSWER_BYTES = 4 * 1024;

/** Only these schemes; `https` alone unless `allowHttp`. */
export function schemeAllowed(url: URL, allowHttp: boolean): boolean {
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}

/** A network failure in words for the delivery log (never the library's own message). */
function networkReason(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the receiver closed the connection';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the address cannot be reached';
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_INVALID_STATUS':
      return 'the answer is not valid HTTP';
  }
  if (err.code && /CERT|SSL|TLS|SELF_SIGNED/.test(err.code))
    return `the TLS certificate was not accepted (${err.code})`;
  return `the connection failed${err.code ? ` (${err.code})` : ''}`;
}

/**
 * POSTs `body` (JSON) to `url` with `headers`. Never throws: a refused address, a network failure or a timeout is
 * a result with the reason (`status` is the receiver's when its headers came before the failure).
 * @param opts.timeoutMs the try's whole deadline, milliseconds
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
  const started = Date.now();
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
    let status: number | null = null;
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(result);
    };
    const answered = () =>
      finish({
        status,
        error: status !== null && status >= 200 && status < 300 ? null : `the receiver answered ${status}`,
      });
    const seconds = opts.timeoutMs / 1000;
    const deadline = setTimeout(
      () =>
        finish({
          status,
          error:
            status === null
              ? `timeout: no answer within ${seconds} s`
              : `timeout: the answer (status ${status}) did not finish within ${seconds} s`,
        }),
      Math.max(0, opts.timeoutMs - (Date.now() - started)),
    );
    const req = client.request(
      target,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        status = res.statusCode ?? null;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_ANSWER_BYTES) answered();
        });
        res.on('end', answered);
        res.on('error', (err) => finish({ status, error: networkReason(err) }));
        res.on('close', () => finish({ status, error: 'the receiver closed the connection before the answer ended' }));
      },
    );
    req.on('error', (err) => finish({ status, error: networkReason(err) }));
    req.end(body);
  });
}
