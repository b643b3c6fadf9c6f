/**
 * A glossary at its limit against the running server (issue 35 items 1 and 2). Run: `. scripts/node-env.sh &&
 * cpu-slot npx tsx scripts/bench-glossary.ts`. Starts the real server (`node --import tsx server/src/main.ts`,
 * media worker on, PGlite in a temporary folder; BENCH_SERVER_ROOT runs another checkout's server, e.g. main's, for
 * the "before" figures), imports MAX_GLOSSARY_TERMS terms for one account, runs a 4-cue subtitle job (own words)
 * and prints as JSON: the time of each of BENCH_CALLS (5) GET /v1/jobs/{id}/tracks calls and /healthz latency
 * while they run (autocannon in the bench's process, not the server's: BENCH_CLIENTS (10) connections); then the
 * wall time of a 300-sentence .docx job into Spanish without the glossary (a second account) and with it (and
 * /healthz meanwhile).
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_GLOSSARY_TERMS } from '../contract/glossary.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { users } from '../server/src/db/schema/index.ts';
import { addCredits } from '../server/src/modules/credits/ledger.repository.ts';
import { createTokenService } from '../server/src/modules/auth/token.service.ts';
import { freePort, waitFor } from './lib/app-server.ts';
import { makeDocx, para } from '../tests/server/documents/helpers/docx-fixture.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROOT = new URL('../', import.meta.url).pathname;
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;
const SECRET = crypto.randomBytes(32).toString('hex');
const AUDIO = path.join(ROOT, '../shared/testdata/audio/LJ001-0001.wav');
const SRT = [
  'Tarjama works in every country.',
  'My country loves Tarjama.',
  'The printing press changed the country.',
  'Every country reads with Tarjama.',
]
  .map((t, i) => `${i + 1}\n00:00:0${i * 2},300 --> 00:00:0${i * 2 + 1},900\n${t}\n`)
  .join('\n');

function glossaryCsv(): string {
  const rows = ['term,source_language,target_language,translation', 'country,en,es,nación', 'Tarjama,any,any,'];
  for (let i = rows.length - 1; i < MAX_GLOSSARY_TERMS; i++) rows.push(`product line ${i} edition,en,es,línea ${i}`);
  return rows.join('\n') + '\n';
}

/** Latency of GET url under CLIENTS connections until `until` settles (autocannon in this process). */
function loadWhile(url: string, until: Promise<unknown>): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CLIENTS, duration: 600 }, (err, r) => {
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

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-bench-glossary-'));
  const dataDir = path.join(root, 'data');
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(tmp);
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const tokens = createTokenService(SECRET, 3600);
  const auths: Record<string, string>[] = [];
  for (const who of ['glossary', 'plain']) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-${who}-${Date.now()}@example.test`, emailVerifiedAt: new Date() })
      .returning();
    await addCredits(database.db, { userId: user.id, kind: 'grant', amount: 10_000, idempotencyKey: `bench-${who}` });
    auths.push({ authorization: `Bearer ${await tokens.issue(user.id)}` });
  }
  await database.close();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: SERVER_ROOT,
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
  const call = async (auth: Record<string, string>, method: string, p: string, body?: unknown) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: JSON.parse(await res.text()) };
  };
  const upload = async (auth: Record<string, string>, bytes: Buffer, filename: string, type: string) => {
    const target = await call(auth, 'POST', '/v1/uploads/presigned-url', { filename, content_type: type });
    const put = await fetch(target.body.upload_url, { method: 'PUT', headers: { 'content-type': type }, body: bytes });
    if (!put.ok) throw new Error(`upload of ${filename}: ${put.status} ${await put.text()}`);
    return target.body.file_url as string;
  };
  const finished = async (auth: Record<string, string>, id: string) => {
    for (;;) {
      const j = (await call(auth, 'GET', `/v1/jobs/${id}`)).body;
      if (j.status === 'completed') return j;
      if (j.status === 'failed') throw new Error(`job ${id} failed: ${j.error_code} ${j.error}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const seconds = (ms: number) => Math.round(ms / 10) / 100;
  try {
    await waitFor(`${base}/readyz`, 180_000);
    const [withGlossary, plain] = auths;
    let t0 = performance.now();
    const imported = await call(withGlossary, 'POST', '/v1/glossary/import', { csv: glossaryCsv() });
    if (imported.status !== 200) throw new Error(`import answered ${imported.status}`);
    const importSeconds = seconds(performance.now() - t0);
    const media = await upload(withGlossary, fs.readFileSync(AUDIO), 'lj.wav', 'audio/wav');
    const words = await upload(withGlossary, Buffer.from(SRT), 'words_en.srt', 'application/x-subrip');
    const sub = await call(withGlossary, 'POST', '/v1/jobs/translate', {
      media_url: media,
      source_subtitles_url: words,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
      num_speakers: 1,
    });
    if (sub.status !== 201) throw new Error(`submission answered ${sub.status}: ${JSON.stringify(sub.body)}`);
    await finished(withGlossary, sub.body.id);
    const trackSeconds: number[] = [];
    const tracksRun = (async () => {
      await new Promise((r) => setTimeout(r, 1000));
      for (let i = 0; i < CALLS; i++) {
        const s = performance.now();
        const r = await call(withGlossary, 'GET', `/v1/jobs/${sub.body.id}/tracks`);
        if (r.status !== 200) throw new Error(`tracks answered ${r.status}`);
        trackSeconds.push(seconds(performance.now() - s));
      }
    })();
    const healthzDuringTracks = await loadWhile(`${base}/healthz`, tracksRun);
    await tracksRun;

    const sentences = Array.from(
      { length: 300 },
      (_, i) => `Sentence ${i + 1}: the people of this country use Tarjama every day at work.`,
    );
    const doc = await makeDocx({ body: sentences.map((s) => para([[s]])).join('') });
    const documentJob = async (auth: Record<string, string>) => {
      const url = await upload(
        auth,
        doc,
        'report.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      t0 = performance.now();
      const j = await call(auth, 'POST', '/v1/documents/translate', {
        media_url: url,
        source_language: 'en',
        target_languages: ['es'],
      });
      if (j.status !== 201) throw new Error(`document answered ${j.status}: ${JSON.stringify(j.body)}`);
      await finished(auth, j.body.id);
      return seconds(performance.now() - t0);
    };
    const plainSeconds = await documentJob(plain);
    const glossaryRun = documentJob(withGlossary);
    const healthzDuringDocument = await loadWhile(`${base}/healthz`, glossaryRun);
    process.stdout.write(
      `${JSON.stringify(
        {
          server: SERVER_ROOT,
          glossary_terms: MAX_GLOSSARY_TERMS,
          import_seconds: importSeconds,
          tracks_seconds: trackSeconds,
          healthz_during_tracks: healthzDuringTracks,
          document_300_sentences_seconds: { without_glossary: plainSeconds, with_glossary: await glossaryRun },
          healthz_during_document: healthzDuringDocument,
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
