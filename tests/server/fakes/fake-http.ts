/**
 * A tiny HTTP server on a random free port for the fakes of outside APIs. Each fake answers as its documented API
 * does; `rateLimitNext(n, seconds)` makes the next n requests get 429 with Retry-After (as a busy real server does).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer | object;
}

export interface FakeServer {
  url: string;
  /** Every request received, in order (for asserting what a client sent). */
  requests: FakeRequest[];
  /** The next `n` requests are answered 429 with `Retry-After: seconds` and `body`. */
  rateLimitNext(n: number, seconds: number): void;
  /** The most requests this server was answering at once so far (a client's concurrency, as a server sees it). */
  maxInFlight(): number;
  close(): Promise<void>;
}

/**
 * Starts a local server answering with `handle`. `rateLimitBody` is the vendor's 429 body (rateLimitNext);
 * `requestIdHeader` the header in which the vendor names each request (OpenAI `x-request-id`, ElevenLabs
 * `request-id`): every answer carries `req_<n>` there, n counting from 1.
 */
export async function startFakeServer(
  handle: (req: FakeRequest) => Promise<FakeResponse> | FakeResponse,
  rateLimitBody: object,
  opts: { requestIdHeader?: string } = {},
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let limited = 0;
  let retryAfter = 1;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on(
      'end',
      () =>
        void (async () => {
          const r: FakeRequest = {
            method: req.method!,
            path: req.url!,
            headers: req.headers,
            body: Buffer.concat(chunks),
          };
          requests.push(r);
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          let out: FakeResponse;
          if (limited > 0) {
            limited--;
            out = { status: 429, headers: { 'retry-after': String(retryAfter) }, body: rateLimitBody };
          } else {
            try {
              out = await handle(r);
            } catch (e) {
              out = { status: 500, body: { error: { message: (e as Error).message, type: 'server_error' } } };
            }
          }
          const isBuf = Buffer.isBuffer(out.body);
          const isObj = !isBuf && typeof out.body === 'object';
          res.writeHead(out.status, {
            ...(isObj ? { 'content-type': 'application/json' } : {}),
            ...(opts.requestIdHeader ? { [opts.requestIdHeader]: `req_${requests.indexOf(r) + 1}` } : {}),
            ...out.headers,
          });
          inFlight--;
          res.end(isObj ? JSON.stringify(out.body) : out.body);
        })(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    rateLimitNext(n, seconds) {
      limited = n;
      retryAfter = seconds;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Parses a JSON body; undefined when it is not JSON. */
export function jsonBody(req: FakeRequest): any {
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Parses a multipart/form-data or urlencoded body with the platform's own parser (undici's Request.formData). */
export async function formBody(req: FakeRequest): Promise<FormData | undefined> {
  try {
    return await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type'] ?? '') },
      body: req.body,
    }).formData();
  } catch {
    return undefined;
  }
}

/**
 * An engine error's message without the vendor's request id the fake named (` [request id req_<n>]`, which
 * http-client.ts EngineHttpError appends); asserts the id is there.
 */
export function withoutRequestId(message: string): string {
  const id = / \[request id req_\d+\]$/;
  if (!id.test(message)) throw new Error(`no vendor request id in: ${message}`);
  return message.replace(id, '');
}
