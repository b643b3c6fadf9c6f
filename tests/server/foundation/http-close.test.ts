/**
 * Shutdown with keep-alive clients connected (server/src/http-close.ts): a browser or proxy keeps its connection open
 * between requests, and Fastify 5.12's `close()` waited for the 72 s keep-alive timeout, past the 9.5 s shutdown
 * backstop. `closeHttpGracefully` answers the request in flight and then closes every idle connection at once.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { closeHttpGracefully } from '../../../server/src/http-close.ts';

const agent = new http.Agent({ keepAlive: true });
let app: FastifyInstance | undefined;
afterEach(() => {
  agent.destroy();
  app?.server.closeAllConnections();
});

/** GET `path` on a kept-alive connection; resolves with the status and the whole body. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function start(): Promise<number> {
  app = Fastify();
  app.get('/fast', async () => 'ok');
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 1500));
    return 'slow ok';
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

describe('closing the HTTP server with keep-alive clients', () => {
  it('closes at once when a client holds an idle keep-alive connection', async () => {
    const port = await start();
    expect(await get(port, '/fast')).toEqual({ status: 200, body: 'ok' });
    const t0 = performance.now();
    await closeHttpGracefully(app!);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('answers the request in flight, then closes without waiting for the keep-alive timeout', async () => {
    const port = await start();
    const slow = get(port, '/slow');
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    await closeHttpGracefully(app!);
    const seconds = (performance.now() - t0) / 1000;
    expect(await slow).toEqual({ status: 200, body: 'slow ok' });
    expect(seconds).toBeLessThan(5);
    console.log(`close with a request in flight: ${seconds.toFixed(2)} s`);
  });

  it('(the defect) Fastify alone still waits while the idle connection stays open', async () => {
    const port = await start();
    const slow = get(port, '/slow');
    await new Promise((r) => setTimeout(r, 300));
    const closed = app!.close().then(() => 'closed');
    await slow;
    const after3s = await Promise.race([closed, new Promise((r) => setTimeout(() => r('still open'), 3000))]);
    expect(after3s).toBe('still open');
  });
});
