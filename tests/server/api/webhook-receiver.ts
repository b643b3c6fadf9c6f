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
