/**
 * The combined load check of issue 35 ("Must show"), against the running server. Run: `. scripts/node-env.sh &&
 * npx tsx scripts/bench-trust-load.ts` on a quiet machine. Starts the real server (trust-bench.ts; webhooks to
 * local addresses allowed, default delivery settings), then all at once: one account with a MAX_GLOSSARY_TERMS
 * glossary reads its tracks BENCH_CALLS (5) times (its subtitle job made first, with own words of the most cues
 * allowed over BENCH_MINUTES (1) of looped speech), the same account translates a
 * 300-sentence .docx into Spanish, and BENCH_SLOW_ENDPOINTS (10) endpoints of their own accounts, each sent three
 * test events, answer 200 with `Content-Length: 100000` and then trickle a byte every 5 s. Meanwhile another
 * account's healthy endpoint is sent a test event BENCH_ROUNDS (5) times and /healthz is loaded from this process
 * (autocannon, BENCH_CLIENTS (10) connections) until all of that has ended. Prints JSON: /healthz p50/p99/max, the
 * other account's webhook arrival times (ms), the tracks calls' and the document's seconds. Targets: /healthz p99
 * under 100 ms, the other webhook within 5 s.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { MAX_GLOSSARY_TERMS } from '../contract/glossary.ts';
import { MAX_CUES_PER_MINUTE } from '../server/src/media/own-words-limits.ts';
import { newWebhookSecret } from '../server/src/modules/webhooks/webhook-signature.ts';
import { insertEndpoint } from '../server/src/modules/webhooks/webhook.repository.ts';
import { documentOf300Sentences, glossaryCsv, loadWhile, seconds, startBenchServer } from './lib/trust-bench.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const SLOW = Number(process.env.BENCH_SLOW_ENDPOINTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROOT = new URL('../', import.meta.url).pathname;
const MINUTES = Number(process.env.BENCH_MINUTES ?? 1);
const AUDIO = path.join(ROOT, '../shared/testdata/audio/LJ001-0001.wav');
/** SubRip time of `s` seconds. */
const srtTime = (s: number) => {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
};
/** The most cues own words allow over MINUTES (MAX_CUES_PER_MINUTE), each naming glossary terms. */
const CUES = Math.floor(MAX_CUES_PER_MINUTE * MINUTES);
const SRT = Array.from({ length: CUES }, (_, i) => {
  const at = (i * 60) / MAX_CUES_PER_MINUTE;
  return `${i + 1}\n${srtTime(at)} --> ${srtTime(at + 0.8)}\nLine ${i + 1}: the country reads with Tarjama every day.\n`;
}).join('\n');

/** The shared recording looped to MINUTES (ffmpeg), as a WAV. */
function loopedAudio(dir: string): Buffer {
  const out = path.join(dir, 'looped.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', AUDIO, '-t', String(MINUTES * 60 + 1), out]);
  return fs.readFileSync(out);
}

/** A local receiver; `trickle` answers 200 + Content-Length 100000 and a byte every 5 s, else 200 "ok" at once. */
async function receiver(trickle: boolean, onRequest: () => void) {
  const server = http.createServer((req, res) => {
    onRequest();
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

async function main(): Promise<void> {
  const slow = await Promise.all(Array.from({ length: SLOW }, () => receiver(true, () => undefined)));
  let arrived: (() => void) | undefined;
  const fast = await receiver(false, () => arrived?.());
  const endpointIds: string[] = [];
  const accounts = ['glossary', 'other', ...slow.map((_, i) => `slow-${i}`)];
  const app = await startBenchServer({
    serverRoot: ROOT,
    accounts,
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
    // Each webhook account's endpoint, written before the start (adding one through the API needs a plan with API).
    async prepare(database, userIds) {
      for (const [i, url] of [fast.url, ...slow.map((s) => s.url)].entries()) {
        const e = await insertEndpoint(database.db, {
          userId: userIds[i + 1],
          url,
          secret: newWebhookSecret(),
          events: [],
        });
        endpointIds.push(e.id);
      }
    },
  });
  const { call, upload, finished } = app;
  const [owner, other, ...slowAuths] = app.auths;
  try {
    const imported = await call(owner, 'POST', '/v1/glossary/import', { csv: glossaryCsv() });
    if (imported.status !== 200) throw new Error(`import answered ${imported.status}`);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-bench-trust-audio-'));
    const audio = loopedAudio(work);
    fs.rmSync(work, { recursive: true, force: true });
    const jobId = await app.ownWordsJob(owner, audio, SRT);
    const docUrl = await upload(
      owner,
      await documentOf300Sentences(),
      'report.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    // All at once: the slow receivers' events, the document, the tracks reads, the other account's events.
    for (const [i, auth] of slowAuths.entries())
      for (let e = 0; e < 3; e++) {
        const r = await call(auth, 'POST', `/v1/webhooks/${endpointIds[i + 1]}/test`);
        if (r.status !== 202) throw new Error(`test event answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
    const documentRun = (async () => {
      const t0 = performance.now();
      const j = await call(owner, 'POST', '/v1/documents/translate', {
        media_url: docUrl,
        source_language: 'en',
        target_languages: ['es'],
      });
      if (j.status !== 201) throw new Error(`document answered ${j.status}: ${JSON.stringify(j.body)}`);
      await finished(owner, j.body.id);
      return seconds(performance.now() - t0);
    })();
    const tracksRun = (async () => {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const r = await call(owner, 'GET', `/v1/jobs/${jobId}/tracks`);
        if (r.status !== 200) throw new Error(`tracks answered ${r.status}`);
        times.push(seconds(performance.now() - t0));
      }
      return times;
    })();
    const webhookRun = (async () => {
      await new Promise((r) => setTimeout(r, 3000)); // the slow tries are under way
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const t0 = performance.now();
        const got = new Promise<void>((r) => (arrived = r));
        const r = await call(other, 'POST', `/v1/webhooks/${endpointIds[0]}/test`);
        if (r.status !== 202) throw new Error(`test event answered ${r.status}`);
        await got;
        times.push(Math.round(performance.now() - t0));
        await new Promise((r) => setTimeout(r, 2000));
      }
      return times;
    })();
    const all = Promise.all([documentRun, tracksRun, webhookRun]);
    const healthz = await loadWhile(`${app.base}/healthz`, all, CLIENTS);
    const [documentSeconds, tracksSeconds, otherWebhookMs] = await all;
    process.stdout.write(
      `${JSON.stringify(
        {
          glossary_terms: MAX_GLOSSARY_TERMS,
          track_cues: CUES,
          slow_endpoints: SLOW,
          healthz,
          other_webhook_ms: otherWebhookMs,
          other_webhook_worst_ms: Math.max(...otherWebhookMs),
          tracks_seconds: tracksSeconds,
          document_300_sentences_seconds: documentSeconds,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await app.stop();
    for (const s of [...slow, fast]) {
      s.server.closeAllConnections();
      s.server.close();
    }
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
