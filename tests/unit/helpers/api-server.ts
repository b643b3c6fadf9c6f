/**
 * A small local HTTP server answering like the Tarjama API documents (status codes and error bodies
 * `{ error, statusCode, code }`), for the parts the web app's units call. It can be stopped and started again on
 * the same port to play an unreachable server. Relative fetches of the app are sent to it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
  auth?: string;
}

export interface FakeApi {
  base: string;
  requests: Recorded[];
  /** Valid bearer token; any other gets 401. */
  token: string;
  /** Credits available: a translate call costing more answers 402. */
  balance: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startFakeApi(): Promise<FakeApi> {
  let server: http.Server | null = null;
  let port = 0;
  let jobCount = 0;
  const api: FakeApi = {
    base: '',
    requests: [],
    token: 'good-token',
    balance: 100,
    async start() {
      server = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          let body: unknown = raw;
          try {
            body = raw ? JSON.parse(raw) : undefined;
          } catch {
            body = raw;
          }
          api.requests.push({ method: req.method ?? '', url: req.url ?? '', body, auth: req.headers.authorization });
          if (req.headers.authorization !== `Bearer ${api.token}`) {
            return send(res, 401, { error: 'Sign in again: your session has expired.', statusCode: 401, code: 'UNAUTHORIZED' });
          }
          if (req.method === 'GET' && req.url === '/v1/users/me') {
            return send(res, 200, { id: 'u1', email: 'ada@example.com', full_name: 'Ada', current_plan: 'Free', credit_balance: api.balance });
          }
          if (req.method === 'POST' && req.url === '/v1/uploads/presigned-url') {
            const b = body as { content_type?: string; filename?: string };
            if (!b.content_type?.startsWith('video/') && !b.content_type?.startsWith('audio/')) {
              return send(res, 415, { error: 'This file type is not accepted: upload a video or audio file.', statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
            }
            const id = `up${api.requests.length}`;
            return send(res, 200, { upload_url: `${api.base}/put/${id}`, file_url: `${api.base}/files/${id}`, tus_url: `${api.base}/tus`, upload_id: id });
          }
          if (req.method === 'POST' && req.url === '/v1/jobs/translate') {
            const b = body as { target_languages: string[]; media_url: string };
            const price = 10 * b.target_languages.length;
            if (price > api.balance) return send(res, 402, { error: `This job costs ${price} credits; you have ${api.balance}.`, statusCode: 402, code: 'INSUFFICIENT_CREDITS', price, balance: api.balance });
            jobCount += 1;
            return send(res, 201, { id: `job${jobCount}`, status: 'queued', source_file_url: b.media_url, target_languages: b.target_languages });
          }
          if (req.method === 'GET' && req.url === '/v1/jobs/') return send(res, 200, []);
          return send(res, 404, { error: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server!.address() as AddressInfo).port;
      api.base = `http://127.0.0.1:${port}`;
    },
    async stop() {
      if (!server) return;
      server.closeAllConnections?.();
      await new Promise((r) => server!.close(r));
      server = null;
    },
    async close() {
      await api.stop();
    },
  };
  await api.start();
  return api;
}

/** Sends the app's relative fetches ('/v1/...') to `base`. Returns a restore function. */
export function routeFetchTo(api: FakeApi): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' && input.startsWith('/') ? api.base + input : input;
    return original(url as string, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}
