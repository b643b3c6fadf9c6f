/**
 * /healthz under the largest own-words job (issue 24 item 5). Run: `. scripts/node-env.sh && cpu-slot npx tsx
 * scripts/bench-healthz-load.ts`. Makes the largest .srt the own-words bounds allow and an audio file just long
 * enough for it (server/src/media/own-words-limits.ts: 72 cues a minute, each of 168 characters,
 * just under 1 MB), starts the real server (`node --import tsx server/src/main.ts`, media worker on, PGlite in a
 * temporary folder), submits a Spanish -> English subtitle job with that file, and while the job is processing
 * loads GET /healthz from another process (the autocannon CLI, BENCH_CLIENTS (10) connections for BENCH_SECONDS
 * (30) s). Prints a baseline run (no job) and the loaded run as JSON: p50/p90/p99/max latency in milliseconds,
 * requests, non-2xx answers, and the job's stage and progress before and after the run. Target: p99 < 100 ms.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/database.ts';
import { users } from '../server/src/db/schema/index.ts';
import { addCredits } from '../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../server/src/modules/auth/token.service.ts';
import { MAX_CUE_CHARACTERS, MAX_CUES_PER_MINUTE, MAX_OWN_WORDS_BYTES } from '../server/src/media/own-words-limits.ts';
import { freePort, waitFor } from './lib/app-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROOT = new URL('../', import.meta.url).pathname;
const SECRET = crypto.randomBytes(32).toString('hex');
const LINE = 'Las arenas son blanquecinas de grano medio y';

/** SubRip time of `s` seconds. */
function srtTime(s: number): string {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
}

/**
 * The largest .srt the bounds allow: cues of MAX_CUE_CHARACTERS, 72 a minute (back to back), as many as fit in
 * MAX_OWN_WORDS_BYTES; the media needs `minutes` to take them.
 */
function largestSrt(): { srt: string; cues: number; minutes: number } {
  const step = 60 / MAX_CUES_PER_MINUTE;
  const text = `${LINE} ${LINE} ${LINE} ${LINE}`.slice(0, MAX_CUE_CHARACTERS - 2);
  const cue = (i: number) =>
    `${i + 1}\n${srtTime(i * step)} --> ${srtTime((i + 1) * step - 0.05)}\n${text.slice(0, 84)}\n${text.slice(84)}.\n\n`;
  const parts: string[] = [];
  let bytes = 0;
  for (let i = 0; ; i++) {
    const c = cue(i);
    if (bytes + Buffer.byteLength(c) > MAX_OWN_WORDS_BYTES) break;
    parts.push(c);
    bytes += Buffer.byteLength(c);
  }
  return { srt: parts.join(''), cues: parts.length, minutes: Math.ceil(parts.length / MAX_CUES_PER_MINUTE) };
}

/** Latency of GET url under CLIENTS connections for SECONDS s, measured by the autocannon CLI in its own process. */
function load(url: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const bin = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
    const child = spawn(process.execPath, [bin, '-j', '-c', String(CLIENTS), '-d', String(SECONDS), url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const r = JSON.parse(Buffer.concat(out).toString());
        resolve({
          requests: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
          p50_ms: r.latency.p50,
          p90_ms: r.latency.p90,
          p99_ms: r.latency.p99,
          max_ms: r.latency.max,
        });
      } catch (e) {
        reject(e);
      }
    });
  });
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-bench-healthz-'));
  const dataDir = path.join(root, 'data');
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(tmp);
  const { srt, cues, minutes } = largestSrt();
  const audio = path.join(root, 'long.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=d=${minutes * 60}:c=pink:a=0.05`,
    '-ac',
    '1',
    '-ar',
    '16000',
    '-b:a',
    '16k',
    audio,
  ]);
  const srtFile = path.join(root, 'largest.srt');
  fs.writeFileSync(srtFile, srt);

  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.test`, emailVerifiedAt: new Date() })
    .returning();
  await addCredits(database.db, { userId: user.id, kind: 'grant', amount: 100_000, idempotencyKey: 'bench' });
  await database.close();
  const auth = { authorization: `Bearer ${await createTokenService(SECRET, 3600).issue(user.id)}` };

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TMPDIR: tmp,
      APP_SECRET: SECRET,
      RATE_LIMIT_ENABLED: 'false',
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    },
  });
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: JSON.parse(await res.text()) };
  };
  const upload = async (file: string, filename: string, type: string) => {
    const target = await call('POST', '/v1/uploads/presigned-url', { filename, content_type: type });
    const put = await fetch(target.body.upload_url, {
      method: 'PUT',
      headers: { 'content-type': type },
      body: fs.readFileSync(file),
    });
    if (!put.ok) throw new Error(`upload of ${filename}: ${put.status} ${await put.text()}`);
    return target.body.file_url as string;
  };
  try {
    await waitFor(`${base}/readyz`, 180_000);
    const media = await upload(audio, 'long.mp3', 'audio/mpeg');
    const words = await upload(srtFile, 'largest.srt', 'application/x-subrip');
    const baseline = await load(`${base}/healthz`);
    const sub = await call('POST', '/v1/jobs/translate', {
      media_url: media,
      source_subtitles_url: words,
      source_language: 'es',
      target_languages: ['en'],
      services_to_run: ['subtitle'],
    });
    if (sub.status !== 201) throw new Error(`submission answered ${sub.status}: ${JSON.stringify(sub.body)}`);
    const job = async () => {
      const j = (await call('GET', `/v1/jobs/${sub.body.id}`)).body;
      return { status: j.status, stage: j.stage, progress: j.progress, error_code: j.error_code };
    };
    for (let s = await job(); ['pending', 'queued'].includes(s.status); s = await job())
      await new Promise((r) => setTimeout(r, 100));
    const before = await job();
    const loaded = await load(`${base}/healthz`);
    const after = await job();
    process.stdout.write(
      `${JSON.stringify(
        {
          media_minutes: minutes,
          srt_cues: cues,
          srt_bytes: Buffer.byteLength(srt),
          max_bytes: MAX_OWN_WORDS_BYTES,
          clients: CLIENTS,
          seconds: SECONDS,
          baseline,
          during_job: { job_before: before, ...loaded, job_after: after },
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
