/**
 * A local HTTP receiver for the webhook tests: records every POST (raw body and headers) and answers 500 to the
 * first `failFirst` requests, then 200 (as a real receiver that was down for a while).
 */
import http from 'node:http';

export interface ReceivedHook {
  body: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedHook[];
  close(): Promise<void>;
}

export async function startReceiver(failFirst = 0): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = received.length < failFirst ? 500 : 200;
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/tarjama`,
    port,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** One request a trickling receiver got: when it came and when its connection closed (epoch ms). */
export interface TrickledRequest {
  path: string;
  at: number;
  closedAt?: number;
}

export interface TricklingReceiver {
  url: string;
  requests: TrickledRequest[];
  /** Most requests open at one time, in all and per path. */
  maxOpen: number;
  maxOpenPerPath: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A receiver that never finishes its answer: `200` with `Content-Length: 100000` at once, then one byte every
 * `everyMs` (the slow-loris answer of issue 35: each byte resets a socket idle timeout).
 */
export async function startTricklingReceiver(everyMs: number): Promise<TricklingReceiver> {
  const requests: TrickledRequest[] = [];
  let open = 0;
  const state = { maxOpen: 0 };
  const openPerPath = new Map<string, number>();
  const maxOpenPerPath = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const r: TrickledRequest = { path: req.url ?? '', at: Date.now() };
    requests.push(r);
    open++;
    state.maxOpen = Math.max(state.maxOpen, open);
    openPerPath.set(r.path, (openPerPath.get(r.path) ?? 0) + 1);
    maxOpenPerPath.set(r.path, Math.max(maxOpenPerPath.get(r.path) ?? 0, openPerPath.get(r.path)!));
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' });
    res.write('o');
    const timer = setInterval(() => res.write('k'), everyMs);
    req.socket.on('close', () => {
      clearInterval(timer);
      r.closedAt = Date.now();
      open--;
      openPerPath.set(r.path, openPerPath.get(r.path)! - 1);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/slow`,
    requests,
    get maxOpen() {
      return state.maxOpen;
    },
    maxOpenPerPath,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
