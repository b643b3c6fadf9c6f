/**
 * Closing the HTTP server without waiting out keep-alive connections.
 *
 * `app.close()` stops accepting connections and waits for the open ones to end. A browser, a reverse proxy or any
 * keep-alive client holds its connection open between requests, and Fastify 5.12 does not close idle connections on
 * a standard server (its `forceCloseConnections: 'idle'` default only applies with a serverFactory:
 * fastify/fastify#7044), nor would Node re-check a connection that goes idle after close began. `close()` then waited
 * for the 72 s keep-alive timeout, past the 9.5 s shutdown backstop (shutdown.ts), so a SIGTERM with a client
 * connected ended in exit 1 without closing the database or queue.
 */
import type { FastifyInstance } from 'fastify';

/** How often idle connections are closed while `close()` is pending (milliseconds). */
const SWEEP_MS = 100;

/**
 * Closes `app` gracefully: requests in flight are answered, and every keep-alive connection is closed as soon as it
 * is idle (checked every 100 ms) instead of at its keep-alive timeout.
 * @throws whatever `app.close()` throws (an onClose hook's error).
 */
export async function closeHttpGracefully(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
  try {
    const closing = app.close();
    app.server.closeIdleConnections();
    await closing;
  } finally {
    clearInterval(sweep);
  }
}
