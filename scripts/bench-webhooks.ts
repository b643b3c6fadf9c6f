/**
 * One account's event next to trickling webhook receivers (issue 35 item 3). Run: `. scripts/node-env.sh && npx tsx
 * scripts/bench-webhooks.ts`. In one process with the default delivery settings (WEBHOOK_TIMEOUT_SECONDS 10,
 * WEBHOOK_CONCURRENCY 8; PGlite in a temporary folder): BENCH_SLOW_ENDPOINTS (10) endpoints, each of its own
 * account, answer 200 with `Content-Length: 100000` and then one byte every 5 s; each is sent BENCH_SLOW_EVENTS (3)
 * test events. Then, BENCH_ROUNDS (5) times, another account's healthy endpoint is sent a test event and the time
 * until it arrives is measured. Prints JSON: those times in milliseconds (each and the worst), the slow endpoints'
 * most concurrent tries, and their tries logged as timeouts by the end. Target: the other event within 5 s.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createContext } from '../server/src/context.ts';
import { loadConfig } from '../server/src/config/index.ts';
import { users, webhookDeliveries } from '../server/src/db/schema/index.ts';
import { registerJobHandlers } from '../server/src/worker.ts';
import { newWebhookSecret } from '../server/src/modules/webhooks/webhook-signature.ts';
import { insertEndpoint } from '../server/src/modules/webhooks/webhook.repository.ts';
import { sendTestEvent } from '../server/src/modules/webhooks/webhooks.service.ts';

const SLOW_ENDPOINTS = Number(process.env.BENCH_SLOW_ENDPOINTS ?? 10);
const SLOW_EVENTS = Number(process.env.BENCH_SLOW_EVENTS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** A local receiver; `trickle` answers 200 + Content-Length 100000 and a byte every 5 s, else 200 "ok" at once. */
async function receiver(trickle: boolean, onRequest: (open: number) => void) {
  let open = 0;
  const server = http.createServer((req, res) => {
    open++;
    onRequest(open);
    req.socket.on('close', () => open--);
    req.resume();
    if (!trickle) return req.on('end', () => res.writeHead(200).end('ok'));
    res.writeHead(200, { 'content-length': '100000' });
    const timer = setInterval(() => res.write('k'), 5000);
    req.socket.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, server };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-bench-webhooks-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
});
const ctx = await createContext(config);
registerJobHandlers(ctx);
await ctx.queue.start({ work: true, concurrency: 1 });

const newUser = async (i: number) =>
  (
    await ctx.db
      .insert(users)
      .values({ email: `bench-${i}-${Date.now()}@example.test`, emailVerifiedAt: new Date() })
      .returning()
  )[0];
const endpointOf = async (i: number, url: string) => {
  const user = await newUser(i);
  const endpoint = await insertEndpoint(ctx.db, { userId: user.id, url, secret: newWebhookSecret(), events: [] });
  return { user, endpoint };
};

let slowMaxOpen = 0;
const slow = [];
for (let i = 0; i < SLOW_ENDPOINTS; i++) {
  const r = await receiver(true, (open) => (slowMaxOpen = Math.max(slowMaxOpen, open)));
  slow.push({ ...r, ...(await endpointOf(i, r.url)) });
}
let arrived: (() => void) | undefined;
const fast = await receiver(false, () => arrived?.());
const other = await endpointOf(-1, fast.url);

for (const s of slow) for (let e = 0; e < SLOW_EVENTS; e++) await sendTestEvent(ctx, s.user.id, s.endpoint.id);
await new Promise((r) => setTimeout(r, 3000)); // the slow tries are under way

const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  const got = new Promise<void>((r) => (arrived = r));
  await sendTestEvent(ctx, other.user.id, other.endpoint.id);
  await got;
  times.push(Math.round(performance.now() - started));
  await new Promise((r) => setTimeout(r, 2000));
}
const attempts = (await ctx.db.select().from(webhookDeliveries)).flatMap((d) =>
  d.endpointId === other.endpoint.id ? [] : d.attempts,
);
console.log(
  JSON.stringify(
    {
      slowEndpoints: SLOW_ENDPOINTS,
      slowEventsEach: SLOW_EVENTS,
      timeoutSeconds: config.api.webhookTimeoutSeconds,
      concurrency: config.api.webhookConcurrency,
      otherEventMs: times,
      otherEventWorstMs: Math.max(...times),
      slowMostOpenAtOneEndpointOrAll: slowMaxOpen,
      slowTriesLogged: attempts.length,
      slowTriesTimedOut: attempts.filter((a) => a.error?.startsWith('timeout')).length,
    },
    null,
    2,
  ),
);
for (const s of slow) s.server.closeAllConnections();
await ctx.queue.stop();
process.exit(0);
