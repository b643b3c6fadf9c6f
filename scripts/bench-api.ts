/**
 * `npm run bench:api`: API figures on loopback, printed as one JSON line (a script, not a timed test).
 * - Upload throughput of a 1 GB file by tus (one creation + one PATCH) and by signed PUT, with the server's peak
 *   RSS growth during each (targets: >= 200 MB/s, growth < 100 MB). The file is a valid WAV (header + silence), so
 *   the server's content check accepts it as it would a real recording.
 * - GET /v1/jobs/ latency with 100 concurrent keep-alive connections (wrk, or autocannon without it; see
 *   `loadList`) for a user with 1,000 jobs (target: p99 < 50 ms).
 * The server runs as a child process (`server/src/main.ts`) on embedded PGlite, or on PostgreSQL when
 * BENCH_DATABASE_URL is set. Environment: BENCH_UPLOAD_MB (1024; 0 skips the upload runs, to measure the list
 * alone), BENCH_SECONDS (20: the measured wrk run), BENCH_REQUESTS (3000: the autocannon run without wrk), BENCH_CLIENTS (100), BENCH_LIST_QUERY (''),
 * BENCH_ACCEPT_ENCODING (Accept-Encoding of the list calls; default 'gzip, deflate, br' as browsers send it, '' for
 * plain JSON; latency is to the last byte received, the client does not decompress),
 * BENCH_LOG_LEVEL (the server's LOG_LEVEL, 'warn'; 'info' logs every request as production does by default),
 * BENCH_SERVER_NODE_ARGS (extra node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it),
 * BENCH_SERVER_STDOUT (any value: the server's stdout is shown, e.g. with BENCH_SERVER_NODE_ARGS='--trace-gc').
 */
import fs from 'node:fs';
import os from 'node:os';
import { freePort } from './lib/app-server.ts';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { openDatabase } from '../server/src/db/database.ts';
import { jobOutputs, jobs, users } from '../server/src/db/schema/index.ts';
import { addCredits } from '../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../server/src/modules/auth/token.service.ts';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
/** Length of the measured wrk run, seconds (a 6 s run is swayed by one start-up hiccup: p99 14-367 ms on PostgreSQL, 16 ms over 20 s). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const JOBS = 1000;
/** Query of the list calls, e.g. '?limit=50' (BENCH_LIST_QUERY; default: the server's default page). */
const LIST_QUERY = process.env.BENCH_LIST_QUERY ?? '';
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const SECRET = crypto.randomBytes(32).toString('hex');
const ROOT = new URL('../', import.meta.url).pathname;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-bench-'));
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** A 16-bit stereo 48 kHz WAV of `bytes` data bytes of silence (sparse on disk, so the client side costs little). */
function makeWav(file: string, bytes: number): void {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + bytes, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(2, 22);
  h.writeUInt32LE(48000, 24);
  h.writeUInt32LE(48000 * 4, 28);
  h.writeUInt16LE(4, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(bytes, 40);
  fs.writeFileSync(file, h);
  fs.truncateSync(file, 44 + bytes);
}

/** Resident memory of a process, bytes (Linux /proc). */
function rssOf(pid: number): number {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) * 1024 : 0;
}

function request(
  url: string,
  opts: http.RequestOptions,
  body?: fs.ReadStream | Buffer | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, ...opts }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        // Decoded only when read: 3,000 list bodies of ~200 kB would cost the client more than the server.
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          bytes,
          get text() {
            return bytes.toString();
          },
        });
      });
    });
    req.on('error', reject);
    if (body && typeof body !== 'string' && !Buffer.isBuffer(body)) body.pipe(req);
    else req.end(body);
  });
}

/** Milliseconds from a wrk duration such as `812.00us`, `3.21ms` or `1.02s`. */
function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!m) throw new Error(`unreadable wrk duration ${value}`);
  return Math.round(Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2] as 'us' | 'ms' | 's' | 'm'] * 10) / 10;
}

/**
 * Loads `url` with CLIENTS keep-alive connections and returns requests per second and latency percentiles (ms).
 * The load comes from wrk (C, Debian `wrk`; one thread, so the server keeps the other core; 2 s of warm-up, then
 * the measured run) when installed, otherwise from autocannon: a client in Node needs a whole core here at ~2,000
 * answers/s (measured with top: the bench at 100% CPU, the server at 30%), so on this 2-core machine a Node
 * client times its own queueing, not the server.
 */
