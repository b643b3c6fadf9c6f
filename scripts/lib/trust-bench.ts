/**
 * What the trust benches share (issue 35: scripts/bench-glossary.ts, scripts/bench-trust-load.ts): a glossary at
 * its limit, a 300-sentence Word document, /healthz latency under autocannon while some work runs, and the real
 * server (`node --import tsx server/src/main.ts`, media worker on, PGlite in a temporary folder) with accounts made
 * beforehand in its database and helpers to call its API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_GLOSSARY_TERMS } from '../../contract/glossary.ts';
import { openDatabase, type Database } from '../../server/src/db/database.ts';
import { users } from '../../server/src/db/schema/index.ts';
import { addCredits } from '../../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../../server/src/modules/auth/token.service.ts';
import { freePort, waitFor } from './app-server.ts';
import { makeDocx, para } from '../../tests/server/documents/helpers/docx-fixture.ts';

/** A glossary CSV of MAX_GLOSSARY_TERMS terms (en -> es), two of them matching the benches' texts. */
export function glossaryCsv(): string {
  const rows = ['term,source_language,target_language,translation', 'country,en,es,nación', 'Tarjama,any,any,'];
  for (let i = rows.length - 1; i < MAX_GLOSSARY_TERMS; i++) rows.push(`product line ${i} edition,en,es,línea ${i}`);
  return rows.join('\n') + '\n';
}

/** A .docx of 300 sentences that name glossary terms ("country", "Tarjama"). */
export function documentOf300Sentences(): Promise<Buffer> {
  const sentences = Array.from(
    { length: 300 },
    (_, i) => `Sentence ${i + 1}: the people of this country use Tarjama every day at work.`,
  );
  return makeDocx({ body: sentences.map((s) => para([[s]])).join('') });
}

/** /healthz figures of one load run: requests, non-2xx answers and latency percentiles, milliseconds. */
export interface LoadFigures {
  requests: number;
  non2xx: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** Latency of GET `url` under `connections` connections until `until` settles (autocannon in this process). */
export function loadWhile(url: string, until: Promise<unknown>, connections: number): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: 900 }, (err, r) => {
      if (err) return reject(err);
      resolve({
        requests: r.requests.total,
        non2xx: r.non2xx,
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        max_ms: r.latency.max,
      });
    });
    void until.finally(() => instance.stop());
  });
}

/** The running server of a bench, with an API caller. */
export interface BenchServer {
  base: string;
  /** Bearer headers of the accounts made before the start, in the order asked. */
  auths: Record<string, string>[];
  /** The user ids of those accounts. */
  userIds: string[];
  /** Calls the API; the answer's status and JSON body. */
  call: (
    auth: Record<string, string>,
    method: string,
    p: string,
    body?: unknown,
  ) => Promise<{ status: number; body: any }>;
  /** Uploads `bytes` by presigned PUT; the file URL to submit. */
  upload: (auth: Record<string, string>, bytes: Buffer, filename: string, type: string) => Promise<string>;
  /** Polls the job until it completes (its body); throws when it fails. */
  finished: (auth: Record<string, string>, id: string) => Promise<any>;
  /** Uploads `audio` (WAV) and `srt`, runs an English -> Spanish subtitle job on those own words; its id once done. */
  ownWordsJob: (auth: Record<string, string>, audio: Buffer, srt: string) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Starts the real server of `serverRoot` on a fresh embedded database with `accounts` verified accounts of 10,000
 * credits each; `prepare` may write more into the database first (it is closed before the server opens it).
 * `env` adds settings.
 */
export async function startBenchServer(opts: {
  serverRoot: string;
  accounts: string[];
  env?: Record<string, string>;
  prepare?: (database: Database, userIds: string[]) => Promise<void>;
}): Promise<BenchServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-bench-trust-'));
  const dataDir = path.join(root, 'data');
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(tmp);
  const secret = crypto.randomBytes(32).toString('hex');
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const tokens = createTokenService(secret, 3600);
  const auths: Record<string, string>[] = [];
  const userIds: string[] = [];
  for (const who of opts.accounts) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-${who}-${Date.now()}@example.test`, emailVerifiedAt: new Date() })
      .returning();
    await addCredits(database.db, { userId: user.id, kind: 'grant', amount: 10_000, idempotencyKey: `bench-${who}` });
    auths.push({ authorization: `Bearer ${await tokens.issue(user.id)}` });
    userIds.push(user.id);
  }
  await opts.prepare?.(database, userIds);
  await database.close();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: opts.serverRoot,
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
      APP_SECRET: secret,
      RATE_LIMIT_ENABLED: 'false',
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      ...opts.env,
    },
  });
  const call: BenchServer['call'] = async (auth, method, p, body) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: JSON.parse(await res.text()) };
  };
  const stop = async () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/readyz`, 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const upload: BenchServer['upload'] = async (auth, bytes, filename, type) => {
    const target = await call(auth, 'POST', '/v1/uploads/presigned-url', { filename, content_type: type });
    const put = await fetch(target.body.upload_url, { method: 'PUT', headers: { 'content-type': type }, body: bytes });
    if (!put.ok) throw new Error(`upload of ${filename}: ${put.status} ${await put.text()}`);
    return target.body.file_url as string;
  };
  const finished: BenchServer['finished'] = async (auth, id) => {
    for (;;) {
      const j = (await call(auth, 'GET', `/v1/jobs/${id}`)).body;
      if (j.status === 'completed') return j;
      if (j.status === 'failed') throw new Error(`job ${id} failed: ${j.error_code} ${j.error}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return {
    base,
    auths,
    userIds,
    call,
    upload,
    finished,
    async ownWordsJob(auth, audio, srt) {
      const media = await upload(auth, audio, 'speech.wav', 'audio/wav');
      const words = await upload(auth, Buffer.from(srt), 'words_en.srt', 'application/x-subrip');
      const sub = await call(auth, 'POST', '/v1/jobs/translate', {
        media_url: media,
        source_subtitles_url: words,
        source_language: 'en',
        target_languages: ['es'],
        services_to_run: ['subtitle'],
        num_speakers: 1,
      });
      if (sub.status !== 201) throw new Error(`submission answered ${sub.status}: ${JSON.stringify(sub.body)}`);
      await finished(auth, sub.body.id);
      return sub.body.id as string;
    },
    stop,
  };
}

/** Seconds of `ms` milliseconds, two decimals. */
export const seconds = (ms: number) => Math.round(ms / 10) / 100;