async function loadList(url: string, headers: Record<string, string>): Promise<Record<string, number | string>> {
  const wrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (!wrk.error) {
    const seconds = SECONDS;
    const args = [
      '-t',
      '1',
      '-c',
      String(CLIENTS),
      '-d',
      `${seconds}s`,
      '--latency',
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      url,
    ];
    // A first run of 2 s with the same connections is the warm-up (JIT, connection set-up); the second is measured.
    spawnSync(
      'wrk',
      args.map((a) => (a === `${seconds}s` ? '2s' : a)),
      { encoding: 'utf8' },
    );
    const out = spawnSync('wrk', args, { encoding: 'utf8' }).stdout;
    const pct = (p: string) => wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)$`, 'm').exec(out)![1]);
    const total = Number(/(\d+) requests in/.exec(out)![1]);
    if (/Non-2xx or 3xx responses: (\d+)/.test(out) || /Socket errors/.test(out))
      throw new Error(`GET /v1/jobs/ under load failed:\n${out}`);
    return {
      client: 'wrk',
      seconds,
      requests: total,
      rps: Math.round(total / seconds),
      p50_ms: pct('50'),
      p90_ms: pct('90'),
      p99_ms: pct('99'),
    };
  }
  process.stderr.write(
    'wrk is not installed (apt-get install wrk): autocannon loads the server from this process instead.\n',
  );
  const run = await autocannon({ url, connections: CLIENTS, amount: REQUESTS, headers });
  if (run.non2xx || run.errors)
    throw new Error(`GET /v1/jobs/: ${run.non2xx} answers other than 2xx, ${run.errors} errors`);
  return {
    client: 'autocannon',
    requests: run.requests.total,
    rps: Math.round(run.requests.total / run.duration),
    p50_ms: run.latency.p50,
    p90_ms: run.latency.p90,
    p99_ms: run.latency.p99,
  };
}

/** Runs `fn` while sampling the server's RSS every 20 ms; returns seconds taken and the RSS growth in bytes. */
async function measured<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ result: T; seconds: number; rssGrowth: number }> {
  const base = rssOf(pid);
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const t0 = performance.now();
  const result = await fn();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssOf(pid));
  return { result, seconds, rssGrowth: peak - base };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.test`, emailVerifiedAt: new Date() })
    .returning();
  await addCredits(database.db, { userId: user.id, kind: 'grant', amount: 1_000_000, idempotencyKey: 'bench' });
  // 1,000 finished jobs with two outputs each, as a long history looks.
  for (let i = 0; i < JOBS; i += 100) {
    const rows = await database.db
      .insert(jobs)
      .values(
        Array.from({ length: 100 }, (_, k) => ({
          userId: user.id,
          jobType: 'video_translation' as const,
          servicesRequested: ['subtitle' as const],
          sourceLanguage: 'en',
          targetLanguages: ['es'],
          originalFilename: `talk-${i + k}.mp4`,
          sourceFileUrl: `http://127.0.0.1/v1/uploads/${crypto.randomUUID()}/file`,
          status: 'completed' as const,
          progress: 100,
          creditsReserved: 1,
          creditsUsed: 1,
          createdAt: new Date(Date.now() - (i + k) * 60_000),
        })),
      )
      .returning({ id: jobs.id });
    await database.db.insert(jobOutputs).values(
      rows.flatMap((r, k) => [
        {
          jobId: r.id,
          language: 'es',
          kind: 'subtitle_vtt' as const,
          storageKey: `outputs/${user.id}/${r.id}/a.vtt`,
          filename: `talk-${i + k}_es.vtt`,
          contentType: 'text/vtt',
        },
        {
          jobId: r.id,
          language: 'es',
          kind: 'subtitle_srt' as const,
          storageKey: `outputs/${user.id}/${r.id}/a.srt`,
          filename: `talk-${i + k}_es.srt`,
          contentType: 'application/x-subrip',
        },
      ]),
    );
  }
  await database.close();
  const token = await createTokenService(SECRET, 3600).issue(user.id);
  const auth = { authorization: `Bearer ${token}` };

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      RATE_LIMIT_ENABLED: 'false',
      DATABASE_URL: databaseUrl ?? '',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    },
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await request(`${base}/healthz`, {})).status === 200) break;
      } catch {
        /* not up yet */
      }
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const bytes = UPLOAD_MB * 1024 * 1024;
    const file = path.join(dataDir, 'bench.wav');
    if (UPLOAD_MB > 0) makeWav(file, bytes - 44);
    const target = async () =>
      JSON.parse(
        (
          await request(
            `${base}/v1/uploads/presigned-url`,
            { method: 'POST', headers: { ...auth, 'content-type': 'application/json' } },
            JSON.stringify({ filename: 'bench.wav', content_type: 'audio/wav' }),
          )
        ).text,
      );

    // A pause between the uploads lets the kernel write back the first one's dirty pages before the second.
    // Before each measured upload: dirty pages of earlier writes flushed (`sync`), then 3 s of rest, so one run's
    // write-back does not throttle the next (measured here: the same upload 450 MB/s on a clean page cache,
    // 230-300 MB/s right after another 1 GB write).
    const settle = () => {
      spawnSync('sync');
      return new Promise((r) => setTimeout(r, 3000));
    };
    const runPut = async (file: string, bytes: number) => {
      const put = await target();
      const putRun = await measured(server.pid!, () =>
        request(
          put.upload_url,
          {
            method: 'PUT',
            headers: { 'content-type': 'audio/wav', 'x-amz-acl': 'public-read', 'content-length': String(bytes) },
          },
          fs.createReadStream(file, { highWaterMark: 1 << 20 }),
        ),
      );
      if (putRun.result.status !== 200) throw new Error(`PUT answered ${putRun.result.status}: ${putRun.result.text}`);

      return putRun;
    };
    const runTus = async (file: string, bytes: number) => {
      const tus = await target();
      const metadata = `filename ${Buffer.from('bench.wav').toString('base64')},upload_id ${Buffer.from(tus.upload_id).toString('base64')}`;
      const tusRun = await measured(server.pid!, async () => {
        const created = await request(tus.tus_url, {
          method: 'POST',
          headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(bytes), 'upload-metadata': metadata },
        });
        if (created.status !== 201) throw new Error(`tus POST answered ${created.status}: ${created.text}`);
        return request(
          created.headers.location!,
          {
            method: 'PATCH',
            headers: {
              ...auth,
              'tus-resumable': '1.0.0',
              'upload-offset': '0',
              'content-type': 'application/offset+octet-stream',
              'content-length': String(bytes),
            },
          },
          fs.createReadStream(file, { highWaterMark: 1 << 20 }),
        );
      });
      if (tusRun.result.status !== 204)
        throw new Error(`tus PATCH answered ${tusRun.result.status}: ${tusRun.result.text}`);

      return tusRun;
    };
    // Warm-up: one small upload by each path (JIT, first allocation of stream buffers), then the measured runs.
    let tusRun: Awaited<ReturnType<typeof runTus>> | undefined;
    let putRun: Awaited<ReturnType<typeof runPut>> | undefined;
    if (UPLOAD_MB > 0) {
      const warm = path.join(dataDir, 'warm.wav');
      makeWav(warm, 64 * 1024 * 1024 - 44);
      await runTus(warm, 64 * 1024 * 1024);
      await runPut(warm, 64 * 1024 * 1024);
      await settle();
      tusRun = await runTus(file, bytes);
      await settle();
      putRun = await runPut(file, bytes);
    }
    // GET /v1/jobs/ with CLIENTS concurrent keep-alive clients.
    const listHeaders = { ...auth, ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}) };
    const first = await request(`${base}/v1/jobs/${LIST_QUERY}`, { headers: listHeaders });
    const encoding = first.headers['content-encoding'] ?? 'identity';
    const plain = encoding === 'gzip' ? zlib.gunzipSync(first.bytes) : first.bytes;
    const listed = JSON.parse(plain.toString()).length;
    for (let i = 0; i < 50; i++) await request(`${base}/v1/jobs/${LIST_QUERY}`, { headers: listHeaders }); // warm-up
    const latency = await loadList(`${base}/v1/jobs/${LIST_QUERY}`, listHeaders);
    const mbps = (s: number) => Math.round((bytes / 1024 / 1024 / s) * 10) / 10;
    const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
    console.log(
      JSON.stringify({
        bench: 'api',
        database: databaseUrl ? 'postgres' : 'pglite',
        upload_mb: UPLOAD_MB,
        put: putRun
          ? {
              mb_per_s: mbps(putRun.seconds),
              seconds: Math.round(putRun.seconds * 100) / 100,
              server_rss_growth_mb: mb(putRun.rssGrowth),
            }
          : null,
        tus: tusRun
          ? {
              mb_per_s: mbps(tusRun.seconds),
              seconds: Math.round(tusRun.seconds * 100) / 100,
              server_rss_growth_mb: mb(tusRun.rssGrowth),
            }
          : null,
        jobs_list: {
          jobs_in_history: JOBS,
          jobs_per_response: listed,
          json_bytes_per_response: plain.length,
          content_encoding: encoding,
          bytes_on_wire: first.bytes.length,
          clients: CLIENTS,
          ...latency,
        },
        targets: { upload_mb_per_s: 200, rss_growth_mb: 100, p99_ms: 50 },
        machine: { cpus: os.cpus().length, load_avg_1m: Math.round(os.loadavg()[0] * 10) / 10 },
      }),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
